import { createRemoteJWKSet, type JWTPayload } from 'jose';
import * as oidc from 'openid-client';
import { checkLogoutToken } from './logout-token.js';
import { hasGroups } from './sso-rules.js';

/** The client as registered at the provider (OIDC_*). */
export interface ClientSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The console's origin: the redirect is `${origin}/api/console/sso/callback`. */
  consoleOrigin: string;
  requiredAcr: readonly string[];
  /** OIDC_SCOPES: what every sign-in asks for (scopesFor adds what the provider offers). */
  scopes: readonly string[];
}

/** What a sign-in sends the browser to the provider with, kept (once) until it comes back. */
export interface LoginChecks {
  state: string;
  nonce: string;
  verifier: string;
}

/** What the provider answered a sign-in or a re-check with. */
export interface ProviderTokens {
  claims: Record<string, unknown>;
  refreshToken?: string;
  accessToken?: string;
  /** When the access token expires (ms since the epoch). */
  accessExpiresAt?: number;
  idToken?: string;
}

import { ProviderRefusal, ProviderUnavailable } from './provider-errors.js';

export { ProviderRefusal, ProviderUnavailable } from './provider-errors.js';

/** Each call to the provider gives up after this long: a request of the console waits no more. */
const TIMEOUT_SECONDS = 5;
/** A failed discovery is tried again after this long, not at every request. */
const RETRY_DISCOVERY_MS = 30_000;

/** openid-client's codes for an answer that is not the provider speaking (a proxy's error page). */
const UNREACHABLE = new Set([
  'OAUTH_TIMEOUT',
  'OAUTH_RESPONSE_IS_NOT_CONFORM',
  'OAUTH_RESPONSE_IS_NOT_JSON',
]);

export const CALLBACK_PATH = '/api/console/sso/callback';

/**
 * The scopes a sign-in asks for: OIDC_SCOPES, then, when the provider lists them, `groups` (Dex,
 * Okta's custom authorization servers and others give a client the groups claim only when it
 * asks for that scope) and `offline_access` (a refresh token for the re-checks).
 */
export function scopesFor(
  configured: readonly string[],
  supported: readonly string[] = [],
): string {
  const offered = ['groups', 'offline_access'].filter((scope) => supported.includes(scope));
  return [...new Set([...configured, ...offered])].join(' ');
}

/**
 * The console as an OpenID Connect relying party, through openid-client: discovery (kept, and
 * done again after a failure), the authorization code flow with PKCE, state and nonce, the ID
 * token's signature checked against the provider's keys too (not only TLS), refresh and userinfo
 * for the sessions' re-checks, RP-initiated logout, and the logout tokens of Back-Channel Logout
 * 1.0 (checked with jose against the same keys).
 */
export class RelyingParty {
  private configuration?: Promise<oidc.Configuration>;
  private failedAt = 0;
  private keys?: ReturnType<typeof createRemoteJWKSet>;

  constructor(private readonly settings: ClientSettings) {}

  get redirectUri(): string {
    return `${this.settings.consoleOrigin}${CALLBACK_PATH}`;
  }

  /** Where to send the browser, and the checks to keep for its return. */
  async authorizationUrl(): Promise<{ url: URL; checks: LoginChecks }> {
    const config = await this.config();
    const checks = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      verifier: oidc.randomPKCECodeVerifier(),
    };
    const parameters: Record<string, string> = {
      redirect_uri: this.redirectUri,
      scope: scopesFor(this.settings.scopes, config.serverMetadata().scopes_supported),
      response_type: 'code',
      state: checks.state,
      nonce: checks.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(checks.verifier),
      code_challenge_method: 'S256',
    };
    if (this.settings.requiredAcr.length > 0) {
      parameters.acr_values = this.settings.requiredAcr.join(' ');
    }
    return { url: oidc.buildAuthorizationUrl(config, parameters), checks };
  }

  /** The browser's return (the callback's URL): the code exchanged, every check made. */
  async finish(currentUrl: URL, checks: LoginChecks): Promise<ProviderTokens> {
    const config = await this.config();
    const tokens = await this.ask(() =>
      oidc.authorizationCodeGrant(config, currentUrl, {
        pkceCodeVerifier: checks.verifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      }),
    );
    return this.tokensOf(tokens);
  }

  /** A session's re-check with its refresh token: the provider's current answer, or a refusal. */
  async refresh(refreshToken: string): Promise<ProviderTokens> {
    const config = await this.config();
    const tokens = await this.ask(() => oidc.refreshTokenGrant(config, refreshToken));
    return this.tokensOf(tokens, refreshToken);
  }

  /** The userinfo for an access token, which must be the subject's. */
  async userInfo(accessToken: string, subject: string): Promise<Record<string, unknown>> {
    const config = await this.config();
    return this.ask(() => oidc.fetchUserInfo(config, accessToken, subject));
  }

  /**
   * The claims of a sign-in or a re-check: the ID token's, with the userinfo's groups when the ID
   * token carries no `groupsClaim` (Okta's org server puts them only there).
   */
  async claimsOf(tokens: ProviderTokens, groupsClaim: string): Promise<Record<string, unknown>> {
    const { claims } = tokens;
    if (hasGroups(claims, groupsClaim) || !tokens.accessToken) return claims;
    const config = await this.config();
    if (!config.serverMetadata().userinfo_endpoint || typeof claims.sub !== 'string') {
      return claims;
    }
    const info = await this.userInfo(tokens.accessToken, claims.sub);
    return { ...info, ...claims, [groupsClaim]: info[groupsClaim] };
  }

  /** Where to end the provider's session too, when it offers RP-initiated logout. */
  async endSessionUrl(idToken: string | undefined): Promise<string | undefined> {
    try {
      const config = await this.config();
      if (!config.serverMetadata().end_session_endpoint) return undefined;
      return oidc
        .buildEndSessionUrl(config, {
          ...(idToken ? { id_token_hint: idToken } : {}),
          post_logout_redirect_uri: `${this.settings.consoleOrigin}/console/sign-in`,
        })
        .toString();
    } catch {
      return undefined;
    }
  }

  /**
   * A logout token (Back-Channel Logout 1.0, section 2.6), checked: signed with one of the
   * provider's keys (never `none`), this issuer, this client, not expired, the logout event, a
   * jti, a sid or a sub, and no nonce. Answers its claims; throws ProviderRefusal otherwise.
   */
  async verifyLogoutToken(token: string): Promise<JWTPayload & { sid?: string; sub?: string }> {
    const config = await this.config();
    const metadata = config.serverMetadata();
    this.keys ??= createRemoteJWKSet(new URL(metadata.jwks_uri!), {
      timeoutDuration: TIMEOUT_SECONDS * 1000,
    });
    return checkLogoutToken(token, this.keys, metadata, this.settings.clientId);
  }

  private config(): Promise<oidc.Configuration> {
    if (this.configuration && this.failedAt && Date.now() - this.failedAt > RETRY_DISCOVERY_MS) {
      this.configuration = undefined;
    }
    this.configuration ??= (async () => {
      try {
        const config = await oidc.discovery(
          new URL(this.settings.issuer),
          this.settings.clientId,
          this.settings.clientSecret,
          undefined,
          { timeout: TIMEOUT_SECONDS },
        );
        oidc.enableNonRepudiationChecks(config);
        this.failedAt = 0;
        return config;
      } catch (error) {
        this.failedAt = Date.now();
        throw new ProviderUnavailable(`discovery: ${(error as Error).message}`);
      }
    })();
    return this.configuration;
  }

  /** A call to the provider: its "no" is a ProviderRefusal, anything else ProviderUnavailable. */
  private async ask<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (
        error instanceof oidc.ResponseBodyError ||
        error instanceof oidc.AuthorizationResponseError
      ) {
        throw new ProviderRefusal(`${error.error}: ${error.error_description ?? ''}`.trim());
      }
      if (error instanceof oidc.WWWAuthenticateChallengeError) {
        throw new ProviderRefusal(`userinfo: ${error.status} ${error.message}`);
      }
      // openid-client's own checks (state, nonce, iss, aud, exp, signature…) are ClientErrors
      // or TypeErrors with a code; a network failure is a TypeError without one.
      const { code, message, name } = error as { code?: string; message: string; name: string };
      if (code && !UNREACHABLE.has(code) && name !== 'AbortError' && name !== 'TimeoutError') {
        throw new ProviderRefusal(`${code}: ${message}`);
      }
      throw new ProviderUnavailable(message);
    }
  }

  private tokensOf(
    tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers,
    previousRefresh?: string,
  ): ProviderTokens {
    const expiresIn = tokens.expiresIn();
    return {
      claims: { ...(tokens.claims() ?? {}) },
      refreshToken: tokens.refresh_token ?? previousRefresh,
      accessToken: tokens.access_token,
      accessExpiresAt: expiresIn === undefined ? undefined : Date.now() + expiresIn * 1000,
      idToken: tokens.id_token,
    };
  }
}
