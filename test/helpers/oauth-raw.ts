/**
 * OAuth by hand, for the refusals the official client never provokes: a registration, an
 * authorization request with a PKCE pair the test controls, the code from the page, token requests.
 */
import { createHash, randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { closePage, consent, type Browser, type Consent } from './browser.js';
import type { Callback } from './oauth-client.js';
import { PASSPHRASE, type Remote } from './oauth-server.js';

export const at = (remote: Remote, path: string): string => new URL(path, remote.url).href;

/** Registers a client, named unless `name` is null (a client that gives no `client_name`). */
export async function register(
  remote: Remote,
  redirectUri: string,
  name: string | null = 'Raw client',
): Promise<string> {
  const r = await fetch(at(remote, '/register'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      ...(name === null ? {} : { client_name: name }),
      redirect_uris: [redirectUri],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    }),
  });
  expect(r.status).toBe(201);
  return ((await r.json()) as { client_id: string }).client_id;
}

export const pkce = (): { verifier: string; challenge: string } => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

export function authorizeUrl(
  remote: Remote,
  clientId: string,
  redirectUri: string,
  extra: Record<string, string | null> = {},
): URL {
  const url = new URL(at(remote, '/authorize'));
  const params: Record<string, string | null> = {
    response_type: 'code',
    client_id: clientId,
    redirect_uri: redirectUri,
    scope: 'ynab:read ynab:write',
    resource: remote.url,
    state: 'st',
    ...extra,
  };
  for (const [k, v] of Object.entries(params)) if (v !== null) url.searchParams.set(k, v);
  return url;
}

/** A code from the page, for a client registered by hand; the verifier to redeem it. */
export async function codeFor(
  remote: Remote,
  browser: Browser,
  callback: Callback,
  clientId: string,
  answer: Partial<Consent> = {},
): Promise<{ code: string; verifier: string }> {
  const { verifier, challenge } = pkce();
  const url = authorizeUrl(remote, clientId, callback.url, {
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  const redirected = callback.next();
  const page = await consent(browser, url, { passphrase: PASSPHRASE, ...answer });
  const query = await redirected;
  closePage(page);
  expect(query.get('iss')).toBe(remote.oauth.publicUrl.origin);
  return { code: query.get('code') ?? '', verifier };
}

export interface TokenAnswer {
  status: number;
  body: {
    access_token?: string;
    refresh_token?: string;
    scope?: string;
    error?: string;
    error_description?: string;
  };
}

export async function token(remote: Remote, form: Record<string, string>): Promise<TokenAnswer> {
  const r = await fetch(at(remote, '/token'), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  return { status: r.status, body: (await r.json()) as TokenAnswer['body'] };
}

export const redeem = (
  remote: Remote,
  clientId: string,
  code: string,
  verifier: string | null,
  redirectUri: string,
) =>
  token(remote, {
    grant_type: 'authorization_code',
    client_id: clientId,
    code,
    redirect_uri: redirectUri,
    resource: remote.url,
    ...(verifier === null ? {} : { code_verifier: verifier }),
  });

export const refresh = (remote: Remote, clientId: string, refreshToken: string) =>
  token(remote, {
    grant_type: 'refresh_token',
    client_id: clientId,
    refresh_token: refreshToken,
    resource: remote.url,
  });

/** A tools/list over HTTP with a bearer token: the status and the answer's text. */
export async function mcpWith(
  remote: Remote,
  bearer: string,
): Promise<{ status: number; challenge: string | null }> {
  const r = await fetch(remote.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      authorization: `Bearer ${bearer}`,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    }),
  });
  await r.body?.cancel();
  return { status: r.status, challenge: r.headers.get('www-authenticate') };
}
