import { execFileSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { SignJWT, importJWK, type JWK } from 'jose';
import Provider from 'oidc-provider';

/**
 * A development OpenID Provider for the console's single sign-on: panva's oidc-provider (a
 * certified implementation) over HTTPS with a self-signed certificate of its own, its own signing
 * key, users and groups, and the console registered as its client with back-channel and
 * RP-initiated logout. Its login screen (oidc-provider's development interactions) takes any
 * password for a known login. For `make start` (DEV_IDENTITY_PROVIDER=true), the browser suite
 * and the integration tests; never for production.
 */

/** A user of the development provider: what its claims say. */
export interface ProviderUser {
  email?: string;
  email_verified?: boolean;
  groups?: string[];
  name?: string;
}

/** The users a newcomer can sign in as (README, "Single sign-on"): the login is the key. */
export const DEVELOPMENT_USERS: Record<string, ProviderUser> = {
  admin: {
    email: 'admin@bank.example',
    email_verified: true,
    groups: ['console-admins'],
    name: 'Ada Admin',
  },
  member: {
    email: 'member@bank.example',
    email_verified: true,
    groups: ['sales'],
    name: 'Max Member',
  },
  outsider: {
    email: 'outsider@elsewhere.example',
    email_verified: true,
    groups: ['sales'],
    name: 'Olga Outsider',
  },
  nogroup: {
    email: 'nogroup@bank.example',
    email_verified: true,
    groups: [],
    name: 'Nina Nogroup',
  },
};

export interface IdentityProviderOptions {
  /** The consoles that sign in here (their origins): each is a redirect of the one client. */
  consoleOrigins: string[];
  /**
   * Where the provider posts its back-channel logouts: by default the first console's
   * (`/api/console/sso/backchannel-logout`); as shipped, the public site's same path, which is the
   * one a provider outside the operators' networks can reach (infra/nginx/snippets/no-console.conf).
   */
  backchannelLogoutUri?: string;
  /** Where its certificate and key are kept (made once). */
  dir: string;
  port?: number;
  users?: Record<string, ProviderUser>;
  /**
   * Lets a test or the browser suite change users while it runs (POST/DELETE /dev/users/LOGIN,
   * `Authorization: Bearer <token>`); off when not given.
   */
  controlToken?: string;
}

export interface RunningIdentityProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  users: Map<string, ProviderUser>;
  /** The certificate to trust (NODE_EXTRA_CA_CERTS; Chromium by its key's hash). */
  certificatePath: string;
  /** The base64 SHA-256 of the certificate's public key, for Chromium's trusted keys. */
  spki: string;
  /** The oidc-provider itself: a test may add Koa middleware (`provider.use`). */
  provider: Provider;
  /** Signs claims as the provider does (its key and kid): logout tokens in tests. */
  sign(claims: Record<string, unknown>, typ?: string): Promise<string>;
  signingKey: JWK;
  /** The console's settings for this provider (docs/configuration.md, "Single sign-on"). */
  settings(): Record<string, string>;
  close(): Promise<void>;
}

export async function startIdentityProvider(
  options: IdentityProviderOptions,
): Promise<RunningIdentityProvider> {
  mkdirSync(options.dir, { recursive: true });
  const certificatePath = resolve(options.dir, 'cert.pem');
  const keyPath = join(options.dir, 'key.pem');
  if (!existsSync(certificatePath) || !existsSync(keyPath)) {
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
        '30',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1,DNS:localhost',
        '-keyout',
        keyPath,
        '-out',
        certificatePath,
      ],
      { stdio: 'ignore' },
    );
  }
  const spki = execFileSync('sh', [
    '-c',
    `openssl x509 -in '${certificatePath}' -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64`,
  ])
    .toString()
    .trim();
  const server: Server = createServer({
    key: readFileSync(keyPath),
    cert: readFileSync(certificatePath),
  });
  await new Promise<void>((done) => server.listen(options.port ?? 0, '127.0.0.1', done));
  const issuer = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const signingKey: JWK = {
    ...(generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
      format: 'jwk',
    }) as JWK),
    kid: `dev-${randomBytes(4).toString('hex')}`,
    alg: 'RS256',
    use: 'sig',
  };
  const users = new Map(Object.entries(options.users ?? DEVELOPMENT_USERS));
  const clientId = 'proposals-console';
  const clientSecret = randomBytes(24).toString('base64url');
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.consoleOrigins.map((o) => `${o}/api/console/sso/callback`),
        post_logout_redirect_uris: options.consoleOrigins.map((o) => `${o}/console/sign-in`),
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        backchannel_logout_uri:
          options.backchannelLogoutUri ??
          `${options.consoleOrigins[0]}/api/console/sso/backchannel-logout`,
        backchannel_logout_session_required: true,
      },
    ],
    async findAccount(_ctx, sub) {
      if (!users.has(sub)) return undefined;
      return { accountId: sub, claims: async () => ({ sub, ...users.get(sub) }) };
    },
    // Groups under a scope of their own, as Dex and Okta's custom authorization servers give
    // them: a client that does not ask for `groups` gets none (the console asks when discovery
    // lists it: OIDC_SCOPES, sso/relying-party.ts).
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name'],
      groups: ['groups'],
    },
    // The claims in the ID token itself, as Entra ID, Okta and Keycloak are set up to give them.
    conformIdTokenClaims: false,
    features: {
      devInteractions: { enabled: true },
      backchannelLogout: { enabled: true },
      rpInitiatedLogout: { enabled: true },
    },
    // Every scope granted without a consent screen, as a company's provider does for its apps.
    async loadExistingGrant(ctx) {
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId!,
      });
      grant.addOIDCScope('openid email profile groups offline_access');
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
    // The consoles it logs out (back-channel) are on loopback, which oidc-provider's protection
    // against server-side request forgery refuses: a development provider calls them directly.
    fetch: (url, init) => globalThis.fetch(url, { ...init, dispatcher: undefined } as RequestInit),
    jwks: { keys: [signingKey as never] },
    cookies: { keys: [randomBytes(24).toString('base64url')] },
    pkce: { required: () => true },
  });
  provider.on('server_error', (_ctx, error) => console.error('identity provider:', error));
  provider.on('backchannel.error', (_ctx, error, client) =>
    console.error(`identity provider: back-channel logout to ${client.clientId} failed:`, error),
  );
  server.on('request', (request, response) => {
    if (request.url?.startsWith('/dev/users/') && options.controlToken) {
      return control(request, response, users, options.controlToken);
    }
    // Composed for each request, so that middleware a test adds later takes part.
    return provider.callback()(request, response);
  });
  const running: RunningIdentityProvider = {
    issuer,
    clientId,
    clientSecret,
    users,
    certificatePath,
    spki,
    provider,
    signingKey,
    sign: async (claims, typ = 'JWT') =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: signingKey.kid!, typ })
        .sign(await importJWK(signingKey, 'RS256')),
    settings: () => ({
      OIDC_ISSUER_URL: issuer,
      OIDC_CLIENT_ID: clientId,
      OIDC_CLIENT_SECRET: clientSecret,
      OIDC_ALLOWED_DOMAINS: 'bank.example',
      OIDC_ADMIN_GROUPS: 'console-admins',
      OIDC_MEMBER_GROUPS: 'sales',
      OIDC_PROVIDER_NAME: 'the development provider',
      NODE_EXTRA_CA_CERTS: certificatePath,
    }),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
  return running;
}

/** POST /dev/users/LOGIN (a JSON user) sets it; DELETE removes it, as offboarding does. */
function control(
  request: IncomingMessage,
  response: ServerResponse,
  users: Map<string, ProviderUser>,
  token: string,
): void {
  const login = decodeURIComponent(request.url!.slice('/dev/users/'.length));
  if (request.headers.authorization !== `Bearer ${token}`) {
    response.writeHead(401).end();
    return;
  }
  if (request.method === 'DELETE') {
    users.delete(login);
    response.writeHead(204).end();
    return;
  }
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => {
    try {
      users.set(login, JSON.parse(body) as ProviderUser);
      response.writeHead(204).end();
    } catch {
      response.writeHead(400).end();
    }
  });
}

/**
 * `node contact-service/dist/dev/identity-provider.js`: runs the provider until stopped.
 * DEV_IDP_PORT (9443), DEV_IDP_DIR (.stack/identity-provider), DEV_IDP_CONSOLE_ORIGINS
 * (http://localhost:8081, comma-separated), DEV_IDP_BACKCHANNEL_LOGOUT_URI (the first console's),
 * DEV_IDP_CONTROL_TOKEN (none). Writes the console's
 * settings to DEV_IDP_DIR/settings.env and prints where to sign in.
 */
async function main(): Promise<void> {
  const dir = process.env.DEV_IDP_DIR ?? '.stack/identity-provider';
  const origins = (process.env.DEV_IDP_CONSOLE_ORIGINS ?? 'http://localhost:8081')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  const running = await startIdentityProvider({
    consoleOrigins: origins,
    backchannelLogoutUri: process.env.DEV_IDP_BACKCHANNEL_LOGOUT_URI,
    dir,
    port: Number(process.env.DEV_IDP_PORT ?? 9443),
    controlToken: process.env.DEV_IDP_CONTROL_TOKEN,
  });
  const settings = { ...running.settings(), DEV_IDP_SPKI: running.spki };
  writeFileSync(
    join(dir, 'settings.env'),
    Object.entries(settings)
      // Quoted for a shell's `source` (run-e2e.sh, with-contact-service.sh).
      .map(([name, value]) => `${name}='${value.replaceAll("'", "'\\''")}'`)
      .join('\n') + '\n',
    { mode: 0o600 },
  );
  console.log(
    `Development identity provider at ${running.issuer} (sign in as ${[...running.users.keys()].join(', ')}; any password)`,
  );
  const stop = () => void running.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(`The development identity provider did not start: ${String(error)}`);
    process.exit(1);
  });
}
