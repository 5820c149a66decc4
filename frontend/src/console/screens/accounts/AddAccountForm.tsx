import { useId, type Ref } from 'react';
import { useAddAccountMutation, type EnrolableAccount, type Role } from '../../api/admin-api';
import { Field } from '../../ui/Field';
import { Problem } from '../../ui/Problem';
import { useFormRequest } from '../../ui/use-form-request';

const PROBLEM_ID = 'add-account-problem';

/** A new account: a username and a role; its enrolment link is shown by the page, once. */
export function AddAccountForm({
  onAdded,
  headingRef,
}: {
  onAdded: (added: EnrolableAccount) => void;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const id = useId();
  const [add, { isLoading }] = useAddAccountMutation();
  const { problem, submit } = useFormRequest(
    (text) => add({ username: text('username'), role: (text('role') || 'member') as Role }),
    onAdded,
  );

  return (
    <section aria-labelledby={`${id}-title`} className="panel">
      <h2 id={`${id}-title`} ref={headingRef} tabIndex={-1}>
        Add an account
      </h2>
      <Problem id={PROBLEM_ID} text={problem} />
      <form className="stack" onSubmit={submit} noValidate>
        <Field
          label="Username"
          name="username"
          hint="2 to 64 characters: letters a-z, digits, dots, dashes and underscores."
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={64}
          problemId={problem ? PROBLEM_ID : undefined}
        />
        <div className="field">
          <label htmlFor={`${id}-role`}>Role</label>
          <p id={`${id}-role-hint`} className="hint">
            Members work the inbox; admins also manage accounts, exports, erasures and the audit
            trail.
          </p>
          <select
            id={`${id}-role`}
            name="role"
            defaultValue="member"
            aria-describedby={`${id}-role-hint`}
          >
            <option value="member">Member</option>
            <option value="admin">Admin</option>
          </select>
        </div>
        <button type="submit" disabled={isLoading}>
          Add the account
        </button>
      </form>
    </section>
  );
}
