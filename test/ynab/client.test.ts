/**
 * The YNAB client over real loopback HTTP against the stand-in and its faults: error texts, retries
 * (with a recorded, not real, wait), pacing and the 429 pause.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { startStandIn, type StandIn } from '../../src/demo/index.js';
import { ClientError } from '../../src/domain/errors.js';
import { silentLog } from '../../src/log.js';
import { Secret } from '../../src/domain/secret.js';
import { YnabHttp, preloadHttp } from '../../src/ynab/client.js';
import { Pacer, minutesText, pauseSeconds } from '../../src/ynab/pace.js';
import { req } from '../requirements.js';

let standIn: StandIn;
beforeAll(async () => {
  standIn = await startStandIn();
});
afterAll(async () => standIn.close());

let now = 0;
let waits: number[] = [];
let pacer: Pacer;
const make = (url = standIn.url, token = 'test', timeoutMs?: number): YnabHttp => {
  const config = loadConfig({ AVENIR_MCP_YNAB_URL: url, YNAB_API_KEY: token });
  return new YnabHttp({
    baseUrl: () => config.ynabUrl(),
    token: () => config.token(),
    pacer,
    log: silentLog,
    random: () => 0.5,
    sleep: async (ms) => {
      waits.push(ms);
    },
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  });
};
const PLANS = ['plans'];
const failure = async (p: Promise<unknown>): Promise<string> => {
  try {
    await p;
  } catch (error) {
    expect(error).toBeInstanceOf(ClientError);
    return (error as Error).message;
  }
  throw new Error('expected a failure');
};

beforeEach(() => {
  standIn.reset();
  now = 0;
  waits = [];
  pacer = new Pacer(() => now);
});

describe('answers', () => {
  it('returns data and sends the bearer token', async () => {
    const data = await make().request<{ plans: { id: string }[] }>('GET', PLANS);
    expect(data.plans[0]?.id).toBe('demo-budget');
    expect(standIn.requests).toHaveLength(1);
  });

  it('maps YNAB errors: detail, raw body, 401 text', async () => {
    expect(await failure(make().request('GET', ['plans', 'nope', 'accounts']))).toBe(
      'YNAB 404: Resource not found',
    );
    standIn.fault({ path: '/plans', status: 409, body: '{"error":{"id":"409","name":"conflict"}}' });
    expect(await failure(make().request('GET', PLANS))).toBe('YNAB 409: ');
    standIn.fault({ path: '/plans', status: 400, body: 'plain text' });
    expect(await failure(make().request('GET', PLANS))).toBe('YNAB 400: plain text');
    standIn.fault({ path: '/plans', status: 401 });
    expect(await failure(make().request('GET', PLANS))).toBe(
      "YNAB 401: the token is invalid or was revoked; create a new Personal Access Token in YNAB's settings.",
    );
  });

  it('checks every path segment before anything leaves', async () => {
    expect(await failure(make().request('GET', ['plans', '../x']))).toBe(
      "'../x' is not a YNAB id: use the ids returned by list_plans, list_accounts or the other tools.",
    );
    expect(await failure(make().request('GET', ['plans', '-x']))).toContain('is not a YNAB id');
    expect(standIn.requests).toHaveLength(0);
  });

  it('refuses a token that cannot be a header value, without quoting it, and sends nothing', async () => {
    for (const bad of ['line\nbreak', 'nul\u0000', 'wide\u0100']) {
      const http = new YnabHttp({
        baseUrl: () => standIn.url,
        token: async () => new Secret(bad),
        pacer,
        log: silentLog,
      });
      const message = await failure(http.request('GET', PLANS));
      expect(message).toBe(
        'The YNAB token cannot be sent in a request header: set YNAB_API_KEY (or the file YNAB_API_KEY_FILE names) to the token only, on one line.',
      );
    }
    expect(standIn.requests).toHaveLength(0);
  });

  it('loads its HTTP client ahead of the first request when asked, sending nothing', async () => {
    preloadHttp(() => standIn.url);
    preloadHttp(() => 'https://api.ynab.com/v1');
    preloadHttp(() => {
      throw new ClientError('not an allowed address');
    });
    expect(standIn.requests).toHaveLength(0);
    const data = await make().request<{ plans: unknown[] }>('GET', PLANS);
    expect(data.plans).toHaveLength(1);
  });
});

describe('retries', () => {
  it('retries a GET on 502/503/504 with full-jitter waits, then reports the body', async () => {
    standIn.fault({ path: '/plans', status: 502, body: 'Bad Gateway', times: 3 });
    expect(await failure(make().request('GET', PLANS))).toBe('YNAB 502: Bad Gateway');
    expect(standIn.requests).toHaveLength(3);
    expect(waits).toEqual([250, 500]);
  });

  it('succeeds when a retry does', async () => {
    standIn.fault({ path: '/plans', status: 503, times: 1 });
    await make().request('GET', PLANS);
    expect(standIn.requests.map((r) => r.status)).toEqual([503, 200]);
  });

  it('never retries a write that may have landed, nor a 500', async () => {
    standIn.fault({
      method: 'POST',
      path: '/plans/demo-budget/transactions/import',
      status: 502,
      body: 'Bad Gateway',
    });
    expect(await failure(make().request('POST', ['plans', 'demo-budget', 'transactions', 'import']))).toBe(
      'YNAB 502: Bad Gateway',
    );
    standIn.fault({ path: '/plans', status: 500, body: '{"error":{"detail":"internal error"}}' });
    expect(await failure(make().request('GET', PLANS))).toBe('YNAB 500: internal error');
    expect(standIn.requests).toHaveLength(2);
  });

  it('retries a GET after a dropped connection, and says how many tries it made', async () => {
    standIn.fault({ path: '/plans', drop: true, times: 3 });
    const message = await failure(make().request('GET', PLANS));
    expect(message).toMatch(
      /^YNAB could not be reached after 3 attempts \(ECONNRESET: .+\)\. Nothing was changed\. Try again in a few minutes\.$/,
    );
  });

  it('reports a dropped write as maybe applied, after one try', async () => {
    standIn.fault({ method: 'PATCH', path: '/plans/demo-budget/transactions', drop: true });
    const message = await failure(
      make().request('PATCH', ['plans', 'demo-budget', 'transactions'], { body: { transactions: [] } }),
    );
    expect(message).toMatch(
      /^The request reached YNAB but no answer came back \(ECONNRESET: .+\): the change may or may not be applied\. Check with find_transactions \/ get_category_balances before trying again; do not repeat it blindly\.$/,
    );
    expect(standIn.requests).toHaveLength(1);
  });

  it('retries any method when the connection was refused', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const message = await failure(make(`http://127.0.0.1:${port}/v1`).request('POST', PLANS, { body: {} }));
    expect(message).toMatch(
      /^YNAB could not be reached after 3 attempts \(ECONNREFUSED: connect ECONNREFUSED 127\.0\.0\.1:\d+\)\. Nothing was changed\./,
    );
    expect(pacer.sentLastHour()).toBe(3);
  });

  it('retries a GET that timed out, and reports it after 3 tries', async () => {
    standIn.fault({ path: '/plans', delayMs: 600, times: 3 });
    const message = await failure(make(standIn.url, 'test', 150).request('GET', PLANS));
    expect(message).toMatch(
      /^YNAB could not be reached after 3 attempts \(TimeoutError: .+\)\. Nothing was changed\. Try again in a few minutes\.$/,
    );
    expect(standIn.requests).toHaveLength(3);
  });

  it('never repeats a write that timed out: it may have landed', async () => {
    standIn.fault({ method: 'POST', path: '/plans/demo-budget/transactions/import', delayMs: 600 });
    const message = await failure(
      make(standIn.url, 'test', 150).request('POST', ['plans', 'demo-budget', 'transactions', 'import']),
    );
    expect(message).toMatch(
      /^The request reached YNAB but no answer came back \(TimeoutError: .+\): the change may or may not be applied\./,
    );
    expect(standIn.requests).toHaveLength(1);
  });

  it('follows no redirect', async () => {
    standIn.fault({ path: '/plans', status: 302, body: '' });
    expect(await failure(make().request('GET', PLANS))).toBe('YNAB 302: ');
  });
});

describe(`${req('pacer-hourly')} pacing and 429 (YNAB allows 200 requests per hour per token)`, () => {
  it.each([
    ['120', 120],
    ['30', 60],
    ['99999', 3600],
    [null, 600],
    ['', 600],
    ['1.5', 600],
    ['-5', 600],
    ['Wed, 21 Oct 2026 07:28:00 GMT', 600],
  ])('Retry-After %j pauses %s s', (header, seconds) => {
    expect(pauseSeconds(header)).toBe(seconds);
  });

  it.each([
    [1, '1 minute'],
    [60_000, '1 minute'],
    [60_001, '2 minutes'],
    [600_000, '10 minutes'],
  ])('%s ms reads %s', (ms, text) => {
    expect(minutesText(ms)).toBe(text);
  });

  it('a 429 with Retry-After: 120 is not retried and pauses every request for 2 minutes', async () => {
    standIn.fault({ path: '/plans', status: 429, retryAfter: '120' });
    const client = make();
    expect(await failure(client.request('GET', PLANS))).toBe(
      'YNAB 429: the limit of 200 requests per hour for this token is reached (other apps using the same token count too). avenir-mcp retries nothing and sends no request for 2 minutes. Tell the user; do not retry before then.',
    );
    now += 1000;
    expect(await failure(client.request('GET', PLANS))).toBe(
      "YNAB's limit of 200 requests per hour was reached. Nothing was sent: avenir-mcp calls YNAB again in 2 minutes. Tell the user; do not retry before then.",
    );
    expect(standIn.requests).toHaveLength(1);
    now += 119_000;
    await client.request('GET', PLANS);
    expect(standIn.requests).toHaveLength(2);
  });

  it('sends at most 180 requests in a rolling hour', async () => {
    const client = make();
    for (let i = 0; i < 180; i++) {
      pacer.take();
      now += 10_000;
    }
    expect(await failure(client.request('GET', PLANS))).toBe(
      "avenir-mcp sent 180 requests to YNAB in the last hour, close to YNAB's limit of 200 per hour. Nothing was sent: the next request can leave in 30 minutes. Tell the user; do not retry before then.",
    );
    expect(standIn.requests).toHaveLength(0);
    now = 3_600_000;
    await client.request('GET', PLANS);
    expect(standIn.requests).toHaveLength(1);
  });

  it("an operation's reserved sends are its own pacer's: another pacer's sends inside it count on their own", async () => {
    const mine = new Pacer(() => now);
    const other = new Pacer(() => now);
    await mine.reserved(2, async () => {
      // one of mine's reserved sends, then the other pacer's send, which its own budget counts
      mine.take();
      other.take();
      await other.reserved(1, async () => {
        other.take(); // the other's reservation; mine's one reserved send is still there
        mine.take();
      });
    });
    expect(mine.sentLastHour()).toBe(2);
    expect(other.sentLastHour()).toBe(2);
    // outside any operation nothing is reserved any more: each take counts one more send
    mine.take();
    expect(mine.sentLastHour()).toBe(3);
  });
});

/*
 * The YNAB client's answers at the edges, over real loopback HTTP against the stand-in's faults: a
 * 2xx read whose body is not YNAB's JSON is tried again and then refused in words that say nothing
 * changed; an empty 2xx answer to a DELETE is a success; a 429 without Retry-After pauses the
 * default ten minutes.
 */
describe('odd answers', () => {
  const sent = () => standIn.requests.map((r) => `${r.method} ${r.path}`);

  describe('answers at the edges', () => {
    it('a read answered 200 with a page that is not JSON is tried three times, then refused', async () => {
      standIn.fault({ path: '/plans', status: 200, body: '<html>portal</html>', times: 3 });
      const error = await make()
        .request('GET', ['plans'])
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ClientError);
      expect((error as ClientError).message).toBe(
        'YNAB answered 200 but its answer could not be read after 3 attempts. Nothing was changed. Try again in a few minutes.',
      );
      expect(sent()).toEqual(['GET /plans', 'GET /plans', 'GET /plans']);
      expect(waits).toEqual([250, 500]);
    });

    it('a read answered 200 with "null" once is read again, and the second answer used', async () => {
      standIn.fault({ path: '/plans', status: 200, body: 'null' });
      const data = await make().request<{ plans: { id: string }[] }>('GET', ['plans']);
      expect(data.plans[0]?.id).toBe('demo-budget');
      expect(sent()).toEqual(['GET /plans', 'GET /plans']);
    });

    it('an empty 200 answer to a DELETE is a success (nothing to read, nothing re-sent)', async () => {
      const path = '/plans/demo-budget/transactions/tx-050';
      standIn.fault({ method: 'DELETE', path, status: 200, body: '' });
      const data = await make().request('DELETE', ['plans', 'demo-budget', 'transactions', 'tx-050']);
      expect(data).toEqual({});
      expect(sent()).toEqual([`DELETE ${path}`]);
    });

    it('a 429 without Retry-After pauses every request for ten minutes', async () => {
      standIn.fault({ path: '/plans', status: 429 });
      const error = await make()
        .request('GET', ['plans'])
        .catch((e: unknown) => e);
      expect((error as ClientError).message).toContain('sends no request for 10 minutes');
      now += 9 * 60_000;
      await expect(make().request('GET', ['plans'])).rejects.toThrow(/calls YNAB again in 1 minute\./);
      now += 60_000;
      await expect(make().request('GET', ['plans'])).resolves.toBeDefined();
      expect(sent()).toEqual(['GET /plans', 'GET /plans']);
    });
  });
});
