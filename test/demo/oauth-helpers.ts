/** Test helpers for the stand-in's YNAB sign-in: the app, the authorize step and the token endpoint over loopback. */
import type { OAuthApp, StandIn } from '../../src/demo/index.js';
import { parse, type Answer } from './helpers.js';

export const APP: OAuthApp = {
  clientId: 'avenir-test-app',
  clientSecret: 'not-a-real-secret',
  redirectUris: ['https://avenir.example/oauth/ynab/callback', 'http://127.0.0.1:9/callback'],
};
export const REDIRECT = APP.redirectUris[0]!;

/** The authorize address with the usual parameters, `extra` added or (as undefined) removed. */
export function authorizeUrl(si: StandIn, extra: Record<string, string | undefined> = {}): URL {
  const url = new URL(`${si.origin}/oauth/authorize`);
  const params: Record<string, string | undefined> = {
    client_id: APP.clientId,
    redirect_uri: REDIRECT,
    response_type: 'code',
    state: 'st-123',
    ...extra,
  };
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v);
  return url;
}

async function answerOf(res: Response): Promise<Answer> {
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, json: parse(text) };
}

/** Posts a form (`application/x-www-form-urlencoded`), never following a redirect. */
export async function postForm(
  url: string | URL,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) {
  const res = await fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });
  return answerOf(res);
}

/** Opens the authorize page as a browser would (the redirect not followed). */
export async function openAuthorize(url: URL): Promise<Answer> {
  return answerOf(await fetch(url, { redirect: 'manual' }));
}

/** The authorize step answered as `person` (or denied): the page's form posted back. */
export async function decide(si: StandIn, url: URL, answer: { person: string } | 'deny'): Promise<Answer> {
  const fields = Object.fromEntries(url.searchParams);
  const choice = answer === 'deny' ? { decision: 'deny' } : { person: answer.person };
  return postForm(`${si.origin}/oauth/authorize`, { ...fields, ...choice });
}

/** The query of the address a redirect sends the browser to. */
export function redirectedTo(answer: Answer): URL {
  const location = answer.headers.get('location');
  if (answer.status !== 302 || location === null)
    throw new Error(`expected a redirect, got ${answer.status}`);
  return new URL(location);
}

/** Signs `person` in with fetch alone: the code the redirect carries. */
export async function codeFor(
  si: StandIn,
  person: string,
  extra: Record<string, string> = {},
): Promise<string> {
  const to = redirectedTo(await decide(si, authorizeUrl(si, extra), { person }));
  const code = to.searchParams.get('code');
  if (code === null) throw new Error(`no code in ${to.href}`);
  return code;
}

const CLIENT = { client_id: APP.clientId, client_secret: APP.clientSecret };

export const exchange = (si: StandIn, code: string, fields: Record<string, string> = {}) =>
  postForm(`${si.origin}/oauth/token`, {
    ...CLIENT,
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT,
    ...fields,
  });

export const refresh = (si: StandIn, refreshToken: string, fields: Record<string, string> = {}) =>
  postForm(`${si.origin}/oauth/token`, {
    ...CLIENT,
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    ...fields,
  });
