import { z } from 'zod';
import {
  port,
  positiveInt,
  commaSeparated,
  splitOnCommas,
  SCOPES_ERROR,
  formerOnOff,
  secret,
  shown,
} from './setting-kinds.js';

/**
 * The settings of the operators' console (src/operators/): its key, listener and sessions, and
 * single sign-on with the company's OpenID Provider, with the rules between them
 * (checkSingleSignOn).
 */
export const consoleSettings = {
  /**
   * The operators' console (src/operators/) runs when this key is given: 32 random bytes or more,
   * in base64 (`openssl rand -base64 32`). It encrypts the second factors' secrets at rest.
   */
  CONSOLE_SECRET_KEY: secret(
    z
      .string()
      .refine(
        (value) =>
          /^[A-Za-z0-9+/]+={0,2}$/.test(value) && Buffer.from(value, 'base64').length >= 32,
        {
          error:
            'must be at least 32 random bytes in base64, e.g. the output of openssl rand -base64 32',
        },
      )
      .optional(),
  ),
  /** The console's own listener: loopback unless the operator exposes it on purpose. */
  CONSOLE_HOST: shown(z.string().min(1).default('127.0.0.1')),
  CONSOLE_PORT: shown(port.default(3001)),
  /** Where operators open the console, for the links the `leads users` commands print. */
  CONSOLE_ORIGIN: shown(
    z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// origin' })
      .transform((value) => new URL(value).origin)
      .default('http://localhost:8081'),
  ),
  /** A console session ends after this much inactivity, and in any case this long after sign-in. */
  SESSION_IDLE_MINUTES: shown(positiveInt.max(24 * 60).default(30)),
  SESSION_MAX_HOURS: shown(positiveInt.max(24 * 7).default(12)),
  // Single sign-on (src/operators/sso/, docs/configuration.md "Single sign-on"): on when OIDC_ISSUER_URL is given.
  /** The OpenID Provider's issuer, found by discovery: https only. */
  OIDC_ISSUER_URL: z
    .url({ protocol: /^https$/, error: 'must be the provider’s https:// issuer URL' })
    .optional(),
  OIDC_CLIENT_ID: z.string().min(1).max(255).optional(),
  OIDC_CLIENT_SECRET: secret(z.string().min(1).max(1024).optional()),
  /** The domains of the verified e-mail addresses that may sign in (example.com, exactly). */
  OIDC_ALLOWED_DOMAINS: z
    .string()
    .default('')
    .transform((value) => splitOnCommas(value.toLowerCase()))
    .pipe(
      z.array(
        z.string().regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, {
          error: 'must be domain names such as example.com, comma-separated',
        }),
      ),
    ),
  /**
   * The scopes every sign-in asks for, space-separated; openid among them. `groups` and
   * `offline_access` are added when the provider lists them (sso/relying-party.ts, scopesFor).
   */
  OIDC_SCOPES: z
    .string()
    .default('openid email profile')
    .transform((value) => value.split(/\s+/).filter(Boolean))
    .pipe(
      z
        .array(z.string().regex(/^[\x21\x23-\x5B\x5D-\x7E]+$/, { error: SCOPES_ERROR }))
        .refine((scopes) => scopes.includes('openid'), { error: SCOPES_ERROR }),
    ),
  /** The claim that lists the user's groups (Entra ID: groups, as object ids). */
  OIDC_GROUPS_CLAIM: z.string().min(1).max(100).default('groups'),
  /** Groups whose members are admins, then members (`*` in OIDC_MEMBER_GROUPS: anyone allowed). */
  OIDC_ADMIN_GROUPS: commaSeparated,
  OIDC_MEMBER_GROUPS: commaSeparated,
  /** When given, the ID token's acr must be one of these (the provider asserts multi-factor). */
  OIDC_REQUIRED_ACR: commaSeparated,
  /** What the sign-in button calls the provider ("Sign in with …"); found from the issuer otherwise. */
  OIDC_PROVIDER_NAME: z.string().min(1).max(60).optional(),
  /**
   * How often a session asks the provider whether its user may still sign in. Minutes, fractions
   * allowed (the browser suite re-checks every few seconds).
   */
  OIDC_RECHECK_MINUTES: z.coerce
    .number({ error: 'must be a number of minutes' })
    .positive({ error: 'must be more than 0' })
    .max(24 * 60)
    .default(10),
  /** true: passwords, codes and passkeys are refused but for break-glass accounts. */
  SSO_REQUIRED: formerOnOff.default(false),
};

/** The console's settings as validated, the part of the whole (env.schema.ts) its rules read. */
type ConsoleValues = z.output<z.ZodObject<typeof consoleSettings>>;

export function checkSingleSignOn(env: ConsoleValues, context: z.RefinementCtx): void {
  const issue = (name: keyof ConsoleValues, message: string) =>
    context.addIssue({ code: 'custom', path: [name], message });
  const given = (
    [
      'OIDC_CLIENT_ID',
      'OIDC_CLIENT_SECRET',
      'OIDC_ALLOWED_DOMAINS',
      'OIDC_ADMIN_GROUPS',
      'OIDC_MEMBER_GROUPS',
      'OIDC_REQUIRED_ACR',
    ] as const
  ).filter((name) => {
    const value = env[name];
    return Array.isArray(value) ? value.length > 0 : value !== undefined;
  });
  if (!env.OIDC_ISSUER_URL) {
    if (given.length > 0) {
      issue(
        'OIDC_ISSUER_URL',
        `is not set, but ${given.join(', ')} ${given.length > 1 ? 'are' : 'is'}: single sign-on needs the provider’s issuer URL`,
      );
    }
    if (env.SSO_REQUIRED) {
      issue(
        'SSO_REQUIRED',
        'is true, but OIDC_ISSUER_URL is not set: nobody but break-glass accounts could sign in',
      );
    }
    return;
  }
  for (const name of ['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const) {
    if (!env[name])
      issue(name, 'is not set: single sign-on needs the client registered at the provider');
  }
  if (env.OIDC_ALLOWED_DOMAINS.length === 0) {
    issue(
      'OIDC_ALLOWED_DOMAINS',
      'is not set: name the e-mail domains whose people may sign in (example.com)',
    );
  }
  if (env.OIDC_ADMIN_GROUPS.length === 0 && env.OIDC_MEMBER_GROUPS.length === 0) {
    issue(
      'OIDC_MEMBER_GROUPS',
      'is not set, nor OIDC_ADMIN_GROUPS: name the provider’s groups that give a role',
    );
  }
  if (env.OIDC_ADMIN_GROUPS.includes('*')) {
    issue('OIDC_ADMIN_GROUPS', 'cannot be *: name the groups whose members are admins');
  }
}
