/**
 * The HTTP guards, applied to every request before MCP, in this order: Host (421, DNS rebinding), Origin
 * (403, foreign pages), Authorization (401, other programs).
 */
import { timingSafeEqual } from 'node:crypto';
import type { Secret } from '../domain/secret.js';

const HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);
export const UNAUTHORIZED =
  'Unauthorized: send the header Authorization: Bearer <token>, with AVENIR_MCP_HTTP_TOKEN or the token avenir-mcp printed when it started.';

/** `127.0.0.1`, `localhost` or `[::1]`, with or without a port. */
export function acceptedHost(host: string | undefined): boolean {
  if (!host) return false;
  const match = /^(\[[^\]]*\]|[^:]+)(?::\d{1,5})?$/.exec(host.toLowerCase());
  return match !== null && HOSTS.has(match[1] ?? '');
}

/** An Origin, when present, must be `http://` + an accepted Host value. */
export function acceptedOrigin(origin: string | undefined): boolean {
  if (origin === undefined) return true;
  return origin.startsWith('http://') && acceptedHost(origin.slice('http://'.length));
}

/** The whole header against `Bearer <token>`, byte-wise, in constant time. */
export function authorised(header: string | undefined, token: Secret): boolean {
  const expected = Buffer.from(`Bearer ${token.reveal()}`, 'utf8');
  const given = Buffer.from(header ?? '', 'utf8');
  const same = given.length === expected.length;
  return timingSafeEqual(same ? given : expected, expected) && same;
}

export type GuardFailure = { status: 421 | 403 | 401; body: string; headers: Record<string, string> };

/** The first guard a request fails, or null. */
export function guard(
  headers: { host?: string | undefined; origin?: string | undefined; authorization?: string | undefined },
  token: Secret,
): GuardFailure | null {
  const plain = { 'content-type': 'text/plain; charset=utf-8' };
  if (!acceptedHost(headers.host))
    return {
      status: 421,
      body: 'Misdirected request: this server answers only on 127.0.0.1, localhost or [::1].',
      headers: plain,
    };
  if (!acceptedOrigin(headers.origin))
    return {
      status: 403,
      body: 'Forbidden: requests from web pages of other origins are refused.',
      headers: plain,
    };
  if (!authorised(headers.authorization, token))
    return { status: 401, body: UNAUTHORIZED, headers: { ...plain, 'www-authenticate': 'Bearer' } };
  return null;
}
