import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, Matches, ValidateBy } from 'class-validator';
import { TextField } from '../../../http/body-fields.js';
import { RefusedAs, SAYS_ALL } from '../../../http/body-validation.pipe.js';
import { Account, ROLE_REFUSAL, usernameOf, usernameRefusal } from '../../accounts.js';
import { ROLES, type Role } from '../../user.entity.js';
import { PASSKEY_NAME_MAX } from '../../passkeys.js';
import { PASSWORD_MAX } from '../../password-policy.js';

/**
 * Text fields of a password are measured in code units here, and a character may take two; the
 * policy counts characters (contract/passwords.json), as the console's fields do.
 */
export const PASSWORD_FIELD = PASSWORD_MAX * 2;
/** A passkey's answer as JSON text: about 1 KB from common authenticators. */
export const PASSKEY_FIELD = 12_000;
/** A code of the authenticator app, or a recovery code. */
const CODE_FIELD = 32;
/** An enrolment link's token. */
const TOKEN_FIELD = 100;

export const NO_SUCH_SESSION = 'You have no session with that reference.';
export const NO_SUCH_PASSKEY = 'You have no passkey with that id.';

/** Username and password with one second factor: a code, or a passkey's answer (JSON text). */
export class SignInBody {
  @TextField(100) username!: string;
  @TextField(PASSWORD_FIELD) password!: string;
  @TextField(CODE_FIELD, { optional: true }) code?: string;
  @TextField(PASSKEY_FIELD, { optional: true }) passkey?: string;
}

export class SignedIn {
  @ApiProperty() username!: string;
}

/** Who is signed in. */
export class Me {
  @ApiProperty() username!: string;
  @ApiProperty({ enum: ROLES, enumName: 'Role' }) role!: Role;
  /** A password, codes and passkeys of its own; false: it signs in through the provider. */
  @ApiProperty() hasPassword!: boolean;
}

export class SignedOut {
  /** Where to end the provider's session too (a sign-in through the provider), or null. */
  @ApiProperty({ type: String, nullable: true }) providerLogoutUrl!: string | null;
}

/** Single sign-on as the sign-in screen offers it. */
export class SsoOffer {
  /** The provider's name on the button; null: single sign-on is not configured. */
  @ApiProperty({ type: String, nullable: true }) provider!: string | null;
  /** SSO_REQUIRED=true: only break-glass accounts sign in with a password. */
  @ApiProperty() required!: boolean;
}

/** The options of a WebAuthn ceremony (PublicKeyCredentialCreation/RequestOptionsJSON). */
export class PasskeyOptions {
  @ApiProperty() challenge!: string;
}

export class EnrolmentToken {
  @TextField(TOKEN_FIELD) token!: string;
}

export class FinishEnrolmentBody extends EnrolmentToken {
  @TextField(PASSWORD_FIELD) password!: string;
  @TextField(CODE_FIELD) code!: string;
}

export class RecoveryCodes {
  @ApiProperty({ type: [String] }) recoveryCodes!: string[];
}

/** The password and a code: what a change to the account's second factors asks. */
export class Confirmation {
  @TextField(PASSWORD_FIELD) password!: string;
  @TextField(CODE_FIELD) code!: string;
}

export class PasswordChange extends Confirmation {
  @TextField(PASSWORD_FIELD) newPassword!: string;
}

/** The new passkey the browser made (JSON text) and its name, confirmed with the password. */
export class NewPasskey extends Confirmation {
  @TextField(PASSKEY_FIELD) passkey!: string;
  @TextField(PASSKEY_NAME_MAX) name!: string;
}

/**
 * A role: one of ROLES, else refused with ROLE_REFUSAL, the refusal's message when it is the
 * body's only mistake (SAYS_ALL).
 */
const RoleField = () =>
  applyDecorators(
    TextField(20, { schema: { enum: ROLES, enumName: 'Role' } }),
    IsIn(ROLES, { message: ROLE_REFUSAL, context: SAYS_ALL }),
  );

export class NewAccount {
  @TextField(200) username!: string;
  @RoleField() role!: Role;
}

export class RoleChange {
  @RoleField() role!: Role;
}

/**
 * An account's username in a path (admin/users/:username/…), read as the accounts read one
 * (usernameOf: trimmed, in lower case), and refused with their sentence when it is none.
 */
@RefusedAs({ unknownField: (name) => `${name} is not a part of this path.` })
export class UsernameParams {
  @ApiProperty()
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' && usernameRefusal(value) === null ? usernameOf(value) : value,
  )
  @ValidateBy({
    name: 'isUsername',
    validator: {
      validate: (value) => typeof value === 'string' && usernameRefusal(value) === null,
      defaultMessage: (args) => usernameRefusal(String(args?.value)) ?? 'This is no username.',
    },
  })
  username!: string;
}

/** A new or reset account, and the one-time link its owner enrols with (shown once). */
export class EnrolableAccount {
  @ApiProperty({ type: Account }) account!: Account;
  @ApiProperty() link!: string;
}

/** A session's reference in a path (SessionInfo's `ref`); another text names none of them. */
@RefusedAs({ every: () => NO_SUCH_SESSION, status: 404 })
export class SessionPath {
  @ApiProperty({ pattern: '^[0-9a-f]{16}$' })
  @Matches(/^[0-9a-f]{16}$/)
  ref!: string;
}

/**
 * A passkey's id in a path, as PasskeyInfo's `id`: a WebAuthn credential id (at most 1,023
 * bytes) in base64url. Another text names none.
 */
@RefusedAs({ every: () => NO_SUCH_PASSKEY, status: 404 })
export class PasskeyPath {
  @ApiProperty()
  @Matches(/^[A-Za-z0-9_-]{1,1364}$/)
  id!: string;
}
