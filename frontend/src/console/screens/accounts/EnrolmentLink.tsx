import { enrolmentHours } from '@proposal-site/contract/accounts.json';
import { useEffect, useId, useRef, useState } from 'react';

export interface ShownLink {
  username: string;
  link: string;
  /** A reset account's link (a new password and second factor) rather than a new account's. */
  reset: boolean;
}

/**
 * The one-time enrolment link of an account just added or reset. The service shows it this once:
 * it is never stored in the clear, so the admin copies it now and sends it to its owner. Focus
 * moves here when it appears.
 */
export function EnrolmentLink({
  username,
  link,
  reset,
  onHide,
}: ShownLink & { onHide: () => void }) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState('');
  useEffect(() => {
    heading.current?.focus();
    setCopied('');
  }, [link]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied('The link is copied.');
    } catch {
      setCopied('This browser did not let the console copy: select the link and copy it.');
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="panel enrolment-link">
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
        {reset ? 'New enrolment link' : 'Enrolment link'} for {username}
      </h2>
      <p id={`${id}-note`}>
        This link is shown once, here, and cannot be shown again. Copy it now and send it to{' '}
        {username} only, through a channel you trust (a direct message or a call, not a shared
        mailbox). It works once, for {enrolmentHours} hours: with it they set{' '}
        {reset ? 'a new password and a new second factor' : 'their password and second factor'}. If
        it is lost or expires, reset the account for a new one.
      </p>
      <div className="field">
        <label htmlFor={`${id}-link`}>Enrolment link for {username}</label>
        <input
          id={`${id}-link`}
          type="text"
          readOnly
          value={link}
          aria-describedby={`${id}-note`}
          spellCheck={false}
          onFocus={(event) => event.currentTarget.select()}
        />
      </div>
      <div className="actions">
        <button type="button" onClick={() => void copy()}>
          Copy the link
        </button>
        <button type="button" className="secondary" onClick={onHide}>
          I have sent it: hide the link
        </button>
      </div>
      <p role="status">{copied}</p>
    </section>
  );
}
