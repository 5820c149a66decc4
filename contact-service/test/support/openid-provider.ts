import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import tls from 'node:tls';
import {
  startIdentityProvider,
  type ProviderUser,
  type RunningIdentityProvider,
} from '../../dev/identity-provider.js';
import { started } from './release.js';

export type { ProviderUser };

/** A change made to the ID token on its way out of the token endpoint (the threat tests). */
export type Tamper = (idToken: string) => Promise<string>;

export type RunningProvider = RunningIdentityProvider & {
  /** Set to change the ID tokens the token endpoint answers with; undefined: none. */
  tamper?: Tamper;
  /** While true, the token and userinfo endpoints answer 503, as a provider in an outage. */
  down?: boolean;
  /** The claims of a logout token it issues now for the console, with `extra` on top. */
  logoutClaims(extra?: Record<string, unknown>): Record<string, unknown>;
};

/**
 * The development OpenID Provider (dev/identity-provider.ts: oidc-provider over HTTPS with its
 * own certificate, keys, users and groups) for one test file, with no user yet: this process
 * trusts its certificate (tls.setDefaultCACertificates, as NODE_EXTRA_CA_CERTS does for the
 * service), and a middleware lets a test change the ID token as a malicious or compromised
 * provider would.
 */
export async function startOpenIdProvider(...consoleOrigins: string[]): Promise<RunningProvider> {
  quietProviderNotices();
  const dir = mkdtempSync(join(tmpdir(), 'identity-provider-'));
  const running: RunningProvider = Object.assign(
    await startIdentityProvider({ consoleOrigins, dir, users: {} }),
    {
      logoutClaims: (extra: Record<string, unknown> = {}) => ({
        iss: running.issuer,
        aud: running.clientId,
        iat: Math.floor(Date.now() / 1000),
        exp: Math.floor(Date.now() / 1000) + 120,
        jti: randomUUID(),
        events: { [BACKCHANNEL_LOGOUT]: {} },
        ...extra,
      }),
    },
  );
  tls.setDefaultCACertificates([
    ...tls.getCACertificates('default'),
    readFileSync(running.certificatePath, 'utf8'),
  ]);
  running.provider.use(async (ctx, next) => {
    if (running.down && (ctx.path === '/token' || ctx.path === '/me')) {
      ctx.status = 503;
      ctx.body = 'Service Unavailable';
      return;
    }
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (ctx.path === '/token' && running.tamper && body?.id_token) {
      ctx.body = { ...body, id_token: await running.tamper(body.id_token) };
    }
  });
  const close = running.close;
  running.close = started(`the OpenID Provider at ${running.issuer}`, async () => {
    await close();
    rmSync(dir, { recursive: true, force: true });
  });
  return running;
}

/** The event of a logout token (OpenID Connect Back-Channel Logout 1.0, 2.4). */
const BACKCHANNEL_LOGOUT = 'http://schemas.openid.net/event/backchannel-logout';

/**
 * oidc-provider prints notices meant for a production set-up (its development login screen, its
 * in-memory store, default lifetimes): true of a test provider and not worth a test run's output.
 */
function quietProviderNotices(): void {
  for (const level of ['info', 'warn'] as const) {
    const print = console[level].bind(console);
    console[level] = (...args: unknown[]) => {
      if (typeof args[0] === 'string' && args[0].startsWith('oidc-provider ')) return;
      print(...args);
    };
  }
}
