/**
 * The only code that sends requests to YNAB: Node's own HTTP client (http-send.ts) with a 30 s timeout
 * for the answer to begin and then 30 s between its bytes (a large plan's first download is long), a
 * 10 s connect timeout, bearer token read per request, path segments checked, pacing, retries, and
 * YNAB's failures turned into texts that say what to do.
 *
 * Node's `http`/`https` rather than `fetch` or an HTTP library: a JSON API needs none of the WHATWG
 * layer (Request, Headers, Response, web streams) that `fetch` loads from its internal copy of undici at
 * the first request, and a bundled HTTP library is compiled at start-up or in the first call; both
 * cost the first tool call more than the call itself.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { ClientError } from '../domain/errors.js';
import { quote } from '../domain/text.js';
import type { Secret } from '../domain/secret.js';
import { oneLine, UnknownOutcome } from '../domain/write-outcome.js';
import { closeAll, preload, send, type Answer } from './http-send.js';
import { observeYnabRequest, secondsSince, type YnabOutcome } from '../metrics/hooks.js';
import { minutesText, type Pacing } from './pace.js';
import { EMPTY, INVALID, JsonRows } from './json-rows.js';
import { watched } from './progress.js';
import { readBody, textSink, type BodySink } from './read-body.js';
import { backoffMs, describeFailure, mayRetry } from './retry.js';

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;
const TIMEOUT_MS = 30_000;

/** The class of an answer's status, for the metrics. */
const outcomeOf = (status: number): YnabOutcome =>
  status === 429 ? 'rate_limited' : status >= 500 ? 'server_error' : status >= 400 ? 'client_error' : 'ok';

/** A write whose answer never came back (or could not be read): it may have landed. */
const lostText = (cause: string): string =>
  `The request reached YNAB but no answer came back (${cause}): the change may or may not be applied. Check with find_transactions / get_category_balances before trying again; do not repeat it blindly.`;
const unreachableText = (attempt: number, cause: string): string =>
  `YNAB could not be reached after ${attempt} attempts (${cause}). Nothing was changed. Try again in a few minutes.`;
const CONNECT_TIMEOUT_MS = 10_000;

export interface HttpOptions {
  /** The base URL, read at each request (throws a ClientError when it is not allowed). */
  baseUrl: () => string;
  /** The token, read at each request (throws a ClientError when missing). */
  token: () => Promise<Secret>;
  pacer: Pacing;
  log: { info(logger: string, message: string): void; debug(logger: string, message: string): void };
  random?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** The time allowed for an answer to begin, and then between its bytes (30 s; tests shorten it). */
  timeoutMs?: number;
  /** Arms the wait for an answer to begin (a real timer; tests of a late answer expire it themselves). */
  answerTimer?: AnswerTimer;
}

/** Calls `expire` after `ms` unless the function it returns is called first. */
export type AnswerTimer = (ms: number, expire: () => void) => () => void;

const realTimer: AnswerTimer = (ms, expire) => {
  const timer = setTimeout(expire, ms);
  return () => clearTimeout(timer);
};

export interface RequestOptions {
  query?: Record<string, string | number | undefined>;
  body?: unknown;
}

/** Loads the HTTP client for YNAB's address in the background, once the server is up (nothing is sent). */
export function preloadHttp(baseUrl: () => string): void {
  try {
    preload(baseUrl());
  } catch {
    // an address refused now is refused again, with its message, at the first request
  }
}

/**
 * Lets the requests under way finish, then closes the pooled connections, whose keep-alive would
 * otherwise hold the process open for seconds after its client has gone. The next request opens a
 * new pool.
 */
export const closeConnections = (): Promise<void> => closeAll();

/** `{segment:q} is not a YNAB id…` unless every path segment is a plain id. */
export function checkSegments(segments: readonly string[]): void {
  for (const segment of segments) {
    if (!SEGMENT.test(segment)) {
      throw new ClientError(
        `${quote(segment)} is not a YNAB id: use the ids returned by list_plans, list_accounts or the other tools.`,
      );
    }
  }
}

function errorText(status: number, text: string): string {
  if (status === 401) {
    return "YNAB 401: the token is invalid or was revoked; create a new Personal Access Token in YNAB's settings.";
  }
  let detail = text;
  try {
    const parsed = JSON.parse(text) as { error?: { detail?: unknown } };
    detail = typeof parsed?.error?.detail === 'string' ? parsed.error.detail : '';
  } catch {
    // not JSON: the raw body is the detail
  }
  // a proxy's 1 MB HTML page is not a message: one line, at most 300 characters
  return `YNAB ${status}: ${oneLine(detail)}`;
}

/** What a header value may hold: visible Latin-1 text, spaces and tabs (no line break, no NUL). */
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

/**
 * The request headers. A token that cannot be a header value is refused here, in words that do not
 * quote it: the token was checked when it was read, and this is the last guard.
 */
function buildHeaders(token: Secret, json: boolean): Record<string, string> {
  const authorization = `Bearer ${token.reveal()}`;
  if (!HEADER_VALUE.test(authorization))
    throw new ClientError(
      'The YNAB token cannot be sent in a request header: set YNAB_API_KEY (or the file YNAB_API_KEY_FILE names) to the token only, on one line.',
    );
  return {
    authorization,
    accept: 'application/json',
    ...(json ? { 'content-type': 'application/json' } : {}),
  };
}

/** One header of an answer as text (a repeated header comes as a list). */
const headerOf = (headers: IncomingHttpHeaders, name: string): string | null => {
  const value = headers[name];
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
};

/** The body's declared length in bytes, or undefined (chunked framing declares none). */
function lengthOf(headers: IncomingHttpHeaders): number | undefined {
  const length = Number(headerOf(headers, 'content-length') ?? Number.NaN);
  return Number.isSafeInteger(length) && length >= 0 ? length : undefined;
}

/** What an answer holds, as progress texts name it: `the plan's transactions` for /plans/{id}/transactions. */
const whatOf = (segments: readonly string[]): string =>
  segments.length >= 3 ? `the plan's ${String(segments[2]).replaceAll('_', ' ')}` : 'the answer';

export class YnabHttp {
  readonly #o: HttpOptions;
  readonly #random: () => number;
  readonly #sleep: (ms: number) => Promise<void>;

  constructor(options: HttpOptions) {
    this.#o = options;
    this.#random = options.random ?? Math.random;
    this.#sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  /** Sends one request (with the retries the policy allows) and returns the body's `data`. */
  async request<T>(method: Method, segments: readonly string[], options: RequestOptions = {}): Promise<T> {
    checkSegments(segments);
    const base = this.#o.baseUrl();
    const token = await this.#o.token();
    const url = new URL(`${base}/${segments.join('/')}`);
    for (const [k, v] of Object.entries(options.query ?? {}))
      if (v !== undefined) url.searchParams.set(k, String(v));
    const headers = buildHeaders(token, options.body !== undefined);
    // Node's client never follows a redirect: a 3xx is answered as the failure it is here
    const init = {
      method,
      headers,
      connectTimeoutMs: CONNECT_TIMEOUT_MS,
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    };
    // ids and counts only, never names or amounts: paths hold ids, queries dates and knowledge numbers
    this.#o.log.info('ynab', `YNAB request: ${method} /${segments.join('/')}${url.search}`);
    for (let attempt = 1; ; attempt++) {
      if (attempt > 1) await this.#sleep(backoffMs(attempt - 1, this.#random));
      await this.#o.pacer.take();
      const ms = this.#o.timeoutMs ?? TIMEOUT_MS;
      const controller = new AbortController();
      const stopWaiting = (this.#o.answerTimer ?? realTimer)(ms, () =>
        controller.abort(new DOMException(`no answer within ${ms} ms`, 'TimeoutError')),
      );
      let response: Answer;
      const kind = method === 'GET' ? 'read' : 'write';
      const started = performance.now();
      try {
        response = await send(url, { ...init, signal: controller.signal });
        // timed to the answer's head: a large body's download is the plan's size, not YNAB's latency
        observeYnabRequest(kind, outcomeOf(response.statusCode), secondsSince(started));
      } catch (error) {
        observeYnabRequest(kind, 'no_answer', secondsSince(started));
        const failure = describeFailure(error);
        if (mayRetry(method, attempt, failure)) continue;
        if (method !== 'GET' && !failure.neverLeft)
          throw new UnknownOutcome(lostText(oneLine(failure.cause)));
        throw new ClientError(unreachableText(attempt, oneLine(failure.cause)));
      } finally {
        stopWaiting();
      }
      const outcome = await this.#read(method, response, attempt, segments, (sink) =>
        readBody(response.body, controller, ms, sink),
      );
      if (outcome === 'retry') continue;
      return outcome.data as T;
    }
  }

  async #read(
    method: Method,
    response: Answer,
    attempt: number,
    segments: readonly string[],
    body: <S>(sink: BodySink<S>) => Promise<S>,
  ): Promise<'retry' | { data: unknown }> {
    const status = response.statusCode;
    const success = status >= 200 && status < 300;
    // a success is parsed as it arrives (json-rows.ts), its bytes counted for a call that asked for
    // progress (progress.ts); anything else is read as the text it explains
    let parsed: unknown = EMPTY;
    let text = '';
    try {
      if (success) {
        const rows = watched(new JsonRows(), () => [whatOf(segments), lengthOf(response.headers)]);
        parsed = await body(rows);
      } else text = await body(textSink());
    } catch (error) {
      const failure = describeFailure(error);
      if (mayRetry(method, attempt, { neverLeft: false })) return 'retry';
      if (method === 'GET') throw new ClientError(unreachableText(attempt, oneLine(failure.cause)));
      throw new UnknownOutcome(lostText(oneLine(failure.cause)));
    }
    if (success) return this.#data(method, status, parsed, attempt);
    if (status === 429) {
      const ms = await this.#o.pacer.pause(headerOf(response.headers, 'retry-after'));
      throw new ClientError(
        `YNAB 429: the limit of 200 requests per hour for this token is reached (other apps using the same token count too). avenir-mcp retries nothing and sends no request for ${minutesText(ms)}. Tell the user; do not retry before then.`,
        429,
      );
    }
    if (mayRetry(method, attempt, { status })) return 'retry';
    throw new ClientError(errorText(status, text), status);
  }

  /**
   * The `data` of a 2xx answer. One that is not the JSON YNAB sends (a proxy page, a cut body, no
   * `data` object) says nothing about the change: for a write that is an unknown outcome, for a read
   * a retry while tries are left.
   */
  #data(method: Method, status: number, parsed: unknown, attempt: number): 'retry' | { data: unknown } {
    const data =
      parsed === INVALID || parsed === EMPTY ? undefined : (parsed as { data?: unknown } | null)?.data;
    if (data !== null && typeof data === 'object') return { data };
    if (method === 'DELETE' && parsed === EMPTY) return { data: {} };
    const cause = `YNAB answered ${status} with a body that is not the expected JSON`;
    if (method !== 'GET') throw new UnknownOutcome(lostText(cause));
    if (mayRetry(method, attempt, { neverLeft: false })) return 'retry';
    throw new ClientError(
      `YNAB answered ${status} but its answer could not be read after ${attempt} attempts. Nothing was changed. Try again in a few minutes.`,
      status,
    );
  }
}
