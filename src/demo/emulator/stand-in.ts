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
import { asApplied, faultWait, Faults, type FaultRule } from './faults.js';
import { ACCESS_TTL_MS, Grants } from './grants.js';
import { errorBody } from './http.js';
import type { Reply } from './http.js';
import { answerOAuth } from './oauth.js';
import { People } from './people.js';
import { Router } from './router.js';
import { MONEY_MOVEMENT_ROUTES } from './routes-money-movements.js';
import { READ_ROUTES } from './routes-read.js';
import { PLAN_WRITE_ROUTES } from './routes-plan-writes.js';
import { SCHEDULED_ROUTES } from './routes-scheduled.js';
import { TRANSACTION_ROUTES } from './routes-transactions.js';
import { createState } from './state.js';
import { accessOf, type Access } from './access.js';
import { checkToday, faultReply, isOAuth, recordOf } from './request-record.js';
import type { RecordedRequest, StandIn, StandInOptions } from './stand-in-types.js';
import { parseBody, readBody, send, sendTrickled, sendTruncated, type ParsedBody } from './wire.js';
import { buildDemoPlan, DEMO_TODAY } from '../household/plan.js';
import type { PlanState } from '../plan-data.js';

export type { FaultRule } from './faults.js';
export type { OAuthApp } from './oauth.js';
export type { Person } from './people.js';
export type { Scope, TokenAnswer } from './grants.js';
export type { IssueOptions, RecordedRequest, StandIn, StandInOptions } from './stand-in-types.js';
export { DEMO_USER_ID } from './access.js';

const ROUTER = new Router([
  ...READ_ROUTES,
  ...MONEY_MOVEMENT_ROUTES,
  ...TRANSACTION_ROUTES,
  ...SCHEDULED_ROUTES,
  ...PLAN_WRITE_ROUTES,
]);

/** Starts a stand-in serving `plan` (default: the demo plan) with today pinned (default 2026-09-25). */
export async function startStandIn(options: StandInOptions = {}): Promise<StandIn> {
  const startToday = checkToday(options.today ?? DEMO_TODAY);
  let today = startToday;
  let state = createState(options.plan ?? buildDemoPlan());
  const people = options.people === undefined ? undefined : new People(options.people);
  const apps = options.oauthApps ?? [];
  const now = options.now ?? Date.now;
  const grants = new Grants(now, options.accessTokenTtlMs ?? ACCESS_TTL_MS);
  const requests: RecordedRequest[] = [];
  const writes: RecordedRequest[] = [];
  const faults = new Faults();
  const holdListeners = new Set<() => void>();
  let bytes = 0;

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
    const access = accessOf(record.token, record.method, { people, grants, single: state });
    if ('status' in access) return access;
    record.person = access.person;
    return apiAnswer(access, record, asApplied(parseBody(raw), fault), fault);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const raw = await readBody(req);
    const record = recordOf(req, raw, now());
    requests.push(record);
    const owner = record.token === null ? undefined : grants.bearer(record.token)?.person;
    const fault = faults.take(record.method, record.path, owner ?? null);
    await faultWait(fault, () => {
      for (const listener of [...holdListeners]) listener();
    });
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
    onHold(listener) {
      holdListeners.add(listener);
      return () => void holdListeners.delete(listener);
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
