/**
 * Streamable HTTP on `http://{HOST}:{PORT}/mcp`: the guards first; then 2026-07-28 requests to the
 * stateless handler, and 2025-era clients to a session of their own, so that elicitation (a server
 * request during the call) works for them too.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  WebStandardStreamableHTTPServerTransport,
  createMcpHandler,
  isInitializeRequest,
  isLegacyRequest,
  PROTOCOL_VERSION_META_KEY,
  type AuthInfo,
  type McpRequestContext,
  type McpServer,
} from '@modelcontextprotocol/server';
import { isPlainObject } from '../domain/plain-object.js';
import { Secret } from '../domain/secret.js';
import { guard, hostGuard, originGuard, type GuardFailure } from './http-guards.js';
import { createHealth, type ReadinessCheck } from './health.js';
import { requestIdOf, setLogPerson, withLogScope } from '../log-scope.js';
import type { OAuthServer } from './oauth/index.js';
import { discardThenClose, readBody, TOO_LARGE } from './http-body.js';
import { grantAllowsWrites } from './oauth/scopes.js';
import { reusing } from './reuse.js';
import { SessionStore } from './sessions.js';

export interface HttpOptions {
  host: string;
  port: number;
  /** AVENIR_MCP_HTTP_TOKEN, or null for a random one printed once. */
  token: Secret | null;
  /** Where the random token notice goes (stderr, not the logger). */
  printNotice: (text: string) => void;
  onerror: (error: Error) => void;
  /** Remote mode (AVENIR_MCP_AUTH=oauth): OAuth replaces the static token. */
  oauth?: OAuthServer | null;
  /** 2025-era sessions: idle time before one is closed, and how many may be open (tests shorten them). */
  sessions?: { idleMs?: number; max?: number };
  /** What `/readyz` checks beyond listening (hosted mode: the store); none in the other modes. */
  ready?: ReadinessCheck | null;
  /**
   * AVENIR_MCP_INSTANCE: this instance's name, the prefix of the 2025-era session ids it makes
   * (`<name>.<uuid>`), so that a balancer routes a session's requests back to it (deploy/Caddyfile).
   */
  instance?: string | null;
}

export interface HttpHandle {
  url: string;
  token: Secret;
  /**
   * Stops taking work (src/transports/health.ts says how); resolves once the requests in flight have
   * been answered. `close` then stops listening and ends the rest.
   */
  drain(): Promise<void>;
  close(): Promise<void>;
}

/** The notice printed once when the token was made for this run. */
/**
 * How long an idle connection is kept open. Node's default, 5 s, is shorter than a balancer's or a
 * proxy's own idle timeout (60 s is common): the balancer then sends a request down a connection the
 * server is closing at that moment and answers 502, and a client that reuses its connection after a
 * pause of about 5 s sees it reset. 65 s outlasts the usual balancer; the headers' timeout must be
 * longer still, or Node ends a kept connection before its next request's headers.
 */
export const KEEP_ALIVE_MS = 65_000;

/** Applies the keep-alive timeouts above to a server. */
export function keepConnections(server: Server): void {
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
}

export const tokenNotice = (token: string): string =>
  `avenir-mcp: AVENIR_MCP_HTTP_TOKEN is not set, so this run requires a token made for it:\n\n    Authorization: Bearer ${token}\n\nIt changes at each start; set AVENIR_MCP_HTTP_TOKEN to a long random value to keep one.\n`;

/** A request as the handlers take it: the Web request, and its body parsed once when it is JSON. */
interface Incoming {
  request: Request;
  /** The parsed JSON body; absent when there is none or it is not JSON (the SDK then answers it). */
  parsed?: { body: unknown };
  /** A POST body that is not JSON, answered here the same in both eras: declared JSON but broken (JSON-RPC's
   * parse error), or of another media type. */
  refused?: 'malformed' | 'media-type';
}

/**
 * The Web request, or null when its body passes the size limit. A JSON body is parsed here once and
 * handed on parsed, so that neither the era check nor the SDK reads it again, and the request is then
 * built without it: a Web request with a body wraps it in a stream, a cost paid on every call for bytes
 * nobody reads. A POST body that is not JSON is marked refused; another method's body stays in the
 * request, for the SDK to answer as it does.
 */
async function toRequest(req: IncomingMessage, base: string): Promise<Incoming | null> {
  const bytes = await readBody(req);
  if (bytes === null) return null;
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers))
    if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(', ') : v);
  const body = bytes.length > 0 && req.method !== 'GET' && req.method !== 'HEAD' ? bytes : null;
  const url = new URL(req.url ?? '/', base);
  const method = req.method ?? 'GET';
  if (body !== null) {
    try {
      const parsed = { body: JSON.parse(body.toString('utf8')) as unknown };
      return { request: new Request(url, { method, headers }), parsed };
    } catch {
      // Told here rather than by the SDK: the era of a request is read from its body, so a body that
      // cannot be read would pass for a 2025-era request without a session and get that refusal.
      // Other methods keep the body for the SDK, which reads none of theirs.
      const json = /^application\/json\b/i.test(headers.get('content-type') ?? '');
      if (method === 'POST')
        return { request: new Request(url, { method, headers }), refused: json ? 'malformed' : 'media-type' };
    }
  }
  return { request: new Request(url, { method, headers, body }) };
}

async function send(res: ServerResponse, response: Response): Promise<void> {
  const headers = Object.fromEntries(response.headers);
  if (!response.body) return void res.writeHead(response.status, headers).end();
  // an event stream is passed on as it comes; any other answer is complete, and goes in one write
  if (response.headers.get('content-type')?.startsWith('text/event-stream')) {
    res.writeHead(response.status, headers);
    for await (const chunk of response.body) res.write(chunk);
    res.end();
  } else {
    // with its length, rather than in chunked framing: headers and body leave in one write
    const bytes = Buffer.from(await response.arrayBuffer());
    res.writeHead(response.status, { ...headers, 'content-length': String(bytes.length) }).end(bytes);
  }
}

const withAuth = (authInfo: AuthInfo | undefined): { authInfo?: AuthInfo } => (authInfo ? { authInfo } : {});
/** The body parsed by toRequest, for the SDK (which then never reads the request's own). */
const parsedOf = (parsed: Incoming['parsed']): { parsedBody?: unknown } =>
  parsed ? { parsedBody: parsed.body } : {};

const jsonError = (status: number, message: string, code = -32000): Response =>
  new Response(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/** The answers to a POST body that is not JSON: the same in both eras. */
const refusal = (kind: NonNullable<Incoming['refused']>): Response =>
  kind === 'malformed'
    ? jsonError(400, 'Parse error: the request body is not valid JSON.', -32700)
    : jsonError(415, 'Unsupported Media Type: the body must be JSON (Content-Type: application/json).');

/**
 * Whether a POSTed body carries the per-request envelope claim of protocol 2026-07-28 (the protocol
 * version in `params._meta`) on a request or notification other than `initialize`. The SDK's own
 * classifier routes every such body to the modern path, whatever else it holds (the modern path
 * answers a malformed envelope or a header that disagrees), so the era is known here without
 * classifying the body a second time: the handler classifies it anyway. Anything else (a batch, a
 * posted response, an `initialize`, a body without the claim) is left to `isLegacyRequest`.
 */
export function claimsModernEra(method: string, body: unknown): boolean {
  if (method !== 'POST' || !isPlainObject(body) || 'result' in body || 'error' in body) return false;
  if (typeof body.method !== 'string' || body.method === 'initialize') return false;
  const meta = isPlainObject(body.params) ? body.params._meta : undefined;
  return isPlainObject(meta) && PROTOCOL_VERSION_META_KEY in meta;
}

/** The era of a request, as the SDK's handler would route it: 2025-era or not. */
const isLegacy = async ({ request, parsed }: Incoming): Promise<boolean> => {
  if (parsed === undefined) return isLegacyRequest(request.clone());
  return !claimsModernEra(request.method, parsed.body) && isLegacyRequest(request, parsed.body);
};

/** Hosted mode: each call's instance comes from the pool of its own person (per-person.ts). */
export interface PerPerson {
  perPerson: (ctx: McpRequestContext) => Promise<McpServer>;
}

export async function runHttp(
  factory: ((ctx: McpRequestContext) => McpServer) | PerPerson,
  options: HttpOptions,
): Promise<HttpHandle> {
  const oauth = options.oauth ?? null;
  const token = options.token ?? new Secret(randomBytes(32).toString('base64url'));
  // one instance per exchange in flight, not per request: the surface differs only by the grant's writes
  const modern = createMcpHandler(
    'perPerson' in factory
      ? factory.perPerson
      : reusing(factory, (ctx) => (grantAllowsWrites(ctx.authInfo) ? 'writes' : 'read-only')),
    { legacy: 'reject', onerror: options.onerror },
  );
  const build = (ctx: McpRequestContext): McpServer | Promise<McpServer> =>
    'perPerson' in factory ? factory.perPerson(ctx) : factory(ctx);
  // A 2025-era session belongs to the grant that opened it: another client's token cannot use it. Its
  // tools were listed for what the grant allowed then: once it allows less (hosted mode: the person's
  // latest sign-in chose read only), the session is not found, and the client opens one that lists less.
  const sessions = new SessionStore<{ transport: WebStandardStreamableHTTPServerTransport; grant: unknown }>(
    options.sessions,
  );
  const ownerOf = (authInfo: AuthInfo | undefined): unknown =>
    authInfo === undefined ? undefined : `${String(authInfo.extra?.grantId)} ${grantAllowsWrites(authInfo)}`;

  const legacy = async ({ request, parsed }: Incoming, authInfo: AuthInfo | undefined): Promise<Response> => {
    const sid = request.headers.get('mcp-session-id');
    const found = sid ? sessions.get(sid) : undefined;
    const session = found && found.grant === ownerOf(authInfo) ? found.transport : undefined;
    if (session) return session.handleRequest(request, { ...withAuth(authInfo), ...parsedOf(parsed) });
    if (!sid && request.method === 'POST' && isInitializeRequest(parsed?.body)) {
      const transport: WebStandardStreamableHTTPServerTransport =
        new WebStandardStreamableHTTPServerTransport({
          sessionIdGenerator: () => (options.instance ? `${options.instance}.${randomUUID()}` : randomUUID()),
          onsessioninitialized: (id) => sessions.add(id, { transport, grant: ownerOf(authInfo) }),
        });
      transport.onclose = () => {
        if (transport.sessionId) sessions.delete(transport.sessionId);
      };
      await (await build({ era: 'legacy', ...withAuth(authInfo) })).connect(transport);
      return transport.handleRequest(request, { ...withAuth(authInfo), ...parsedOf(parsed) });
    }
    return jsonError(sid ? 404 : 400, 'Bad Request: no valid session');
  };

  const refuse = (res: ServerResponse, failure: GuardFailure): void =>
    void res.writeHead(failure.status, failure.headers).end(failure.body);

  /** The first guard the request fails, or null. */
  const failureOf = (req: IncomingMessage, path: string): GuardFailure | null => {
    if (!oauth) return guard(req.headers, token);
    const publicUrl = oauth.publicUrl;
    return (
      hostGuard(req.headers, publicUrl) ??
      (path === '/mcp' ||
      path.startsWith('/interaction/') ||
      path === '/account' ||
      path.startsWith('/account/')
        ? originGuard(req.headers, publicUrl)
        : null)
    );
  };

  const health = createHealth(options.ready ?? null, options.onerror);
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (health.answer(req, res, path)) return; // before the guards: a balancer's probe passes none
    const failure = failureOf(req, path);
    if (failure) return refuse(res, failure);
    if (oauth?.handles(path)) return oauth.handle(req, res);
    const incoming = await toRequest(req, `http://${req.headers.host ?? 'localhost'}`);
    if (incoming === null) {
      // answered at once; the rest of the body is never kept, the connection closes after the answer.
      // No `Connection: close` header: with it Node destroys the socket as soon as the answer is written,
      // while the client is still sending, and the reset that follows can discard the answer unread.
      res.once('finish', () => discardThenClose(req));
      res.writeHead(413, { 'content-type': 'text/plain; charset=utf-8' }).end(TOO_LARGE);
      return;
    }
    if (health.refuses(incoming.parsed)) return health.refuse(res);
    if (path !== '/mcp')
      return send(res, new Response('Not found: the MCP endpoint is /mcp.', { status: 404 }));
    const { request, parsed } = incoming;
    let authInfo: AuthInfo | undefined;
    if (oauth) {
      const verdict = await oauth.authenticate(request);
      if (verdict instanceof Response) return send(res, verdict);
      authInfo = verdict;
      const account = authInfo.extra?.accountId;
      if (typeof account === 'string') setLogPerson(account); // an opaque id, for the JSON log lines
    }
    if (incoming.refused) return send(res, refusal(incoming.refused));
    const stepUp = oauth?.stepUp(parsed?.body, authInfo);
    if (stepUp) return send(res, stepUp);
    const response = (await isLegacy(incoming))
      ? await legacy(incoming, authInfo)
      : await modern.fetch(request, { ...withAuth(authInfo), ...parsedOf(parsed) });
    await send(res, response);
  };

  const server: Server = createServer((req, res) => {
    health.track(req, res);
    const requestId = requestIdOf(req.headers['x-request-id']);
    res.setHeader('x-request-id', requestId);
    withLogScope(requestId, () => handle(req, res)).catch((error: unknown) => {
      options.onerror(error instanceof Error ? error : new Error(String(error)));
      if (!res.headersSent) res.writeHead(500).end();
      else res.end();
    });
  });
  keepConnections(server);
  await new Promise<void>((resolve) => server.listen(options.port, options.host, resolve));
  // printed once the port accepts connections: a client reading the notice can connect at once
  if (!options.token && !oauth) options.printNotice(tokenNotice(token.reveal()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}/mcp`,
    token,
    drain: async () => {
      // still listening: the balancer's probe reads 503 on /readyz and stops sending; a request that
      // comes anyway is answered 503 (health.ts); `close` stops listening once these calls are answered
      health.drain();
      await health.idle();
    },
    close: async () => {
      await sessions.closeAll();
      await modern.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
