/**
 * The resource side: the SDK's bearer check (RFC 6750 challenge with the RFC 9728 metadata address,
 * the audience compared with this resource, the expiry) over a verifier that looks the opaque access
 * token up in the provider. The token's grant must still exist: `avenir-mcp revoke` deletes grants
 * from the lasting store while the owner's access tokens live in this process's memory, and a code
 * or refresh token spent twice revokes its grant by deleting it.
 */
import {
  OAuthError,
  OAuthErrorCode,
  getOAuthProtectedResourceMetadataUrl,
  requireBearerAuth,
  type AuthInfo,
  type OAuthTokenVerifier,
} from '@modelcontextprotocol/server';
import type Provider from 'oidc-provider';
import { READ_SCOPE, WRITE_SCOPE } from './scopes.js';
import type { OAuthStore } from './store.js';

const refused = (why: string): OAuthError =>
  new OAuthError(OAuthErrorCode.InvalidToken, `${why}: the app must sign in again (or refresh).`);

/**
 * The scopes a token carries now: its own, with changes as its grant allows them today. The owner can
 * narrow or widen a grant on the account page (owner-account.ts) and the app's next call sees it,
 * without signing in again; a token never gains reading it was not issued with.
 */
export function currentScopes(
  tokenScopes: string[],
  grant: Record<string, unknown>,
  resource: string,
): string[] {
  const resources = (grant.resources ?? {}) as Record<string, unknown>;
  const granted = resources[resource];
  if (typeof granted !== 'string') return tokenScopes;
  const own = tokenScopes.filter((s) => s !== WRITE_SCOPE);
  return granted.split(' ').includes(WRITE_SCOPE) ? [...own, WRITE_SCOPE] : own;
}

export function tokenVerifier(provider: Provider, lasting: OAuthStore, resource: string): OAuthTokenVerifier {
  return {
    async verifyAccessToken(token: string): Promise<AuthInfo> {
      const found = await provider.AccessToken.find(token);
      if (!found) throw refused('The access token is unknown, expired or revoked');
      const grant = found.grantId ? await lasting.get('Grant', found.grantId) : undefined;
      if (!grant) throw refused('The grant behind this access token was revoked');
      const scopes = currentScopes((found.scope ?? '').split(' ').filter(Boolean), grant, resource);
      if (!scopes.includes(READ_SCOPE)) throw refused(`The access token carries no ${READ_SCOPE} grant`);
      // oidc-provider keeps one audience, a string (it refuses more); a token without one names no
      // resource, and the SDK's check then refuses it as issued for another.
      const aud = found.aud;
      return {
        token,
        // oidc-provider sets the client and the expiry on every access token it finds (its types
        // leave them optional): the fallbacks cannot be reached from a test.
        /* v8 ignore next */
        clientId: found.clientId ?? '',
        scopes,
        /* v8 ignore next */
        ...(found.exp ? { expiresAt: found.exp } : {}),
        ...(typeof aud === 'string' && URL.canParse(aud) ? { resource: new URL(aud) } : {}),
        // the account is the owner, or in hosted mode the person whose YNAB token the call runs with
        extra: { grantId: found.grantId, accountId: found.accountId },
      };
    },
  };
}

/** The gate for /mcp: the verified grant, or the 401/403 answer to send. */
export function bearerGate(
  provider: Provider,
  lasting: OAuthStore,
  resource: URL,
): (request: Request) => Promise<AuthInfo | Response> {
  return requireBearerAuth({
    verifier: tokenVerifier(provider, lasting, resource.href),
    expectedResource: resource,
    resourceMetadataUrl: getOAuthProtectedResourceMetadataUrl(resource),
  });
}
