/**
 * One HTTP exchange with YNAB over Node's own `http`/`https` clients, which are part of the runtime: a
 * server that never reaches YNAB loads no HTTP client at all, and the first request costs no more
 * than the ones after it (a separate HTTP library would be read and compiled at start-up or in the
 * first call, at a cost larger than that call).
 *
 * What the client needs beyond a plain request: one keep-alive pool of connections per protocol for
 * the process, a connect timeout (a connection, TLS handshake included, must be made within the time
 * given, or the request is known never to have left), cancellation by an AbortSignal whose reason
 * becomes the error, and no redirect ever followed (Node's client follows none).
 */
import type * as http from 'node:http';
import type { Agent as HttpAgent, IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';

export interface Sent {
  method: string;
  headers: Record<string, string>;
  body?: string;
  /** Aborting it ends the exchange, with the signal's reason as the error. */
  signal: AbortSignal;
  connectTimeoutMs: number;
}

export interface Answer {
  statusCode: number;
  headers: IncomingHttpHeaders;
  body: AsyncIterable<Uint8Array>;
}

/** The error of a connection not made in time: the request never left this machine. */
export const CONNECT_TIMEOUT = 'CONNECT_TIMEOUT';

type Client = Pick<typeof http, 'request' | 'Agent'>;
interface Pool {
  client: Client;
  agent: HttpAgent;
}
const pools = new Map<string, Promise<Pool>>();
/** Sockets that completed their connection once: a reused one has no connect timeout to watch. */
const connected = new WeakSet<Socket>();
let inFlight = 0;
let idle: (() => void)[] = [];

/** The module for the protocol, loaded at its first use, and its connection pool. */
function poolFor(protocol: string): Promise<Pool> {
  let pool = pools.get(protocol);
  if (pool === undefined) {
    const module: Promise<Client> = protocol === 'https:' ? import('node:https') : import('node:http');
    pool = module.then((client) => ({ client, agent: new client.Agent({ keepAlive: true }) }));
    pools.set(protocol, pool);
  }
  return pool;
}

/** Loads the client module for a base URL ahead of its first request (nothing is sent). */
export function preload(url: string): void {
  void poolFor(url.startsWith('https:') ? 'https:' : 'http:');
}

const connectTimeout = (ms: number): Error =>
  Object.assign(new Error(`no connection within ${ms} ms`), { code: CONNECT_TIMEOUT });

/** Watches a new socket's connection (and handshake) against the connect timeout. */
function watchConnect(socket: Socket, secure: boolean, ms: number, fail: (error: Error) => void): void {
  if (connected.has(socket)) return;
  const timer = setTimeout(() => fail(connectTimeout(ms)), ms);
  const done = (): void => {
    clearTimeout(timer);
    connected.add(socket);
  };
  socket.once(secure ? 'secureConnect' : 'connect', done);
  socket.once('close', () => clearTimeout(timer));
}

function settle(): void {
  inFlight -= 1;
  if (inFlight > 0) return;
  const waiting = idle;
  idle = [];
  for (const resume of waiting) resume();
}

/** Sends one request; resolves once the answer's headers are in, its body to be read by the caller. */
export async function send(url: URL, sent: Sent): Promise<Answer> {
  const { client, agent } = await poolFor(url.protocol);
  sent.signal.throwIfAborted();
  inFlight += 1;
  return new Promise<Answer>((resolve, reject) => {
    const headers = {
      ...sent.headers,
      ...(sent.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(sent.body)) }),
    };
    const request = client.request(url, { method: sent.method, headers, agent });
    let settled = false;
    const end = (): void => {
      if (settled) return;
      settled = true;
      sent.signal.removeEventListener('abort', abort);
      settle();
    };
    const abort = (): void => void request.destroy(sent.signal.reason as Error);
    sent.signal.addEventListener('abort', abort, { once: true });
    request.once('socket', (socket: Socket) =>
      watchConnect(socket, url.protocol === 'https:', sent.connectTimeoutMs, (error) =>
        request.destroy(error),
      ),
    );
    request.once('response', (response: IncomingMessage) => {
      response.once('close', end);
      resolve({ statusCode: response.statusCode ?? 0, headers: response.headers, body: response });
    });
    request.on('error', (error) => {
      end();
      reject(error);
    });
    request.end(sent.body);
  });
}

/**
 * Lets the exchanges under way finish, then closes the pooled connections, whose keep-alive would
 * otherwise hold the process open after its client has gone. The next request opens a new pool.
 */
export async function closeAll(): Promise<void> {
  if (inFlight > 0) await new Promise<void>((resolve) => idle.push(resolve));
  const closing = [...pools.values()];
  pools.clear();
  for (const pool of closing) (await pool).agent.destroy();
}
