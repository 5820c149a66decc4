/** Recovery codes, shown once: each works once, in place of a code from the app. */
export function RecoveryCodeList({ codes }: { codes: string[] }) {
  return (
    <section aria-labelledby="recovery-codes-title" className="panel">
      <h2 id="recovery-codes-title">Your recovery codes</h2>
      <p>
        Keep these {codes.length} codes somewhere safe, such as your password manager. Each one
        signs you in once when your authenticator app is not at hand. They are shown only now.
      </p>
      <ol className="codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
    </section>
  );
}
