/** Test helpers: real HTTP over loopback to a stand-in. */
import type { StandIn } from '../../src/demo/index.js';

/** A parsed response body, as `JSON.parse` types it. */
export type Json = ReturnType<typeof JSON.parse>;

/** A listed object of a response (account, category, group, month, transaction…). */
export interface Item {
  id: string;
  month: string;
  deleted: boolean;
  categories: Item[];
  [key: string]: unknown;
}

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: Json;
}

export function parse(text: string): Json {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Sends a request to the stand-in (`path` after `/v1`), with a bearer token unless `token` is null. */
export async function call(
  si: StandIn,
  method: string,
  path: string,
  body?: unknown,
  token: string | null = 'demo',
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (token !== null) headers['Authorization'] = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${si.url}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, json: parse(text) };
}

export const get = (si: StandIn, path: string): Promise<Answer> => call(si, 'GET', path);

export const P = '/plans/demo-budget';

export const NOT_FOUND = { error: { id: '404.2', name: 'resource_not_found', detail: 'Resource not found' } };
