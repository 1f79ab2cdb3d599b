/**
 * YNAB's code grant on the stand-in, driven over loopback with fetch: the authorize page, the person's
 * choice, the code's exchange, refresh with rotation, revoked and expired grants, and the errors an app
 * meets when it gets something wrong.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ALICE_USER_ID, demoPeople, startStandIn } from '../../src/demo/index.js';
import type { StandIn } from '../../src/demo/index.js';
import { call } from './helpers.js';
import {
  APP,
  REDIRECT,
  authorizeUrl,
  codeFor,
  decide,
  exchange,
  openAuthorize,
  postForm,
  redirectedTo,
  refresh,
} from './oauth-helpers.js';

let si: StandIn;
let now = Date.UTC(2026, 8, 25, 9);
beforeAll(async () => {
  si = await startStandIn({ people: demoPeople(), oauthApps: [APP], now: () => now });
});
afterAll(async () => {
  await si.close();
});
beforeEach(() => si.reset());

const INVALID_GRANT = {
  error: 'invalid_grant',
  error_description:
    'The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.',
};
const UNAUTHORIZED = { error: { id: '401', name: 'unauthorized', detail: 'Unauthorized' } };

describe('the code grant', () => {
  it('page, sign-in as Alice, exchange, then the API as Alice', async () => {
    const page = await openAuthorize(authorizeUrl(si));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.text).toContain(APP.clientId);
    expect(page.text).toContain('Full access');
    expect(page.text).toContain('>Sign in as Alice</button>');
    expect(page.text).toContain('>Sign in as Bob</button>');
    expect(page.text).toContain('value="deny">Deny</button>');

    const back = redirectedTo(await decide(si, authorizeUrl(si), { person: 'Alice' }));
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    expect(back.searchParams.get('state')).toBe('st-123');
    const code = back.searchParams.get('code') ?? '';
    expect(code).not.toBe('');

    const token = await exchange(si, code);
    expect(token.status).toBe(200);
    expect(token.headers.get('cache-control')).toBe('no-store');
    expect(token.json).toEqual({
      access_token: expect.any(String),
      token_type: 'bearer',
      expires_in: 7200,
      refresh_token: expect.any(String),
      scope: '',
      created_at: Math.floor(now / 1000),
    });
    const user = await call(si, 'GET', '/user', undefined, token.json.access_token);
    expect(user.json).toEqual({ data: { user: { id: ALICE_USER_ID } } });
    const plans = await call(si, 'GET', '/plans', undefined, token.json.access_token);
    expect(plans.json.data.plans.map((p: { id: string }) => p.id)).toEqual(['demo-budget']);
    expect(si.requests.map((r) => [r.method, r.path, r.status, r.person])).toEqual([
      ['GET', '/oauth/authorize', 200, null],
      ['POST', '/oauth/authorize', 302, 'Alice'],
      ['POST', '/oauth/token', 200, 'Alice'],
      ['GET', '/user', 200, 'Alice'],
      ['GET', '/plans', 200, 'Alice'],
    ]);
    expect(si.writes).toEqual([]);
  });

  it('takes the parameters from the query string too (as YNAB documents them), and HTTP Basic', async () => {
    const query = new URLSearchParams({
      client_id: APP.clientId,
      client_secret: APP.clientSecret,
      redirect_uri: REDIRECT,
      grant_type: 'authorization_code',
      code: await codeFor(si, 'Bob'),
    });
    const inQuery = await postForm(`${si.origin}/oauth/token?${query.toString()}`, {});
    expect(inQuery.status).toBe(200);
    const basic = `Basic ${Buffer.from(`${APP.clientId}:${APP.clientSecret}`).toString('base64')}`;
    const withBasic = await postForm(
      `${si.origin}/oauth/token`,
      { grant_type: 'refresh_token', refresh_token: inQuery.json.refresh_token },
      { Authorization: basic },
    );
    expect(withBasic.status).toBe(200);
    expect(si.requests.at(-1)?.person).toBe('Bob');
  });

  it('a code works once, for its own redirect address and app', async () => {
    const code = await codeFor(si, 'Alice');
    const other = await exchange(si, await codeFor(si, 'Alice'), { redirect_uri: APP.redirectUris[1]! });
    expect(other).toMatchObject({ status: 400, json: INVALID_GRANT });
    expect((await exchange(si, code)).status).toBe(200);
    expect(await exchange(si, code)).toMatchObject({ status: 400, json: INVALID_GRANT });
  });

  it('a code expires after ten minutes', async () => {
    const code = await codeFor(si, 'Alice');
    now += 600_000;
    expect(await exchange(si, code)).toMatchObject({ status: 400, json: INVALID_GRANT });
  });

  it('refuses a wrong secret, an unknown app, a missing grant type or code, another grant type', async () => {
    const code = await codeFor(si, 'Alice');
    const wrong = await exchange(si, code, { client_secret: 'guess' });
    expect(wrong.status).toBe(401);
    expect(wrong.json.error).toBe('invalid_client');
    expect((await exchange(si, code, { client_id: 'someone-else' })).json.error).toBe('invalid_client');
    expect((await exchange(si, code, { grant_type: '' })).json).toMatchObject({ error: 'invalid_request' });
    expect((await exchange(si, '')).json).toEqual({
      error: 'invalid_request',
      error_description: 'Missing required parameter: code.',
    });
    expect((await exchange(si, code, { grant_type: 'password' })).json.error).toBe('unsupported_grant_type');
    // none of these used the code up
    expect((await exchange(si, code)).status).toBe(200);
  });
});

describe('what the token endpoint accepts', () => {
  it('a JSON body', async () => {
    const res = await fetch(`${si.origin}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        client_id: APP.clientId,
        client_secret: APP.clientSecret,
        grant_type: 'authorization_code',
        code: await codeFor(si, 'Alice'),
        redirect_uri: REDIRECT,
        ignored: 42,
      }),
    });
    expect(res.status).toBe(200);
    // the record holds the string parameters only: the number is not one
    expect(si.requests.at(-1)?.body).toMatchObject({ grant_type: 'authorization_code' });
    expect(si.requests.at(-1)?.body).not.toHaveProperty('ignored');
  });

  it.each([
    ['a JSON body that is not an object', { 'Content-Type': 'application/json' }, '"text"'],
    ['a JSON body that does not parse', { 'Content-Type': 'application/json' }, '{'],
    ['Basic without a colon', { Authorization: `Basic ${Buffer.from('nocolon').toString('base64')}` }, ''],
    [
      'Basic that does not decode',
      { Authorization: `Basic ${Buffer.from('%E0%A4%A:x').toString('base64')}` },
      '',
    ],
    ['a client id without its secret', {}, `client_id=${APP.clientId}`],
  ])('%s: invalid_client', async (_, headers, body) => {
    const res = await fetch(`${si.origin}/oauth/token?grant_type=refresh_token&refresh_token=x`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
      body,
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Basic /);
    expect(((await res.json()) as { error: string }).error).toBe('invalid_client');
  });

  it.each([
    ['authorization_code', { code: 'c', redirect_uri: '' }, 'Missing required parameter: redirect_uri.'],
    ['refresh_token', { refresh_token: '' }, 'Missing required parameter: refresh_token.'],
  ])('%s without its parameter: invalid_request', async (grant_type, fields, description) => {
    const res = await postForm(`${si.origin}/oauth/token`, {
      client_id: APP.clientId,
      client_secret: APP.clientSecret,
      grant_type,
      ...fields,
    });
    expect(res).toMatchObject({
      status: 400,
      json: { error: 'invalid_request', error_description: description },
    });
  });

  it('other routes under /oauth/ answer 404', async () => {
    const res = await postForm(`${si.origin}/oauth/revoke`, { token: 'x' });
    expect(res.status).toBe(404);
    expect(res.json.error.id).toBe('404.1');
    expect((await openAuthorize(new URL(`${si.origin}/oauth/token`))).status).toBe(404);
  });

  it('is not under /v1: there it is an API route the demo does not serve', async () => {
    const token = si.issueToken('Alice').access_token;
    const res = await call(si, 'POST', '/oauth/token', {}, token);
    expect(res.status).toBe(404);
    expect(res.json.error).toMatchObject({ id: '404.1', detail: 'Not in the demo: POST /oauth/token' });
  });
});

describe('the authorize step', () => {
  it('a denial goes back with error=access_denied and the state', async () => {
    const back = redirectedTo(await decide(si, authorizeUrl(si), 'deny'));
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('st-123');
    expect(back.searchParams.get('code')).toBeNull();
  });

  it.each([
    [{ redirect_uri: 'https://evil.example/callback' }, 'is not one registered for avenir-test-app'],
    [{ redirect_uri: `${REDIRECT}/` }, 'it must match exactly'],
    [{ redirect_uri: undefined }, 'is not one registered'],
    [{ client_id: 'unknown-app' }, 'No application has the client_id unknown-app.'],
    [{ client_id: undefined }, 'The request has no client_id.'],
  ])('%j: an error page, never a redirect', async (extra, message) => {
    for (const answer of [
      await openAuthorize(authorizeUrl(si, extra)),
      await decide(si, authorizeUrl(si, extra), { person: 'Alice' }),
    ]) {
      expect(answer.status).toBe(400);
      expect(answer.headers.get('location')).toBeNull();
      expect(answer.text).toContain(message);
    }
  });

  it('another response type or an unknown scope goes back with the error', async () => {
    const token = redirectedTo(await openAuthorize(authorizeUrl(si, { response_type: 'token' })));
    expect(token.searchParams.get('error')).toBe('unsupported_response_type');
    const scope = redirectedTo(await openAuthorize(authorizeUrl(si, { scope: 'admin' })));
    expect(scope.searchParams.get('error')).toBe('invalid_scope');
    expect(scope.searchParams.get('state')).toBe('st-123');
  });

  it('a stand-in without people shows an error page', async () => {
    const alone = await startStandIn({ oauthApps: [APP] });
    try {
      const page = await openAuthorize(authorizeUrl(alone));
      expect(page.status).toBe(400);
      expect(page.text).toContain('This stand-in has no people to sign in as.');
    } finally {
      await alone.close();
    }
  });

  it('a post naming nobody is refused on the page', async () => {
    const url = authorizeUrl(si);
    const answer = await postForm(`${si.origin}/oauth/authorize`, Object.fromEntries(url.searchParams));
    expect(answer.status).toBe(400);
    expect(answer.text).toContain('There is nobody named &quot;&quot; to sign in as.');
  });

  it('signing in as nobody known is refused on the page', async () => {
    const answer = await decide(si, authorizeUrl(si), { person: 'Mallory' });
    expect(answer.status).toBe(400);
    expect(answer.headers.get('location')).toBeNull();
    expect(answer.text).toContain('There is nobody named &quot;Mallory&quot; to sign in as.');
  });

  it('escapes what the request carries into the page', async () => {
    const page = await openAuthorize(authorizeUrl(si, { state: '"><script>alert(1)</script>' }));
    expect(page.text).not.toContain('<script>');
    expect(page.text).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
  });
});

describe('refresh, expiry and revocation', () => {
  it('a refresh rotates: the new pair works, the old refresh and access tokens stop', async () => {
    const first = (await exchange(si, await codeFor(si, 'Alice'))).json;
    now += 60_000;
    const second = await refresh(si, first.refresh_token);
    expect(second.status).toBe(200);
    expect(second.json.created_at).toBe(Math.floor(now / 1000));
    expect(second.json.refresh_token).not.toBe(first.refresh_token);
    expect(second.json.access_token).not.toBe(first.access_token);
    expect(await refresh(si, first.refresh_token)).toMatchObject({ status: 400, json: INVALID_GRANT });
    expect(await call(si, 'GET', '/user', undefined, first.access_token)).toMatchObject({
      status: 401,
      json: UNAUTHORIZED,
    });
    expect((await call(si, 'GET', '/user', undefined, second.json.access_token)).status).toBe(200);
  });

  it('an access token expires after two hours; its refresh token still works', async () => {
    const pair = (await exchange(si, await codeFor(si, 'Bob'))).json;
    now += 7_199_000;
    expect((await call(si, 'GET', '/plans', undefined, pair.access_token)).status).toBe(200);
    now += 1_000;
    expect(await call(si, 'GET', '/plans', undefined, pair.access_token)).toMatchObject({
      status: 401,
      json: UNAUTHORIZED,
    });
    const next = await refresh(si, pair.refresh_token);
    expect((await call(si, 'GET', '/plans', undefined, next.json.access_token)).status).toBe(200);
  });

  it('a revoked grant: access and refresh tokens and pending codes stop; another person goes on', async () => {
    const alice = (await exchange(si, await codeFor(si, 'Alice'))).json;
    const pending = await codeFor(si, 'Alice');
    const bob = si.issueToken('Bob');
    si.revoke('Alice');
    expect((await call(si, 'GET', '/plans', undefined, alice.access_token)).status).toBe(401);
    expect(await refresh(si, alice.refresh_token)).toMatchObject({ status: 400, json: INVALID_GRANT });
    expect(await exchange(si, pending)).toMatchObject({ status: 400, json: INVALID_GRANT });
    expect((await call(si, 'GET', '/plans', undefined, bob.access_token)).status).toBe(200);
    expect((await refresh(si, bob.refresh_token)).status).toBe(200);
    // a new sign-in after a revocation works again
    expect((await exchange(si, await codeFor(si, 'Alice'))).status).toBe(200);
  });

  it('a refresh token works only for the app it was issued to', async () => {
    const pair = si.issueToken('Alice', { clientId: 'another-app' });
    expect(await refresh(si, pair.refresh_token)).toMatchObject({ status: 400, json: INVALID_GRANT });
  });
});

describe('faults on the OAuth routes', () => {
  it('a 500 on /oauth/token, then the exchange works', async () => {
    const code = await codeFor(si, 'Alice');
    si.fault({ method: 'POST', path: '/oauth/token', status: 500 });
    const failed = await exchange(si, code);
    expect(failed.status).toBe(500);
    expect((await exchange(si, code)).status).toBe(200);
  });

  it('a refresh whose answer is lost after it took effect: the old refresh token is spent', async () => {
    const pair = si.issueToken('Alice');
    si.fault({ path: '/oauth/token', drop: true, apply: true });
    await expect(refresh(si, pair.refresh_token)).rejects.toThrow();
    expect(si.requests.at(-1)).toMatchObject({ path: '/oauth/token', status: 200, person: 'Alice' });
    expect(await refresh(si, pair.refresh_token)).toMatchObject({ status: 400, json: INVALID_GRANT });
  });

  it('a fault on the authorize page', async () => {
    si.fault({ path: '/oauth/authorize', status: 503, body: 'Service Unavailable' });
    const page = await openAuthorize(authorizeUrl(si));
    expect(page).toMatchObject({ status: 503, text: 'Service Unavailable' });
  });
});
