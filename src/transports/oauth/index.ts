/**
 * Remote mode for one owner (AVENIR_MCP_AUTH=oauth): this server is its own authorization server and
 * the protected resource. `createOAuth` wires the provider, the sign-in page, the metadata documents
 * and the bearer gate; http.ts routes to them and keeps /mcp as it is. Hosted mode (AVENIR_MCP_AUTH=
 * ynab) is the same server with YNAB as the sign-in, and with every record in its shared store.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  buildOAuthProtectedResourceMetadata,
  getOAuthProtectedResourceMetadataUrl,
  type AuthInfo,
} from '@modelcontextprotocol/server';
import type Provider from 'oidc-provider';
import { Secret } from '../../domain/secret.js';
import { handleInteraction } from './interaction.js';
import { createProvider, DAY, ROUTES } from './provider.js';
import { TryLimiter } from './rate-limit.js';
import { READ_SCOPE, SCOPES } from './scopes.js';
import { loadSecrets } from './secrets.js';
import { MemoryStore, type OAuthStore } from './store.js';
import { bearerGate } from './verifier.js';
import { stepUp } from './step-up.js';
import { writeTools } from '../../tools/index.js';
import { SignInStates, StoredSignInStates } from './sign-in-states.js';
import {
  handleHostedInteraction,
  handleYnabCallback,
  type HostedContext,
  type HostedSignIn,
} from './ynab-sign-in.js';
import { finishAccountTrip, handleAccount, handleAccountDelete } from './account-deletion.js';
import { ACCOUNT_PATH, DELETE_PATH, DIGEST_PATH } from './account-page.js';
import { handleAccountDigest } from './account-digest.js';
import { APPS_PATH, finishWiden, handleAccountApps } from './account-apps.js';
import {
  handleOwnerAccount,
  handleOwnerApps,
  OWNER_APPS_PATH,
  OwnerSessions,
  type OwnerAccountContext,
} from './owner-account.js';

export interface OAuthOptions {
  /** AVENIR_MCP_PUBLIC_URL: the origin clients reach through the owner's TLS proxy. */
  publicUrl: string;
  /** AVENIR_MCP_WRITE=1: a grant may include changes. */
  writes: boolean;
  /** The owner's passphrase hash (passphrase.ts); unused in hosted mode. */
  ownerHash?: string;
  /** Hosted mode (AVENIR_MCP_AUTH=ynab): each person signs in with YNAB instead of the passphrase. */
  hosted?: HostedSignIn;
  /** Clients, grants and refresh tokens (a FileStore in the state folder, or hosted mode's store). */
  lasting: OAuthStore;
  /**
   * Hosted mode on its store: `lasting` is shared by every instance, and every other record goes there
   * too (sign-in pages, sessions, codes, access tokens, the trips to YNAB), so that any instance
   * answers any request. Otherwise those stay in this process's memory.
   */
  shared?: boolean;
  accessTokenTtl?: number;
  refreshTokenTtl?: number;
  grantTtl?: number;
  limiter?: TryLimiter;
  /**
   * For tests only, never reachable from the environment: an http://127.0.0.1 public URL, and the
   * fetch that reads client ID metadata documents from a loopback TLS server the test trusts.
   */
  testing?: { allowHttpLoopback: true; fetch?: typeof fetch };
}

export interface OAuthServer {
  readonly publicUrl: URL;
  readonly resource: URL;
  readonly provider: Provider;
  /** Whether the path belongs to the authorization server or the metadata (not /mcp). */
  handles(pathname: string): boolean;
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  /** The bearer check for /mcp. */
  authenticate(request: Request): Promise<AuthInfo | Response>;
  /** The 403 asking for changes to be granted, when a read-only grant calls a write tool (step-up.ts). */
  stepUp(body: unknown, authInfo: AuthInfo | undefined): Response | null;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** https, or (tests only) http on loopback; an origin, without path, query or fragment. */
export function checkPublicUrl(raw: string, allowHttpLoopback: boolean): URL {
  const url = URL.parse(raw);
  const secure =
    url !== null &&
    (url.protocol === 'https:' ||
      (allowHttpLoopback && url.protocol === 'http:' && LOOPBACK.has(url.hostname)));
  if (!url || !secure || url.pathname !== '/' || url.search || url.hash || url.username)
    throw new Error(
      `AVENIR_MCP_PUBLIC_URL must be the https:// address clients reach (scheme and host only, e.g. https://ynab.example.net), got ${JSON.stringify(raw)}.`,
    );
  return new URL(url.origin);
}

const PROVIDER_PREFIXES = Object.values(ROUTES);
const PRM = '/.well-known/oauth-protected-resource';

/** A key for this process alone, made at its first use. */
function processKey(): () => Promise<Secret> {
  const key = new Secret(randomBytes(32).toString('base64url'));
  return () => Promise.resolve(key);
}

const personExists =
  ({ people }: HostedSignIn) =>
  async (id: string): Promise<boolean> =>
    (await people.person(id)) !== null;

export async function createOAuth(options: OAuthOptions): Promise<OAuthServer> {
  const testing = options.testing?.allowHttpLoopback === true;
  const publicUrl = checkPublicUrl(options.publicUrl, testing);
  const issuer = publicUrl.origin;
  const resource = new URL('/mcp', publicUrl);
  const scopes = options.writes ? [...SCOPES] : [READ_SCOPE];
  const shortLived = options.shared ? options.lasting : new MemoryStore();
  const provider = createProvider({
    issuer,
    resource: resource.href,
    scopes,
    lasting: options.lasting,
    shortLived,
    secrets: await loadSecrets(options.lasting),
    accessTokenTtl: options.accessTokenTtl ?? 15 * 60,
    refreshTokenTtl: options.refreshTokenTtl ?? 30 * DAY,
    grantTtl: options.grantTtl ?? 365 * DAY,
    ...(options.testing?.fetch ? { fetch: options.testing.fetch } : {}),
    ...(options.hosted ? { isAccount: personExists(options.hosted) } : {}),
  });
  const metadata = JSON.stringify(
    buildOAuthProtectedResourceMetadata({
      oauthMetadata: {
        issuer,
        authorization_endpoint: new URL(ROUTES.authorization, publicUrl).href,
        token_endpoint: new URL(ROUTES.token, publicUrl).href,
        response_types_supported: ['code'],
      },
      resourceServerUrl: resource,
      scopesSupported: scopes,
      resourceName: 'avenir-mcp: your YNAB plan',
      dangerouslyAllowInsecureIssuerUrl: testing,
    }),
  );
  const callback = provider.callback();
  const lasting = {
    serverHost: publicUrl.host,
    grantDays: Math.round((options.grantTtl ?? 365 * DAY) / DAY),
    idleDays: Math.round((options.refreshTokenTtl ?? 30 * DAY) / DAY),
  };
  const interaction = {
    provider,
    resource: resource.href,
    limiter: options.limiter ?? new TryLimiter(),
    ownerHash: options.ownerHash ?? '',
    writesOffered: options.writes,
    ...lasting,
  };
  const hosted: HostedContext | null = options.hosted
    ? {
        ...options.hosted,
        ...lasting,
        provider,
        resource: resource.href,
        writesOffered: options.writes,
        states: options.shared ? new StoredSignInStates(options.lasting) : new SignInStates(),
        secure: publicUrl.protocol === 'https:',
        accountKey: options.hosted.accountKey ?? processKey(),
        store: options.lasting,
      }
    : null;
  if (hosted)
    hosted.accountTrip = (res, query, taken) =>
      taken.widen ? finishWiden(res, hosted, query, taken.widen) : finishAccountTrip(res, hosted, query);
  const owner: OwnerAccountContext = {
    ...interaction,
    store: options.lasting,
    secure: publicUrl.protocol === 'https:',
    sessions: new OwnerSessions(),
  };
  type Page = (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  // The pages a person sees, by path: hosted mode's (YNAB sign-in) or the owner's (passphrase).
  const pages: Record<string, Page | undefined> = hosted
    ? {
        '/interaction/': (req, res) => handleHostedInteraction(req, res, hosted),
        [new URL(hosted.app.redirectUri).pathname]: (req, res) => handleYnabCallback(req, res, hosted),
        [ACCOUNT_PATH]: (req, res) => handleAccount(req, res, hosted),
        [DELETE_PATH]: (req, res) => handleAccountDelete(req, res, hosted),
        [DIGEST_PATH]: (req, res) => handleAccountDigest(req, res, hosted),
        [APPS_PATH]: (req, res) => handleAccountApps(req, res, hosted),
      }
    : {
        '/interaction/': (req, res) => handleInteraction(req, res, interaction),
        [ACCOUNT_PATH]: (req, res) => handleOwnerAccount(req, res, owner),
        [OWNER_APPS_PATH]: (req, res) => handleOwnerApps(req, res, owner),
      };
  const gate = bearerGate(provider, options.lasting, resource);
  const stepUpContext = {
    writes: options.writes,
    writeTools: new Set(writeTools.map((t) => t.name)),
    resourceMetadataUrl: getOAuthProtectedResourceMetadataUrl(resource),
  };

  return {
    publicUrl,
    resource,
    provider,
    handles: (path) =>
      path.startsWith('/.well-known/') ||
      path.startsWith('/interaction/') ||
      pages[path] !== undefined ||
      PROVIDER_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`)),
    async handle(req, res) {
      const path = new URL(req.url ?? '/', issuer).pathname;
      if (path === PRM || path === `${PRM}/mcp`) {
        res
          .writeHead(req.method === 'GET' ? 200 : 405, {
            'content-type': 'application/json',
            'access-control-allow-origin': '*',
            'cache-control': 'max-age=3600',
          })
          .end(req.method === 'GET' ? metadata : '');
        return;
      }
      const page = pages[path.startsWith('/interaction/') ? '/interaction/' : path];
      if (page) return page(req, res);
      // RFC 8414's address for the same document the provider serves as OpenID discovery.
      if (path === '/.well-known/oauth-authorization-server') req.url = '/.well-known/openid-configuration';
      // Every address the provider writes is the public one, whatever the proxy forwarded.
      req.headers['x-forwarded-proto'] = publicUrl.protocol.slice(0, -1);
      req.headers['x-forwarded-host'] = publicUrl.host;
      await callback(req, res);
    },
    authenticate: gate,
    stepUp: (body, authInfo) => stepUp(body, authInfo, stepUpContext),
  };
}
