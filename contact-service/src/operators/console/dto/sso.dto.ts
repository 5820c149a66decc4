import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { RefusedAs, UnknownIgnored } from '../../../http/body-validation.pipe.js';
import { QueryText } from '../../../http/query-fields.js';

/** A logout token is a JWT of a few hundred bytes; a form field of this length holds any. */
export const LOGOUT_TOKEN_FIELD = 8_000;
export const SEND_LOGOUT_TOKEN = 'Send a logout_token as a form field.';

/**
 * The provider's Back-Channel Logout request (OpenID Connect Back-Channel Logout 1.0, 2.5): a
 * form with its logout token, a JWT, which the handler checks (sso/backchannel-logout.ts).
 * Without one it is refused (400) before anything else; another field is ignored, as OAuth's
 * parameters are (a provider may add its own), and never read.
 */
@UnknownIgnored()
@RefusedAs({ notObject: SEND_LOGOUT_TOKEN })
export class LogoutForm {
  @ApiProperty({ minLength: 1, maxLength: LOGOUT_TOKEN_FIELD })
  @IsDefined({ message: SEND_LOGOUT_TOKEN })
  @IsString({ message: SEND_LOGOUT_TOKEN })
  @IsNotEmpty({ message: SEND_LOGOUT_TOKEN })
  @MaxLength(LOGOUT_TOKEN_FIELD, { message: SEND_LOGOUT_TOKEN })
  logout_token!: string;
}

/**
 * An authorization code: providers' are tens to a couple of thousand characters; this is as long
 * as the request line nginx lets through (8 KB), so none is ever refused for its length.
 */
const CODE_MAX = 8_000;
/** The state: this console's own (oidc.randomState: 43 characters). */
const STATE_MAX = 200;
/** An issuer's URL (users.sso_issuer holds 500). */
const ISSUER_MAX = 500;
const ERROR_MAX = 200;
const ERROR_TEXT_MAX = 2_000;

/**
 * A parameter of the provider's answer, optional, of at most `max` characters, so described in
 * the API document; its refusal names it.
 */
const Answer = (max: number) =>
  applyDecorators(
    ApiPropertyOptional({ maxLength: max }),
    QueryText(max, {
      tooLong: ({ property }) => `${property} is longer than ${max} characters.`,
      nul: ({ property }) => `${property} holds a NUL character.`,
    }),
  );

/**
 * The browser's return from the provider to the callback: the authorization response (OAuth 2.0,
 * RFC 6749 4.1.2, and OpenID Connect Core 3.1.2.5), a code and the state or an error and its
 * description, with the issuer (RFC 9207). openid-client checks what they say; the parameters
 * other than these are ignored, as RFC 6749 says (UnknownIgnored). A refusal (a parameter twice,
 * too long, a NUL) is a sign-in that failed: the callback's filter lands it on the sign-in screen.
 */
@UnknownIgnored()
// One sentence, the first rule's: the sign-in's audit record quotes it.
@RefusedAs({})
export class SsoCallbackQuery {
  @Answer(CODE_MAX)
  code?: string;

  @Answer(STATE_MAX)
  state?: string;

  @Answer(ISSUER_MAX)
  iss?: string;

  @Answer(ERROR_MAX)
  error?: string;

  @Answer(ERROR_TEXT_MAX)
  error_description?: string;

  @Answer(ERROR_TEXT_MAX)
  error_uri?: string;
}
