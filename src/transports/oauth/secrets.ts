/**
 * The provider's own keys: the cookie-signing keys of the sign-in and a signing key (JWKS) for the
 * few JWTs the provider may sign. Made once with jose and node's crypto, then kept in the lasting
 * store so that a restart neither breaks a sign-in in progress nor changes the published keys. The
 * store keeps the first keys proposed: instances of hosted mode starting together on an empty store
 * each propose their own and all end up with the same, so that a cookie one signs, another accepts.
 */
import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { OAuthStore } from './store.js';

export interface ProviderSecrets {
  cookieKeys: string[];
  jwks: JWK[];
}

const KIND = 'ProviderSecret';

export async function loadSecrets(store: OAuthStore): Promise<ProviderSecrets> {
  const found = await store.get(KIND, 'current');
  if (found) return found as unknown as ProviderSecrets;
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const jwk = {
    ...(await exportJWK(privateKey)),
    alg: 'ES256',
    use: 'sig',
    kid: randomBytes(8).toString('hex'),
  };
  const secrets: ProviderSecrets = { cookieKeys: [randomBytes(32).toString('base64url')], jwks: [jwk] };
  const kept = await store.claim(KIND, 'current', secrets as unknown as Record<string, unknown>);
  return kept as unknown as ProviderSecrets;
}
