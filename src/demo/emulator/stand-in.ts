/**
 * The YNAB stand-in: a real HTTP server on 127.0.0.1 (any free port) serving plans with YNAB's response
 * shapes, applying writes to an in-memory state, recording every request and injecting the faults a test
 * asks for. Requests are answered one at a time: a route runs synchronously from start to end, so no two
 * requests interleave their state changes.
 *
 * Without `people` it serves one plan to any bearer token. With `people` it is several YNAB accounts:
 * the bearer token decides whose plans a request reaches, tokens come from YNAB's OAuth (oauth.ts) or
 * from `issueToken`, and an unknown, expired or revoked token answers 401.
 */
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { asApplied, Faults, type FaultRule } from './faults.js';
import { ACCESS_TTL_MS, Grants } from './grants.js';
import { errorBody } from './http.js';
import type { Reply, RequestContext } from './http.js';
import { answerOAuth, paramsOf } from './oauth.js';
import { People } from './people.js';
import { Router } from './router.js';
import { MONEY_MOVEMENT_ROUTES } from './routes-money-movements.js';
import { READ_ROUTES } from './routes-read.js';
import { PLAN_WRITE_ROUTES } from './routes-plan-writes.js';
import { SCHEDULED_ROUTES } from './routes-scheduled.js';
import { TRANSACTION_ROUTES } from './routes-transactions.js';
import { createState } from './state.js';
import type { RecordedRequest, StandIn, StandInOptions } from './stand-in-types.js';
import { parseBody, readBody, send, sendTrickled, sendTruncated, sleep, type ParsedBody } from './wire.js';
import { buildDemoPlan, DEMO_TODAY } from '../household/plan.js';
import type { PlanState } from '../plan-data.js';

export type { FaultRule } from './faults.js';
export type { OAuthApp } from './oauth.js';
export type { Person } from './people.js';
export type { Scope, TokenAnswer } from './grants.js';
export type { IssueOptions, RecordedRequest, StandIn, StandInOptions } from './stand-in-types.js';

const ROUTER = new Router([
  ...READ_ROUTES,
  ...MONEY_MOVEMENT_ROUTES,
  ...TRANSACTION_ROUTES,
  ...SCHEDULED_ROUTES,
  ...PLAN_WRITE_ROUTES,
]);

/** What `GET /user` answers without `people`. */
export const DEMO_USER_ID = '5c1e7d2a-0d6b-4f3e-9a7c-2b8e4f6a1d00';

function checkToday(today: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today) || Number.isNaN(Date.parse(today))) {
    throw new RangeError(`today must be a date YYYY-MM-DD, got ${JSON.stringify(today)}`);
  }
  return today;
}

const bearerOf = (req: IncomingMessage): string | null =>
  /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? null;

/** 403.3: a write with a `read-only` token. */
const SCOPE_REFUSED: Reply = {
  status: 403,
  body: {
    error: {
      id: '403.3',
      name: 'unauthorized_scope',
      detail: 'The access token is read-only: this request needs full access.',
    },
  },
};

/** Who an API request speaks for, or the refusal it gets. */
type Access = {
  person: string | null;
  ctx: Omit<RequestContext, 'today' | 'method' | 'path' | 'query' | 'body'>;
};

/** A fault's status (YNAB's error shape unless the rule gives a body), with its `Retry-After`. */
const faultReply = (fault: FaultRule, status: number): Reply => ({
  status,
  body: fault.body ?? errorBody(status),
  ...(fault.retryAfter === undefined ? {} : { headers: { 'Retry-After': fault.retryAfter } }),
});

/** YNAB's OAuth lives beside the API, at the origin's `/oauth/` (never under `/v1`). */
const isOAuth = (req: IncomingMessage): boolean => (req.url ?? '').startsWith('/oauth/');

/** The record of a request: the API's path without `/v1`; an OAuth request's parameters as its body. */
function recordOf(req: IncomingMessage, raw: string): RecordedRequest {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const path =
    url.pathname === '/v1' ? '/' : url.pathname.startsWith('/v1/') ? url.pathname.slice(3) : url.pathname;
  const method = (req.method ?? 'GET').toUpperCase();
  const contentType = req.headers['content-type'];
  return {
    method,
    path,
    query: Object.fromEntries(url.searchParams),
    body: isOAuth(req)
      ? paramsOf({ method, path, query: url.searchParams, raw, contentType, authorization: undefined })
      : parseBody(raw).value,
    status: 0,
    token: bearerOf(req),
    person: null,
  };
}

/** Starts a stand-in serving `plan` (default: the demo plan) with today pinned (default 2026-09-25). */
export async function startStandIn(options: StandInOptions = {}): Promise<StandIn> {
  const startToday = checkToday(options.today ?? DEMO_TODAY);
  let today = startToday;
  let state = createState(options.plan ?? buildDemoPlan());
  const people = options.people === undefined ? undefined : new People(options.people);
  const apps = options.oauthApps ?? [];
  const grants = new Grants(options.now ?? Date.now, options.accessTokenTtlMs ?? ACCESS_TTL_MS);
  const requests: RecordedRequest[] = [];
  const writes: RecordedRequest[] = [];
  const faults = new Faults();
  let bytes = 0;

  /** The person and plans an API request reaches, or the refusal it gets. */
  const accessFor = (req: IncomingMessage, method: string): Access | Reply => {
    const token = bearerOf(req);
    if (token === null) return { status: 401, body: errorBody(401) };
    if (people === undefined) return { person: null, ctx: { plans: [state], userId: DEMO_USER_ID } };
    const bearer = grants.bearer(token);
    const living = bearer === undefined ? undefined : people.find(bearer.person);
    if (bearer === undefined || living === undefined) return { status: 401, body: errorBody(401) };
    if (method !== 'GET' && bearer.scope === 'read-only') return SCOPE_REFUSED;
    return { person: bearer.person, ctx: { plans: living.states, userId: living.person.userId } };
  };

  const apiAnswer = (
    access: Access,
    record: RecordedRequest,
    parsed: ParsedBody,
    fault: FaultRule | undefined,
  ): Reply => {
    if (!parsed.json) return { status: 400, body: errorBody(400, 'The request body is not valid JSON.') };
    const reply = ROUTER.dispatch({
      ...access.ctx,
      today,
      method: record.method,
      path: record.path,
      query: record.query,
      body: parsed.value ?? undefined,
      keepTransferSide: fault?.keepTransferSide === true,
    });
    if (record.method !== 'GET' && reply.status >= 200 && reply.status < 300) writes.push(record);
    return reply;
  };

  /** The answer as the request deserves it (no fault's status): OAuth's, or the API's. */
  const answer = (req: IncomingMessage, raw: string, record: RecordedRequest, fault?: FaultRule): Reply => {
    if (isOAuth(req)) {
      const oauth = answerOAuth(
        {
          method: record.method,
          path: record.path,
          query: new URLSearchParams(record.query),
          raw,
          contentType: req.headers['content-type'],
          authorization: req.headers.authorization,
        },
        { apps, people, grants },
      );
      record.person = oauth.person;
      return oauth.reply;
    }
    const access = accessFor(req, record.method);
    if ('status' in access) return access;
    record.person = access.person;
    return apiAnswer(access, record, asApplied(parseBody(raw), fault), fault);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const raw = await readBody(req);
    const record = recordOf(req, raw);
    requests.push(record);
    const fault = faults.take(record.method, record.path);
    if (fault?.delayMs !== undefined) await sleep(fault.delayMs);
    if (fault?.drop === true || fault?.truncate === true) {
      // the answer is lost on the way back; with `apply`, after the request took effect
      const applied = fault.apply === true ? answer(req, raw, record, fault) : null;
      record.status = applied === null ? 0 : applied.status;
      if (fault.drop === true) req.socket.destroy();
      else sendTruncated(res, applied ?? { status: 200, body: { data: {} } });
      return;
    }
    const reply =
      fault?.status === undefined ? answer(req, raw, record, fault) : faultReply(fault, fault.status);
    record.status = reply.status;
    if (req.socket.destroyed) return;
    bytes +=
      fault?.trickleMs === undefined
        ? send(res, reply)
        : await sendTrickled(res, reply, fault.trickleMs, fault.unsized === true);
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
  const mainState = (): PlanState => (people === undefined ? state : people.state(people.names[0]!));

  return {
    url: `http://127.0.0.1:${port}/v1`,
    origin: `http://127.0.0.1:${port}`,
    requests,
    writes,
    get state() {
      return mainState();
    },
    stateOf(person, planId) {
      if (people === undefined) throw new RangeError('this stand-in has no people: use `state`');
      return people.state(person, planId);
    },
    knowledge: () => mainState().knowledge,
    bytesSent: () => bytes,
    fault(rule) {
      faults.add(rule);
    },
    clearRequests() {
      requests.length = 0;
      writes.length = 0;
      bytes = 0;
    },
    reset(plan) {
      if (people !== undefined) {
        if (plan !== undefined) throw new RangeError('a stand-in with people resets to their own plans');
        people.reset();
      } else {
        state = createState(plan ?? buildDemoPlan());
      }
      today = startToday;
      requests.length = 0;
      writes.length = 0;
      bytes = 0;
      faults.clear();
    },
    setToday(value) {
      today = checkToday(value);
    },
    issueToken(person, issue = {}) {
      if (people === undefined) throw new RangeError('this stand-in has no people: any token is accepted');
      const name = people.get(person).person.name;
      return grants.issue(name, issue.scope ?? '', issue.clientId ?? apps[0]?.clientId ?? null, issue.ttlMs);
    },
    revoke(person) {
      if (people === undefined) throw new RangeError('this stand-in has no people');
      grants.revoke(people.get(person).person.name);
    },
    expireAccessTokens(person) {
      if (people !== undefined && person !== undefined) people.get(person);
      grants.expire(person);
    },
    close() {
      return new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}
