/**
 * The HTTP guards, applied to every request before MCP, in this order: Host (421, DNS rebinding), Origin
 * (403, foreign pages), Authorization (401, other programs).
 */
import { timingSafeEqual } from 'node:crypto';
import type { Secret } from '../domain/secret.js';

const HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);
export const UNAUTHORIZED =
  'Unauthorized: send the header Authorization: Bearer <token>, with AVENIR_MCP_HTTP_TOKEN or the token avenir-mcp printed when it started.';

/**
 * `127.0.0.1`, `localhost` or `[::1]`, with or without a port; in remote mode also the public host
 * (the owner's TLS proxy passes it through), exactly as AVENIR_MCP_PUBLIC_URL spells it.
 */
export function acceptedHost(host: string | undefined, publicUrl: URL | null = null): boolean {
  if (!host) return false;
  const lower = host.toLowerCase();
  if (publicUrl && (lower === publicUrl.host || lower === publicUrl.hostname)) return true;
  const match = /^(\[[^\]]*\]|[^:]+)(?::\d{1,5})?$/.exec(lower);
  return match !== null && HOSTS.has(match[1] ?? '');
}

/** An Origin, when present, must be `http://` + an accepted Host value, or the public origin. */
export function acceptedOrigin(origin: string | undefined, publicUrl: URL | null = null): boolean {
  if (origin === undefined) return true;
  if (publicUrl && origin.toLowerCase() === publicUrl.origin) return true;
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

type Headers = { host?: string | undefined; origin?: string | undefined; authorization?: string | undefined };
const plain = { 'content-type': 'text/plain; charset=utf-8' };

/** The Host guard (421). */
export function hostGuard(headers: Headers, publicUrl: URL | null = null): GuardFailure | null {
  if (acceptedHost(headers.host, publicUrl)) return null;
  const where = publicUrl
    ? `${publicUrl.host}, 127.0.0.1, localhost or [::1]`
    : '127.0.0.1, localhost or [::1]';
  return { status: 421, body: `Misdirected request: this server answers only on ${where}.`, headers: plain };
}

/** The Origin guard (403). */
export function originGuard(headers: Headers, publicUrl: URL | null = null): GuardFailure | null {
  if (acceptedOrigin(headers.origin, publicUrl)) return null;
  return {
    status: 403,
    body: 'Forbidden: requests from web pages of other origins are refused.',
    headers: plain,
  };
}

/** The first guard a request fails, or null. */
export function guard(headers: Headers, token: Secret): GuardFailure | null {
  const site = hostGuard(headers) ?? originGuard(headers);
  if (site) return site;
  if (!authorised(headers.authorization, token))
    return { status: 401, body: UNAUTHORIZED, headers: { ...plain, 'www-authenticate': 'Bearer' } };
  return null;
}
