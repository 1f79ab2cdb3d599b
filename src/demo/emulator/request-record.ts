/**
 * The stand-in's view of an incoming request before it is answered: its record (what tests read),
 * whether it is for YNAB's OAuth or the API, and the answer a fault's status gives.
 */
import type { IncomingMessage } from 'node:http';
import type { FaultRule } from './faults.js';
import { errorBody } from './http.js';
import type { Reply } from './http.js';
import { paramsOf } from './oauth.js';
import type { RecordedRequest } from './stand-in-types.js';
import { parseBody } from './wire.js';

export function checkToday(today: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today) || Number.isNaN(Date.parse(today))) {
    throw new RangeError(`today must be a date YYYY-MM-DD, got ${JSON.stringify(today)}`);
  }
  return today;
}

const bearerOf = (req: IncomingMessage): string | null =>
  /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? null;

/** A fault's status (YNAB's error shape unless the rule gives a body), with its `Retry-After`. */
export const faultReply = (fault: FaultRule, status: number): Reply => ({
  status,
  body: fault.body ?? errorBody(status),
  ...(fault.retryAfter === undefined ? {} : { headers: { 'Retry-After': fault.retryAfter } }),
});

/** YNAB's OAuth lives beside the API, at the origin's `/oauth/` (never under `/v1`). */
export const isOAuth = (req: IncomingMessage): boolean => (req.url ?? '').startsWith('/oauth/');

/** The record of a request: the API's path without `/v1`; an OAuth request's parameters as its body. */
export function recordOf(req: IncomingMessage, raw: string, at: number): RecordedRequest {
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
    at,
  };
}
