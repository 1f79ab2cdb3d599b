/**
 * The YNAB client's answers at the edges, over real loopback HTTP against the stand-in's faults: a
 * 2xx read whose body is not YNAB's JSON is tried again and then refused in words that say nothing
 * changed; an empty 2xx answer to a DELETE is a success; a 429 without Retry-After pauses the
 * default ten minutes.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { startStandIn, type StandIn } from '../../src/demo/index.js';
import { ClientError } from '../../src/domain/errors.js';
import { silentLog } from '../../src/log.js';
import { YnabHttp } from '../../src/ynab/client.js';
import { Pacer } from '../../src/ynab/pace.js';

let standIn: StandIn;
beforeAll(async () => {
  standIn = await startStandIn();
});
afterAll(async () => standIn.close());

let now = 0;
let waits: number[] = [];
let pacer: Pacer;
const make = (): YnabHttp => {
  const config = loadConfig({ AVENIR_MCP_YNAB_URL: standIn.url, YNAB_API_KEY: 'test' });
  return new YnabHttp({
    baseUrl: () => config.ynabUrl(),
    token: () => config.token(),
    pacer,
    log: silentLog,
    random: () => 0.5,
    sleep: async (ms) => {
      waits.push(ms);
    },
  });
};
beforeEach(() => {
  standIn.reset();
  now = 0;
  waits = [];
  pacer = new Pacer(() => now);
});
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
