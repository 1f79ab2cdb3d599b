/** The retry policy: which failures may be tried again, and how long to wait. */
import { CONNECT_TIMEOUT } from './http-send.js';

export const MAX_TRIES = 3;

/** Low-level codes that prove the request never left this machine (any method may be retried). */
const NEVER_LEFT = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  CONNECT_TIMEOUT,
]);

export interface TransportFailure {
  /** `{name}: {message}` or `{name}`. */
  cause: string;
  /** True when the connection could not be established. */
  neverLeft: boolean;
}

interface WithCode {
  code?: unknown;
  message?: unknown;
  name?: unknown;
  cause?: unknown;
}

/** Describes a failed request: its low-level code (or class name) and whether it never left. */
export function describeFailure(error: unknown): TransportFailure {
  let low: WithCode = error ?? {};
  // a wrapped error (an Error with a `cause`) names the coded one underneath: look for it.
  for (let e: unknown = low; e && typeof e === 'object'; e = (e as WithCode).cause) {
    const c = e as WithCode;
    if (typeof c.code === 'string') {
      low = c;
      break;
    }
  }
  const code = typeof low.code === 'string' ? low.code : undefined;
  const name = code ?? (typeof low.name === 'string' ? low.name : 'Error');
  const message = typeof low.message === 'string' ? low.message : '';
  const tls = code !== undefined && (code.startsWith('ERR_TLS') || code.includes('CERT'));
  return {
    cause: message ? `${name}: ${message}` : name,
    neverLeft: code !== undefined && (NEVER_LEFT.has(code) || tls),
  };
}

/** May this try be followed by another? */
export function mayRetry(
  method: string,
  attempt: number,
  failure: { status?: number; neverLeft?: boolean },
): boolean {
  if (attempt >= MAX_TRIES) return false;
  if (failure.status !== undefined) return method === 'GET' && [502, 503, 504].includes(failure.status);
  return failure.neverLeft === true || method === 'GET';
}

/** Full jitter: random() × 0.5 × 2^(attempt − 1) seconds, in milliseconds. */
export const backoffMs = (attempt: number, random: () => number): number =>
  random() * 500 * 2 ** (attempt - 1);
