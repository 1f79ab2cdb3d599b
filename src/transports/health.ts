/**
 * What a load balancer, an orchestrator or a container's health check asks an HTTP instance, and how an
 * instance stops taking work when it is told to end:
 *
 * - `GET /healthz`: the process answers (200). Nothing else is checked: a failing store must not get a
 *   live process restarted in a loop, only taken out of rotation.
 * - `GET /readyz`: the instance can serve (200), or not (503 with a short reason): it is draining, or the
 *   readiness check the mode gave (hosted mode's store reachable, its migrations current) fails.
 *
 * Both are answered before the Host, Origin and Authorization guards, with no body read: a balancer's
 * probe reaches an instance by its own address (a container name, an IP), which the Host guard refuses,
 * and carries no token. What they answer is a status word and a reason of a few words, never an
 * error's text, a version or anything of a person, so a page that reached them through DNS rebinding
 * learns only that the process runs. Every other path keeps every guard.
 *
 * Draining (on SIGTERM or SIGINT, see src/shutdown.ts): the instance keeps listening until its calls
 * in flight are answered, so that the balancer's next probe reads 503 on `/readyz` and sends it nothing
 * more. A request that arrives all the same is answered 503 with `Retry-After` and `Connection: close`
 * (the client or a balancer that retries sends it to another instance), except a JSON-RPC response:
 * a 2025-era client answering an elicitation that a call in flight here waits for.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Null when ready; otherwise a short reason, with no secret in it (it is served unauthenticated). */
export type ReadinessCheck = () => Promise<string | null>;

/** How long `/readyz` waits for the readiness check before it answers 503: a probe must not hang. */
export const READY_CHECK_MS = 2_000;

const PATHS = new Set(['/healthz', '/readyz']);

const json = (res: ServerResponse, status: number, body: Record<string, string>, head: boolean): void => {
  const text = JSON.stringify(body);
  res
    .writeHead(status, {
      'content-type': 'application/json',
      'cache-control': 'no-store',
      'content-length': String(Buffer.byteLength(text)),
    })
    .end(head ? undefined : text);
};

/** Runs the check, bounded: a check that throws or outlasts READY_CHECK_MS is a short reason, never its error text. */
async function readiness(check: ReadinessCheck, onerror: (error: Error) => void): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve('the readiness check did not answer in time'), READY_CHECK_MS);
  });
  try {
    return await Promise.race([check(), late]);
  } catch (error) {
    onerror(error instanceof Error ? error : new Error(String(error)));
    return 'the readiness check failed';
  } finally {
    clearTimeout(timer);
  }
}

/** Whether a parsed body is a JSON-RPC response (or a batch of them): an answer to the server's request. */
const isResponse = (body: unknown): boolean =>
  Array.isArray(body)
    ? body.length > 0 && body.every(isResponse)
    : typeof body === 'object' &&
      body !== null &&
      !('method' in body) &&
      ('result' in body || 'error' in body);

export interface Health {
  /** Answers `/healthz` and `/readyz`; false (nothing written) for any other path. */
  answer(req: IncomingMessage, res: ServerResponse, path: string): boolean;
  /** Turns readiness off for good and refuses new work from now on. */
  drain(): void;
  readonly draining: boolean;
  /** While draining: whether this request is refused (anything but a JSON-RPC response). */
  refuses(parsed: { body: unknown } | undefined): boolean;
  /** The answer to a request refused while draining. */
  refuse(res: ServerResponse): void;
  /**
   * Counts a request in flight until its answer ends. A 2025-era client's `GET /mcp` stream is not
   * counted: it stays open as long as its session, and is closed with the sessions once calls end.
   */
  track(req: IncomingMessage, res: ServerResponse): void;
  /** Resolves once no counted request is in flight (at once when none is). */
  idle(): Promise<void>;
}

export function createHealth(check: ReadinessCheck | null, onerror: (error: Error) => void): Health {
  let draining = false;
  let inFlight = 0;
  let waiting: (() => void)[] = [];
  const settled = (): void => {
    inFlight -= 1;
    if (inFlight > 0) return;
    const wake = waiting;
    waiting = [];
    for (const resolve of wake) resolve();
  };
  const answerReady = async (res: ServerResponse, head: boolean): Promise<void> => {
    const reason = draining ? 'shutting down' : check ? await readiness(check, onerror) : null;
    // the check may have taken a while: a drain that began meanwhile wins
    const now = draining ? 'shutting down' : reason;
    if (now === null) json(res, 200, { status: 'ready' }, head);
    else json(res, 503, { status: 'not ready', reason: now }, head);
  };
  return {
    answer(req, res, path) {
      if (!PATHS.has(path)) return false;
      const method = req.method ?? 'GET';
      req.resume(); // a body, if any, is never read
      if (method !== 'GET' && method !== 'HEAD') {
        res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' });
        res.end(`Method not allowed: ${path} answers GET and HEAD.`);
        return true;
      }
      if (path === '/healthz') json(res, 200, { status: 'ok' }, method === 'HEAD');
      else void answerReady(res, method === 'HEAD');
      return true;
    },
    drain() {
      draining = true;
    },
    get draining() {
      return draining;
    },
    refuses(parsed) {
      return draining && !(parsed !== undefined && isResponse(parsed.body));
    },
    refuse(res) {
      const text = 'Service Unavailable: this instance is shutting down; send the request again.';
      res.writeHead(503, {
        'content-type': 'text/plain; charset=utf-8',
        connection: 'close',
        'retry-after': '1',
        'content-length': String(Buffer.byteLength(text)),
      });
      res.end(text);
    },
    track(req, res) {
      if (req.method === 'GET' && new URL(req.url ?? '/', 'http://localhost').pathname === '/mcp') return;
      inFlight += 1;
      res.once('close', settled);
    },
    idle() {
      return inFlight === 0 ? Promise.resolve() : new Promise((resolve) => waiting.push(resolve));
    },
  };
}
