import { Field, type FieldProps } from './Field';
import { PASSWORD_FIELD_MAX, PASSWORD_HINT, PASSWORD_MIN } from './password-rule';

type Props = Omit<FieldProps, 'name' | 'label'> & { label?: string; name?: string };

/** The operator's current password, which every change of the account's security asks for. */
export function PasswordField({ label = 'Password', name = 'password', ...rest }: Props) {
  return (
    <Field
      label={label}
      name={name}
      type="password"
      autoComplete="current-password"
      maxLength={PASSWORD_FIELD_MAX}
      {...rest}
    />
  );
}

/** A new password, with the service's rule as its hint (and more advice after it, if given). */
export function NewPasswordField({ hint, ...rest }: Props) {
  return (
    <PasswordField
      label="New password"
      name="newPassword"
      autoComplete="new-password"
      hint={hint ? `${PASSWORD_HINT} ${hint}` : PASSWORD_HINT}
      minLength={PASSWORD_MIN}
      {...rest}
    />
  );
}

/** A code from the authenticator app (or, where the service takes one, a recovery code). */
export function CodeField({ label = 'Code from your app', ...rest }: Props) {
  return <Field label={label} name="code" autoComplete="one-time-code" maxLength={32} {...rest} />;
}

/** For password managers: the account a password field belongs to, sent with the form. */
export function AccountName({ username }: { username: string }) {
  return (
    <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
  );
}
