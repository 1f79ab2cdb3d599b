/**
 * The stand-in's public shapes: its options, the record of each request and the handle a test or
 * demo mode holds (stand-in.ts starts it).
 */
import type { FaultRule } from './faults.js';
import type { Scope, TokenAnswer } from './grants.js';
import type { OAuthApp } from './oauth.js';
import type { Person } from './people.js';
import type { PlanData, PlanState } from '../plan-data.js';

export interface RecordedRequest {
  method: string;
  /** The API's path without `/v1`, or an OAuth route (`/oauth/token`). */
  path: string;
  query: Record<string, string>;
  /** The parsed body; for an OAuth request, its parameters (query and body together). */
  body: unknown;
  status: number;
  /** The bearer token the request carried (tests check which one was sent), or null. */
  token: string | null;
  /** With `people`: whose request it was (its token's person, or who signed in), else null. */
  person: string | null;
  /** When it was read, epoch ms on the stand-in's clock (a bench counts each person's sends per hour). */
  at: number;
}

export interface StandInOptions {
  /** The plan served to any token when there are no `people` (default: the demo plan). */
  plan?: PlanData;
  /** Pins today, `YYYY-MM-DD` (default 2026-09-25). */
  today?: string;
  /** Several YNAB accounts, each with their own plans; requests are routed by bearer token. */
  people?: Person[];
  /** The applications YNAB's OAuth knows. */
  oauthApps?: OAuthApp[];
  /** The clock of token and code lifetimes, epoch ms (default `Date.now`). */
  now?: () => number;
  /** Lifetime of the access tokens the token endpoint issues (default two hours, as YNAB's). */
  accessTokenTtlMs?: number;
}

export interface IssueOptions {
  /** Default full access. */
  scope?: Scope;
  /** Default the stand-in's access token lifetime. */
  ttlMs?: number;
  /** The app whose refresh token it is (default the first of `oauthApps`). */
  clientId?: string;
}

export interface StandIn {
  /** `http://127.0.0.1:<port>/v1` */
  readonly url: string;
  /** `http://127.0.0.1:<port>`: YNAB's OAuth is under `/oauth/`. */
  readonly origin: string;
  /** Every request received (faulted ones included), in order. */
  readonly requests: RecordedRequest[];
  /** Non-GET API requests that were applied (2xx); the OAuth routes are never in it. */
  readonly writes: RecordedRequest[];
  /** The live state (tests inspect it); with `people`, the first person's first plan. */
  readonly state: PlanState;
  /** The live state of a person's plan (their first when `planId` is absent). */
  stateOf(person: string, planId?: string): PlanState;
  /** Current server knowledge of `state` (1 = nothing written). */
  knowledge(): number;
  fault(rule: FaultRule): void;
  /** Body bytes of the answers to `requests`, emptied with them (what YNAB sent: benchmarks). */
  bytesSent(): number;
  /** Empties `requests` and `writes`. */
  clearRequests(): void;
  /**
   * Fresh state from a new `buildDemoPlan()` (or `plan`), knowledge 1, records and faults cleared. With
   * `people`, everyone's plans as they were given (`plan` is refused); tokens stay as they are.
   */
  reset(plan?: PlanData): void;
  /** Pins today, `YYYY-MM-DD`. */
  setToday(today: string): void;
  /** A token pair for a person without the browser dance, as the token endpoint would answer. */
  issueToken(person: string, options?: IssueOptions): TokenAnswer;
  /** Every code, access token and refresh token of the person stops working. */
  revoke(person: string): void;
  /**
   * Calls `listener` each time a request starts waiting on a fault's `hold`; returns what removes it.
   * A test of a late answer expires the server's wait for it right then (`answerTimer` of the deps),
   * instead of waiting out a real timeout that must outlast a loaded machine's answers.
   */
  onHold(listener: () => void): () => void;
  /** The access tokens of the person (of everyone when absent) expire now; refresh tokens still work. */
  expireAccessTokens(person?: string): void;
  close(): Promise<void>;
}
