import { jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import type * as oidc from 'openid-client';
import { ProviderRefusal } from './provider-errors.js';

const BACKCHANNEL_EVENT = 'http://schemas.openid.net/event/backchannel-logout';

/**
 * A logout token (Back-Channel Logout 1.0, section 2.6), checked against the provider's keys
 * and metadata (relying-party.ts finds them): signed with one of its keys (never `none` nor a
 * shared secret), this issuer, this client, not expired, the logout event, a jti, a sid or a
 * sub, and no nonce. Answers its claims; throws ProviderRefusal otherwise.
 */
export async function checkLogoutToken(
  token: string,
  keys: JWTVerifyGetKey,
  metadata: oidc.ServerMetadata,
  clientId: string,
): Promise<JWTPayload & { sid?: string; sub?: string }> {
  const algorithms = (metadata.id_token_signing_alg_values_supported ?? ['RS256']).filter(
    (alg) => alg !== 'none' && !alg.startsWith('HS'),
  );
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, keys, {
      issuer: metadata.issuer,
      audience: clientId,
      algorithms,
      requiredClaims: ['iat', 'exp', 'jti'],
      clockTolerance: 30,
      maxTokenAge: '10 minutes',
    }));
  } catch (error) {
    throw new ProviderRefusal(`logout token: ${(error as Error).message}`);
  }
  const events = payload.events as Record<string, unknown> | undefined;
  if (
    typeof events !== 'object' ||
    events === null ||
    typeof events[BACKCHANNEL_EVENT] !== 'object'
  ) {
    throw new ProviderRefusal('logout token: no back-channel logout event');
  }
  if ('nonce' in payload) throw new ProviderRefusal('logout token: has a nonce');
  const sid = typeof payload.sid === 'string' ? payload.sid : undefined;
  if (!sid && typeof payload.sub !== 'string') {
    throw new ProviderRefusal('logout token: neither sid nor sub');
  }
  return { ...payload, sid };
}
