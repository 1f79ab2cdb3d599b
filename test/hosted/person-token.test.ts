/**
 * One person's YNAB token in hosted mode, against a small YNAB on loopback that speaks the contract of
 * YNAB's token endpoint (rotating refresh tokens, invalid_grant) and answers 401 to a token it ended:
 * refresh before expiry, one refresh for concurrent calls, a refused refresh drops the grant, a 401
 * refreshes once, and no token appears in any error.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ClientError } from '../../src/domain/errors.js';
import { Secret } from '../../src/domain/secret.js';
import { PersonHttp } from '../../src/hosted/person-http.js';
import { PersonToken, REFRESH_MARGIN_MS, SIGN_IN_AGAIN } from '../../src/hosted/person-token.js';
import type { YnabApp } from '../../src/hosted/ynab-oauth.js';
import { silentLog } from '../../src/log.js';
import { Pacer } from '../../src/ynab/pace.js';
import { openPglitePeople, type RecordingPeople } from '../helpers/recording-people.js';

const CANARY = 'CANARY-access-3f9c';
const CANARY_REFRESH = 'CANARY-refresh-77ab';

/** The tokens the small YNAB knows: access tokens that work, refresh tokens not yet spent. */
interface Ynab {
  live: Set<string>;
  refreshable: Set<string>;
  refreshes: number;
  apiCalls: number;
  /** Each refresh waits for this before answering (to hold two calls in flight at once). */
  gate: Promise<void>;
  url: string;
}

let server: Server;
const ynab: Ynab = {
  live: new Set(),
  refreshable: new Set(),
  refreshes: 0,
  apiCalls: 0,
  gate: Promise.resolve(),
  url: '',
};

beforeAll(async () => {
  let n = 0;
  server = createServer((req, res) => {
    const json = (status: number, body: unknown) =>
      void res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.method === 'POST' && req.url === '/oauth/token') {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        ynab.refreshes += 1;
        void ynab.gate.then(() => {
          const old = form.get('refresh_token') ?? '';
          if (form.get('client_secret') !== 'app-secret') return json(401, { error: 'invalid_client' });
          if (!ynab.refreshable.delete(old))
            return json(400, { error: 'invalid_grant', error_description: `bad ${old}` });
          n += 1;
          const access = `access-${n}`;
          const refresh = `refresh-${n}`;
          ynab.live.add(access);
          ynab.refreshable.add(refresh);
          json(200, {
            access_token: access,
            token_type: 'bearer',
            expires_in: 7200,
            refresh_token: refresh,
            scope: '',
          });
        });
      });
      return;
    }
    ynab.apiCalls += 1;
    const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    if (!ynab.live.has(token))
      return json(401, { error: { id: '401', name: 'unauthorized', detail: 'Unauthorized' } });
    json(200, { data: { user: { id: 'ynab-user-1' } } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  ynab.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  ({ people, close: closeStore } = await openPglitePeople());
}, 120_000);
afterAll(async () => {
  await closeStore?.();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

let people: RecordingPeople;
let closeStore: () => Promise<void>;
let user = 0;
let id: string;
const app = (): YnabApp => ({
  clientId: 'app',
  clientSecret: new Secret('app-secret'),
  oauthUrl: ynab.url,
  redirectUri: 'https://avenir.example.net/oauth/ynab/callback',
  apiUrl: () => `${ynab.url}/v1`,
});

/** Stores the canary grant, expiring in `ms`, and makes the small YNAB accept it. */
async function grantExpiringIn(ms: number): Promise<void> {
  ynab.live.add(CANARY);
  ynab.refreshable.add(CANARY_REFRESH);
  await people.saveGrant(id, {
    accessToken: CANARY,
    refreshToken: CANARY_REFRESH,
    expiresAt: Date.now() + ms,
    scope: '',
  });
}

const httpFor = (token: PersonToken): PersonHttp =>
  new PersonHttp(
    { baseUrl: () => `${ynab.url}/v1`, pacer: new Pacer(() => performance.now()), log: silentLog },
    token,
  );

const errorOf = async (work: Promise<unknown>): Promise<Error> => {
  try {
    await work;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a failure');
};

const noToken = (error: Error): void => {
  for (const secret of [CANARY, CANARY_REFRESH, 'app-secret', 'access-', 'refresh-'])
    expect(`${error.message} ${error.stack ?? ''}`).not.toContain(secret);
};

beforeEach(async () => {
  // a person of their own for each test, on the one store of the file
  user += 1;
  id = (await people.signIn(`ynab-user-${user}`, { allowed: 'read', timeZone: null })).id;
  people.saves = 0;
  ynab.live.clear();
  ynab.refreshable.clear();
  ynab.refreshes = 0;
  ynab.apiCalls = 0;
  ynab.gate = Promise.resolve();
});

describe("a person's YNAB token", () => {
  it('is sent as stored while it has more than the margin left', async () => {
    await grantExpiringIn(REFRESH_MARGIN_MS * 2);
    expect((await new PersonToken(people, id, app()).token()).reveal()).toBe(CANARY);
    expect(ynab.refreshes).toBe(0);
  });

  it('is refreshed before it expires, and the rotated refresh token is saved', async () => {
    await grantExpiringIn(REFRESH_MARGIN_MS / 2);
    const token = await new PersonToken(people, id, app()).token();
    expect(token.reveal()).toBe('access-1');
    expect(ynab.refreshes).toBe(1);
    expect(await people.grant(id)).toMatchObject({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    expect(ynab.refreshable.has(CANARY_REFRESH)).toBe(false);
  });

  it('two calls at once with an expired token cause one refresh', async () => {
    await grantExpiringIn(-1000);
    let open!: () => void;
    ynab.gate = new Promise((resolve) => (open = resolve));
    const http = httpFor(new PersonToken(people, id, app()));
    const both = Promise.all([http.request('GET', ['user']), http.request('GET', ['user'])]);
    while (ynab.refreshes === 0) await new Promise((resolve) => setImmediate(resolve));
    open();
    expect(await both).toEqual([{ user: { id: 'ynab-user-1' } }, { user: { id: 'ynab-user-1' } }]);
    expect(ynab.refreshes).toBe(1);
    expect(people.saves).toBe(2);
  });

  it('a refresh YNAB refuses drops the grant: this call and the next say to sign in again', async () => {
    await grantExpiringIn(-1000);
    ynab.refreshable.clear();
    const http = httpFor(new PersonToken(people, id, app()));
    const error = await errorOf(http.request('GET', ['user']));
    expect(error).toEqual(new ClientError(SIGN_IN_AGAIN));
    noToken(error);
    expect(await people.grant(id)).toBeNull();
    const calls = ynab.apiCalls;
    expect(await errorOf(http.request('GET', ['user']))).toEqual(new ClientError(SIGN_IN_AGAIN));
    expect(ynab.apiCalls, 'no request without a grant').toBe(calls);
  });

  it('a 401 to a token thought valid refreshes once and sends the request again', async () => {
    await grantExpiringIn(REFRESH_MARGIN_MS * 2);
    ynab.live.delete(CANARY);
    const http = httpFor(new PersonToken(people, id, app()));
    expect(await http.request('GET', ['user'])).toEqual({ user: { id: 'ynab-user-1' } });
    expect(ynab.refreshes).toBe(1);
    expect(ynab.apiCalls).toBe(2);
  });

  it('a 401 to the fresh token too drops the grant, with the sign-in text and no token in it', async () => {
    await grantExpiringIn(REFRESH_MARGIN_MS * 2);
    ynab.live.delete(CANARY);
    // every access token is refused: the refresh works but its token does not
    const original = ynab.live.add.bind(ynab.live);
    ynab.live.add = (value: string) => (value.startsWith('access-') ? ynab.live : original(value));
    try {
      const error = await errorOf(httpFor(new PersonToken(people, id, app())).request('GET', ['user']));
      expect(error).toEqual(new ClientError(SIGN_IN_AGAIN));
      noToken(error);
      expect(await people.grant(id)).toBeNull();
    } finally {
      ynab.live.add = original;
    }
  });

  it('a refused application (bad secret) is reported without the secret, and the grant is kept', async () => {
    await grantExpiringIn(-1000);
    const bad = { ...app(), clientSecret: new Secret('wrong-secret') };
    const error = await errorOf(new PersonToken(people, id, bad).token());
    expect(error.message).toMatch(/^YNAB refused to refresh the access token \(HTTP 401, invalid_client\)\./);
    expect(error.message).not.toContain('wrong-secret');
    noToken(error);
    expect(await people.grant(id)).not.toBeNull();
  });
});
