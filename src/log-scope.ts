/**
 * Which HTTP request a log line belongs to. Each request runs in a scope holding its request id and,
 * once authenticated in hosted mode, the person's opaque id; the JSON log format (log.ts) writes both
 * on every line logged inside it, so that an operator can follow one request across the lines of a
 * call and one person across requests without a name, an amount or a token ever being logged.
 *
 * The request id is the balancer's `X-Request-Id` when it sends one that is plain (letters, digits and
 * `-_.:`, at most 128): anything else could forge a field or fill the log, and is replaced by a UUID.
 */
import { randomUUID } from 'node:crypto';
import { AsyncLocalStorage } from 'node:async_hooks';

export interface LogScope {
  readonly requestId: string;
  /** The person's opaque id (hosted mode), set once the request is authenticated. */
  person?: string;
}

const scope = new AsyncLocalStorage<LogScope>();
const PLAIN_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The balancer's request id when it is plain, else a new one. */
export function requestIdOf(header: string | string[] | undefined): string {
  return typeof header === 'string' && PLAIN_ID.test(header) ? header : randomUUID();
}

/** Runs `work` (and everything it starts) inside the scope of one request. */
export function withLogScope<T>(requestId: string, work: () => T): T {
  return scope.run({ requestId }, work);
}

/** The scope of the request being handled, if any. */
export const currentLogScope = (): LogScope | undefined => scope.getStore();

/** Names the person of the current request's lines from now on (an opaque id, never a name). */
export function setLogPerson(person: string): void {
  const current = scope.getStore();
  if (current) current.person = person;
}
