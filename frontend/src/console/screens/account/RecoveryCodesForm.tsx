import { useNewRecoveryCodesMutation } from '../../api/console-api';
import { Problem } from '../../ui/Problem';
import { RecoveryCodeList } from '../../ui/RecoveryCodeList';
import { CodeField, PasswordField } from '../../ui/secret-fields';
import { useFormRequest } from '../../ui/use-form-request';

const PROBLEM_ID = 'recovery-problem';

/** Ten new recovery codes, for when the old ones are used up or exposed; the old ones stop. */
export function RecoveryCodesForm() {
  const [replace, { data, isLoading }] = useNewRecoveryCodesMutation();
  const { problem, submit } = useFormRequest((text) =>
    replace({ password: text('password'), code: text('code') }),
  );

  const problemId = problem ? PROBLEM_ID : undefined;
  return (
    <section aria-labelledby="recovery-title" className="panel">
      <h2 id="recovery-title">Recovery codes</h2>
      <p>New codes replace all the ones you have now.</p>
      <Problem id={PROBLEM_ID} text={problem} />
      {data && <RecoveryCodeList codes={data.recoveryCodes} />}
      <form onSubmit={submit} className="stack" noValidate>
        <PasswordField problemId={problemId} />
        <CodeField problemId={problemId} />
        <button type="submit" disabled={isLoading}>
          Make new recovery codes
        </button>
      </form>
    </section>
  );
}
