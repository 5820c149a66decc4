import { execFileSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import tls from 'node:tls';
import { SignJWT, importJWK, type JWK } from 'jose';
import Provider from 'oidc-provider';
import { started } from './release.js';

/** A user of the test provider: what its claims say. */
export interface ProviderUser {
  email: string;
  email_verified?: boolean;
  groups?: string[];
  name?: string;
  acr?: string;
}

/** A change made to the ID token on its way out of the token endpoint (the threat tests). */
export type Tamper = (idToken: string) => Promise<string>;

export interface RunningProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  users: Map<string, ProviderUser>;
  /** The provider's own signing key (private), to sign tokens as it would. */
  signingKey: JWK;
  /** Set to change the next ID tokens the token endpoint answers with; undefined: none. */
  tamper?: Tamper;
  /** Signs claims as the provider would (its key, its kid); for logout tokens. */
  sign(claims: Record<string, unknown>, typ?: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * A real OpenID Provider for the tests: panva's oidc-provider (certified), over HTTPS with a
 * certificate of its own that this process trusts (tls.setDefaultCACertificates, as
 * NODE_EXTRA_CA_CERTS does for the service), its own signing key, users and groups, the console
 * registered as a client with back-channel and RP-initiated logout. Its development login screen
 * takes any password; an unknown login is refused by findAccount.
 */
export async function startOpenIdProvider(consoleOrigin: string): Promise<RunningProvider> {
  const dir = mkdtempSync(join(tmpdir(), 'oidc-provider-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  const key = readFileSync(join(dir, 'key.pem'));
  const cert = readFileSync(join(dir, 'cert.pem'));
  rmSync(dir, { recursive: true, force: true });
  tls.setDefaultCACertificates([...tls.getCACertificates('default'), cert.toString()]);

  const server: Server = createServer({ key, cert });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const signingKey = {
    ...(generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
      format: 'jwk',
    }) as JWK),
    kid: 'test-provider-key',
    alg: 'RS256',
    use: 'sig',
  };
  const users = new Map<string, ProviderUser>();
  const running: RunningProvider = {
    issuer,
    clientId: 'proposals-console',
    clientSecret: randomBytes(24).toString('base64url'),
    users,
    signingKey,
    sign: async (claims, typ = 'JWT') =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: signingKey.kid, typ })
        .sign(await importJWK(signingKey, 'RS256')),
    close: async () => {},
  };
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: running.clientId,
        client_secret: running.clientSecret,
        redirect_uris: [`${consoleOrigin}/api/console/sso/callback`],
        post_logout_redirect_uris: [`${consoleOrigin}/console/sign-in`],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        backchannel_logout_uri: `${consoleOrigin}/api/console/sso/backchannel-logout`,
        backchannel_logout_session_required: true,
      },
    ],
    async findAccount(_ctx, sub) {
      const user = users.get(sub);
      if (!user) return undefined;
      return {
        accountId: sub,
        claims: async () => ({ sub, ...users.get(sub) }),
      };
    },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'groups'],
    },
    // The claims in the ID token itself, as Entra ID, Okta and Keycloak are set up to give them.
    conformIdTokenClaims: false,
    features: {
      devInteractions: { enabled: true },
      backchannelLogout: { enabled: true },
      rpInitiatedLogout: { enabled: true },
    },
    acrValues: ['urn:test:mfa', 'urn:test:password'],
    // Every scope granted without a consent screen, as a company's provider does for its apps.
    async loadExistingGrant(ctx) {
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId!,
      });
      grant.addOIDCScope('openid email profile offline_access');
      await grant.save();
      return grant;
    },
    // Refresh tokens for the console's re-checks, as Keycloak gives them (oidc-provider's default
    // asks for offline_access with prompt=consent, which Entra ID and Okta do not need).
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    ttl: {
      Interaction: 600,
      Grant: 3600,
      Session: 8 * 3600,
      AccessToken: 3600,
      IdToken: 3600,
      RefreshToken: 8 * 3600,
    },
    jwks: { keys: [signingKey as never] },
    cookies: { keys: [randomBytes(24).toString('base64url')] },
    pkce: { required: () => true },
  });
  // The ID token, changed as a malicious or compromised provider would (tests only).
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (ctx.path === '/token' && running.tamper && body?.id_token) {
      ctx.body = { ...body, id_token: await running.tamper(body.id_token) };
    }
  });
  provider.on('server_error', (_ctx, error) => console.error('oidc-provider:', error));
  server.on('request', provider.callback());
  running.close = started(`the OpenID Provider at ${issuer}`, async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return running;
}
