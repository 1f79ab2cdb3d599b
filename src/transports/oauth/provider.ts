/**
 * The authorization server: oidc-provider, configured for one owner and one protected resource (this
 * server's /mcp). Authorization code with PKCE S256 only, public clients, client ID metadata documents
 * first and dynamic registration as the fallback, access tokens bound to the resource and short-lived,
 * refresh tokens that rotate (a reused one revokes the whole grant), revocation, and `iss` in the
 * authorization response. What the owner sees is ours (interaction.ts); the protocol is the library's.
 */
import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { adapterFactory } from './adapter.js';
import { OWNER } from './interaction.js';
import { errorPage } from './error-page.js';
import { newNonce, pageHeaders } from './page.js';
import { checkRedirectUris } from './redirect-uris.js';
import type { ProviderSecrets } from './secrets.js';
import type { OAuthStore } from './store.js';

export const DAY = 24 * 60 * 60;

export interface ProviderOptions {
  /** The public origin (scheme://host[:port]), the issuer. */
  issuer: string;
  /** The protected resource: the issuer + /mcp. */
  resource: string;
  /** The scopes of the resource: read, and write when AVENIR_MCP_WRITE=1. */
  scopes: string[];
  lasting: OAuthStore;
  /** The records that need not outlast a restart: this process's memory, or hosted mode's store. */
  shortLived: OAuthStore;
  secrets: ProviderSecrets;
  accessTokenTtl: number;
  refreshTokenTtl: number;
  grantTtl: number;
  /** Hosted mode: whether an account id names a person (every other mode has the owner alone). */
  isAccount?: (id: string) => Promise<boolean>;
  /** The fetch used for client ID metadata documents; tests pass one that trusts their loopback TLS. */
  fetch?: typeof fetch;
}

export const ROUTES = {
  authorization: '/authorize',
  token: '/token',
  registration: '/register',
  revocation: '/revoke',
  jwks: '/jwks',
} as const;

function resourceInfo(options: ProviderOptions) {
  return (_ctx: KoaContextWithOIDC, indicator: string) => {
    if (indicator !== options.resource)
      throw new errors.InvalidTarget(`this server issues tokens only for ${options.resource}`);
    return {
      scope: options.scopes.join(' '),
      audience: options.resource,
      accessTokenTTL: options.accessTokenTtl,
      accessTokenFormat: 'opaque' as const,
    };
  };
}

export function createProvider(options: ProviderOptions): Provider {
  const configuration: Configuration = {
    adapter: adapterFactory(options.lasting, options.shortLived),
    clients: [],
    clientDefaults: {
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      id_token_signed_response_alg: 'ES256',
    },
    clientAuthMethods: ['none', 'client_secret_basic', 'client_secret_post'],
    responseTypes: ['code'],
    // One account, the owner, who signs in with the passphrase; in hosted mode, each person.
    findAccount: async (_ctx, id) =>
      (options.isAccount ? await options.isAccount(id) : id === OWNER)
        ? { accountId: id, claims: () => ({ sub: id }) }
        : undefined,
    // Listed here too so that registrations may name them; the grant records them on both sides.
    scopes: ['openid', 'offline_access', ...options.scopes],
    cookies: { keys: options.secrets.cookieKeys },
    jwks: { keys: options.secrets.jwks },
    routes: ROUTES,
    pkce: { required: () => true },
    rotateRefreshToken: true,
    // Every client that may refresh gets a refresh token: hosts differ in whether they ask for offline_access.
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    // Each authorization asks the owner again (a browser session alone never grants a new client).
    loadExistingGrant: async (ctx) => {
      const grantId = ctx.oidc.result?.consent?.grantId;
      return grantId ? ctx.oidc.provider.Grant.find(grantId) : undefined;
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    ttl: {
      AccessToken: options.accessTokenTtl,
      AuthorizationCode: 60,
      Interaction: 60 * 60,
      Session: 60 * 60,
      Grant: options.grantTtl,
      RefreshToken: options.refreshTokenTtl,
    },
    // A standard property listed here goes through the validator before the library's own checks,
    // which then judge the client as the validator left it.
    extraClientMetadata: {
      properties: ['redirect_uris'],
      validator: (_ctx, _key, value, metadata) => checkRedirectUris(value, metadata),
    },
    // CORS for browser-based clients: only from the origins of the client's own redirect addresses.
    clientBasedCORS: (_ctx, origin, client) =>
      origin !== 'null' && (client.redirectUris ?? []).some((uri) => URL.parse(uri)?.origin === origin),
    features: {
      devInteractions: { enabled: false },
      registration: { enabled: true },
      revocation: { enabled: true },
      userinfo: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      dPoP: { enabled: false },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => options.resource,
        useGrantedResource: () => true,
        getResourceServerInfo: resourceInfo(options),
      },
      clientIdMetadataDocument: { enabled: true, ack: 'draft-02' },
    },
    renderError: (ctx, out) => {
      const nonce = newNonce();
      ctx.status = ctx.status >= 400 ? ctx.status : 400;
      ctx.set(pageHeaders(nonce, []));
      ctx.body = errorPage(String(out.error), String(out.error_description ?? ''), nonce);
    },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  };
  const provider = new Provider(options.issuer, configuration);
  // Behind the owner's TLS proxy; http.ts sets the forwarded headers from AVENIR_MCP_PUBLIC_URL itself.
  provider.proxy = true;
  return provider;
}
