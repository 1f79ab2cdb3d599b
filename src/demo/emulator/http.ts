/**
 * Replies, YNAB-shaped errors (`{"error": {"id", "name", "detail"}}`, as YNAB sends them) and the
 * request context the stand-in's routes receive.
 */
import type { PlanState } from '../plan-data.js';

/** What a route answers: a status and a JSON body (a string body is an HTML page), and extra headers. */
export interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** The request as the router receives it: whose it is and which plans that person may reach. */
export interface RequestContext {
  /** The plans of the person the token belongs to (the first one is `last-used`). */
  plans: readonly [PlanState, ...PlanState[]];
  /** YNAB's id of that person (`GET /user`). */
  userId: string;
  /** The pinned today, `YYYY-MM-DD`. */
  today: string;
  method: string;
  path: string;
  query: Record<string, string>;
  /** The parsed JSON body (undefined when empty). */
  body: unknown;
  /** A DELETE of one side of a transfer leaves the other side (a fault: see FaultRule). */
  keepTransferSide?: boolean;
}

/** The request as a route sees it: with the plan its path names (the first plan when it names none). */
export interface RouteContext extends RequestContext {
  state: PlanState;
}

/** YNAB's error names and default details per status. */
const ERRORS: Readonly<Record<number, [string, string]>> = {
  400: ['bad_request', 'Bad request'],
  401: ['unauthorized', 'Unauthorized'],
  403: ['forbidden', 'Forbidden'],
  404: ['not_found', 'Not found'],
  409: ['conflict', 'Conflict'],
  429: ['too_many_requests', 'Too many requests'],
  500: ['internal_server_error', 'internal error'],
  502: ['bad_gateway', 'Bad gateway'],
  503: ['service_unavailable', 'Service unavailable'],
  504: ['gateway_timeout', 'Gateway timeout'],
};

/** The YNAB error body for a status: `{"error": {"id": "<status>", "name", "detail"}}`. */
export function errorBody(
  status: number,
  detail?: string,
): { error: { id: string; name: string; detail: string } } {
  const [name, fallback] = ERRORS[status] ?? ['error', `Error ${status}`];
  return { error: { id: String(status), name, detail: detail ?? fallback } };
}

/** A refusal a route throws; the dispatcher answers it in YNAB's error shape. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: { error: { id: string; name: string; detail: string } },
  ) {
    super(body.error.detail);
  }
}

/** 404.2 `resource_not_found`: unknown plan, month or id. */
export const notFound = (): HttpError =>
  new HttpError(404, { error: { id: '404.2', name: 'resource_not_found', detail: 'Resource not found' } });

/** 404.1 `not_found`: a route the demo does not serve. */
export const noRoute = (method: string, path: string): HttpError =>
  new HttpError(404, {
    error: { id: '404.1', name: 'not_found', detail: `Not in the demo: ${method} ${path}` },
  });

export const badRequest = (detail: string): HttpError => new HttpError(400, errorBody(400, detail));

export const conflict = (detail: string): HttpError => new HttpError(409, errorBody(409, detail));

/** `{"data": data}` with a status (200 by default). */
export const ok = (data: unknown, status = 200): Reply => ({ status, body: { data } });

/** A plain object (not an array, not null), or undefined. */
export function asObject(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** The object under `key` of the body, or a 400. */
export function bodyObject(ctx: RouteContext, key: string): Record<string, unknown> {
  const inner = asObject(asObject(ctx.body)?.[key]);
  if (inner === undefined) throw badRequest(`The body must be a JSON object with an object "${key}".`);
  return inner;
}

/** `last_knowledge_of_server` of the query: 0 when absent, a 400 when not a whole number ≥ 0. */
export function since(ctx: RouteContext): number {
  const raw = ctx.query['last_knowledge_of_server'];
  if (raw === undefined || raw === '') return 0;
  if (!/^\d+$/.test(raw)) throw badRequest('last_knowledge_of_server must be a whole number.');
  return Number(raw);
}

export const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A `YYYY-MM-DD` date of the query, undefined when absent, a 400 when malformed. */
export function queryDate(ctx: RouteContext, name: string): string | undefined {
  const raw = ctx.query[name];
  if (raw === undefined || raw === '') return undefined;
  if (!DATE.test(raw) || Number.isNaN(Date.parse(raw)))
    throw badRequest(`${name} must be a date YYYY-MM-DD.`);
  return raw;
}

/** `YYYY-MM-01` of the pinned today. */
export const todayMonth = (ctx: RouteContext): string => `${ctx.today.slice(0, 7)}-01`;

/**
 * A month path segment → one of the plan's months: `current` is the month of the pinned today, which
 * stands for YNAB's own date (UTC, not the user's: avenir-mcp never sends `current`, and the tests
 * check the paths recorded); `YYYY-MM-DD` means its month. Anything else, or a month the plan lacks → 404.2.
 */
export function resolveMonth(ctx: RouteContext, segment: string): string {
  const month =
    segment === 'current' ? todayMonth(ctx) : DATE.test(segment) ? `${segment.slice(0, 7)}-01` : '';
  if (!ctx.state.months.includes(month)) throw notFound();
  return month;
}
