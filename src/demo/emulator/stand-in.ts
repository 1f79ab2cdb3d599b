/**
 * The YNAB stand-in: a real HTTP server on 127.0.0.1 (any free port) serving a plan with YNAB's response
 * shapes, applying writes to an in-memory state, recording every request and injecting the faults a test
 * asks for. Requests are answered one at a time: a route runs synchronously from start to end, so no two
 * requests interleave their state changes.
 */
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildDemoPlan, DEMO_TODAY } from '../household/plan.js';
import { errorBody } from './http.js';
import type { Reply } from './http.js';
import { Router } from './router.js';
import { MONEY_MOVEMENT_ROUTES } from './routes-money-movements.js';
import { READ_ROUTES } from './routes-read.js';
import { PLAN_WRITE_ROUTES } from './routes-plan-writes.js';
import { SCHEDULED_ROUTES } from './routes-scheduled.js';
import { TRANSACTION_ROUTES } from './routes-transactions.js';
import { createState } from './state.js';
import type { PlanData, PlanState } from '../plan-data.js';

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  status: number;
  /** The bearer token the request carried (tests check which one was sent), or null. */
  token: string | null;
}

export interface FaultRule {
  /** Default: any method. */
  method?: string;
  /** Matched against the path without `/v1` and without the query, e.g. `/plans/demo-budget/accounts`. */
  path: string | RegExp;
  /** Answer this status (YNAB's error shape unless `body` is given). */
  status?: number;
  /** `Retry-After` header value. */
  retryAfter?: string;
  /** Raw body text (e.g. `Bad Gateway` for a non-JSON gateway page). */
  body?: string;
  /** Wait before answering (or before dropping). */
  delayMs?: number;
  /** Destroy the socket without answering. */
  drop?: boolean;
  /**
   * With `drop` or `truncate`: apply the request first, as YNAB does when the answer is lost on
   * the way back (the write landed; the client cannot know it).
   */
  apply?: boolean;
  /** Answer the status and headers, then cut the connection halfway through the body. */
  truncate?: boolean;
  /**
   * Answer as usual, but as if these fields had not been sent, on every object of the body (e.g.
   * `["memo"]`): YNAB is known to answer 200 and leave a field as it was.
   */
  ignoreFields?: readonly string[];
  /** Send the normal answer in ten parts this many ms apart: a long answer over a slow line. */
  trickleMs?: number;
  /** With `trickleMs`: declare no Content-Length (chunked framing, as a proxy may answer). */
  unsized?: boolean;
  /**
   * A DELETE of one side of a transfer deletes that side only and leaves the other, linked side. By
   * default the stand-in deletes both, as YNAB's app does; YNAB's API does not document which.
   */
  keepTransferSide?: boolean;
  /** How many matching requests it applies to (default 1). */
  times?: number;
}

export interface StandIn {
  /** `http://127.0.0.1:<port>/v1` */
  readonly url: string;
  /** Every request received (faulted ones included), in order. */
  readonly requests: RecordedRequest[];
  /** Non-GET requests that were applied (2xx). */
  readonly writes: RecordedRequest[];
  /** The live state (tests inspect it). */
  readonly state: PlanState;
  /** Current server knowledge (1 = nothing written). */
  knowledge(): number;
  fault(rule: FaultRule): void;
  /** Body bytes of the answers to `requests`, emptied with them (what YNAB sent: benchmarks). */
  bytesSent(): number;
  /** Empties `requests` and `writes`. */
  clearRequests(): void;
  /** Fresh state from a new `buildDemoPlan()` (or `plan`), knowledge 1, records and faults cleared. */
  reset(plan?: PlanData): void;
  /** Pins today, `YYYY-MM-DD`. */
  setToday(today: string): void;
  close(): Promise<void>;
}

const ROUTER = new Router([
  ...READ_ROUTES,
  ...MONEY_MOVEMENT_ROUTES,
  ...TRANSACTION_ROUTES,
  ...SCHEDULED_ROUTES,
  ...PLAN_WRITE_ROUTES,
]);

function checkToday(today: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today) || Number.isNaN(Date.parse(today))) {
    throw new RangeError(`today must be a date YYYY-MM-DD, got ${JSON.stringify(today)}`);
  }
  return today;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** The body as recorded: parsed JSON, else the raw text, or null when empty. */
function parseBody(raw: string): { value: unknown; json: boolean } {
  if (raw === '') return { value: null, json: true };
  try {
    return { value: JSON.parse(raw) as unknown, json: true };
  } catch {
    return { value: raw, json: false };
  }
}

/** The body without `fields` on its objects (the body's own, and those of its arrays). */
function withoutFields(value: unknown, fields: readonly string[]): unknown {
  const strip = (o: unknown): unknown => {
    if (typeof o !== 'object' || o === null || Array.isArray(o)) return o;
    return Object.fromEntries(Object.entries(o).filter(([k]) => !fields.includes(k)));
  };
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, Array.isArray(v) ? v.map(strip) : strip(v)]),
  );
}

/** The body a route sees: without the fields a fault makes the stand-in ignore. */
const asApplied = (body: { value: unknown; json: boolean }, fault: FaultRule | undefined) =>
  fault?.ignoreFields === undefined
    ? body
    : { ...body, value: withoutFields(body.value, fault.ignoreFields) };

const bearerOf = (req: IncomingMessage): string | null =>
  /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? null;

const hasToken = (req: IncomingMessage): boolean => /^Bearer\s+\S/i.test(req.headers.authorization ?? '');

/** Answers; returns the body's size in bytes. */
function send(res: ServerResponse, reply: Reply, headers: Record<string, string> = {}): number {
  const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
  const type =
    typeof reply.body === 'string' ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8';
  res.writeHead(reply.status, {
    'Content-Type': type,
    'Content-Length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
  return Buffer.byteLength(text);
}

/** Sends the head and half of the body, then destroys the socket: an answer that cannot be read. */
function sendTruncated(res: ServerResponse, reply: Reply): void {
  const text = JSON.stringify(reply.body);
  res.writeHead(reply.status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.write(text.slice(0, Math.floor(text.length / 2)), () => res.destroy());
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends the head at once, then the body in ten parts `everyMs` apart (its length declared unless
 * `unsized`); returns the body's size.
 */
async function sendTrickled(
  res: ServerResponse,
  reply: Reply,
  everyMs: number,
  unsized: boolean,
): Promise<number> {
  const bytes = Buffer.from(JSON.stringify(reply.body));
  res.writeHead(reply.status, {
    'Content-Type': 'application/json; charset=utf-8',
    ...(unsized ? {} : { 'Content-Length': bytes.length }),
  });
  res.flushHeaders();
  const part = Math.ceil(bytes.length / 10);
  for (let at = 0; at < bytes.length && !res.destroyed; at += part) {
    await sleep(everyMs);
    res.write(bytes.subarray(at, at + part));
  }
  res.end();
  return bytes.length;
}

/** Answers at once, or in parts when a fault trickles the answer; returns the body's size. */
const deliver = async (
  res: ServerResponse,
  reply: Reply,
  headers: Record<string, string>,
  fault: FaultRule | undefined,
): Promise<number> =>
  fault?.trickleMs === undefined
    ? send(res, reply, headers)
    : sendTrickled(res, reply, fault.trickleMs, fault.unsized === true);

/** Starts a stand-in serving `plan` (default: the demo plan) with today pinned (default 2026-09-25). */
export async function startStandIn(options: { plan?: PlanData; today?: string } = {}): Promise<StandIn> {
  const startToday = checkToday(options.today ?? DEMO_TODAY);
  let today = startToday;
  let state = createState(options.plan ?? buildDemoPlan());
  const requests: RecordedRequest[] = [];
  const writes: RecordedRequest[] = [];
  let faults: { rule: FaultRule; left: number }[] = [];
  let bytes = 0;

  const takeFault = (method: string, path: string): FaultRule | undefined => {
    const hit = faults.find(
      ({ rule }) =>
        (rule.method === undefined || rule.method.toUpperCase() === method) &&
        (typeof rule.path === 'string' ? rule.path === path : rule.path.test(path)),
    );
    if (hit === undefined) return undefined;
    hit.left -= 1;
    if (hit.left <= 0) faults = faults.filter((f) => f !== hit);
    return hit.rule;
  };

  const answer = (
    method: string,
    path: string,
    record: RecordedRequest,
    parsed: { value: unknown; json: boolean },
    fault: FaultRule | undefined,
  ): Reply => {
    if (!parsed.json) return { status: 400, body: errorBody(400, 'The request body is not valid JSON.') };
    const reply = ROUTER.dispatch({
      state,
      today,
      method,
      path,
      query: record.query,
      body: parsed.value ?? undefined,
      keepTransferSide: fault?.keepTransferSide === true,
    });
    if (method !== 'GET' && reply.status >= 200 && reply.status < 300) writes.push(record);
    return reply;
  };

  /** The normal answer, or a fault's status. */
  const replyFor = (
    req: IncomingMessage,
    record: RecordedRequest,
    parsed: { value: unknown; json: boolean },
    fault: FaultRule | undefined,
    headers: Record<string, string>,
  ): Reply => {
    if (fault?.status !== undefined) {
      if (fault.retryAfter !== undefined) headers['Retry-After'] = fault.retryAfter;
      return { status: fault.status, body: fault.body ?? errorBody(fault.status) };
    }
    if (!hasToken(req)) return { status: 401, body: errorBody(401) };
    return answer(record.method, record.path, record, parsed, fault);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const raw = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const path =
      url.pathname === '/v1' ? '/' : url.pathname.startsWith('/v1/') ? url.pathname.slice(3) : url.pathname;
    const method = (req.method ?? 'GET').toUpperCase();
    const body = parseBody(raw);
    const record: RecordedRequest = {
      method,
      path,
      query: Object.fromEntries(url.searchParams),
      body: body.value,
      status: 0,
      token: bearerOf(req),
    };
    requests.push(record);
    const fault = takeFault(method, path);
    const parsed = asApplied(body, fault);
    if (fault?.delayMs !== undefined) await sleep(fault.delayMs);
    if (fault?.drop === true || fault?.truncate === true) {
      // the answer is lost on the way back; with `apply`, after the request took effect
      const applied =
        fault.apply === true && hasToken(req) ? answer(method, path, record, parsed, fault) : null;
      record.status = applied?.status ?? 0;
      if (fault.drop === true) req.socket.destroy();
      else sendTruncated(res, applied ?? { status: 200, body: { data: {} } });
      return;
    }
    const headers: Record<string, string> = {};
    const reply = replyFor(req, record, parsed, fault, headers);
    record.status = reply.status;
    if (!req.socket.destroyed) bytes += await deliver(res, reply, headers, fault);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) bytes += send(res, { status: 500, body: errorBody(500) });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    writes,
    get state() {
      return state;
    },
    knowledge: () => state.knowledge,
    bytesSent: () => bytes,
    fault(rule) {
      faults.push({ rule, left: rule.times ?? 1 });
    },
    clearRequests() {
      requests.length = 0;
      writes.length = 0;
      bytes = 0;
    },
    reset(plan) {
      state = createState(plan ?? buildDemoPlan());
      today = startToday;
      requests.length = 0;
      writes.length = 0;
      bytes = 0;
      faults = [];
    },
    setToday(value) {
      today = checkToday(value);
    },
    close() {
      return new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}
