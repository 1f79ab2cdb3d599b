/**
 * Hosted mode's pacer in the metrics: its budget lives in the store, so each reservation is observed
 * in a histogram of the requests the person's hour had left after it, with no label that could name
 * the person. Calls go through a real client to an instance on the store (PGlite, then PostgreSQL),
 * the rest of the hour is used up through the person's pacer, and the scrape must hold exactly the
 * series those reservations make: one per request the stand-in recorded, then one per send taken,
 * then the refusal at 0.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStandIn, demoPeople, type StandIn } from '../../src/demo/index.js';
import { startMetrics, type MetricsServer } from '../../src/metrics/prometheus.js';
import { SqlPeopleStore } from '../../src/store/sql-people.js';
import { HOURLY_BUDGET } from '../../src/ynab/pace.js';
import { signedIn, startGatedInstance, testSealer, type GatedInstance } from '../helpers/gated-instance.js';
import { textOf } from '../helpers/harness.js';
import { ENGINES, SLOW, type TestDatabase } from '../store/engines.js';
import { raw } from './raw-http.js';

const BUCKETS = [0, 10, 20, 50, 100, 150, 180];
const TOKEN = 'pacer-metrics-bearer';

/** The histogram's cumulative buckets as prom-client writes them, and its count and sum. */
async function histogram(
  metrics: MetricsServer,
): Promise<{ text: string; buckets: number[]; count: number; sum: number }> {
  const answer = await raw(metrics.url);
  expect(answer.status).toBe(200);
  const sample = (name: string): number => {
    const line = answer.body.split('\n').find((l) => l.startsWith(`${name} `));
    return Number(line?.split(' ')[1]);
  };
  return {
    text: answer.body,
    buckets: BUCKETS.map((le) => sample(`avenir_pacer_reservation_budget_left_bucket{le="${le}"}`)),
    count: sample('avenir_pacer_reservation_budget_left_count'),
    sum: sample('avenir_pacer_reservation_budget_left_sum'),
  };
}

/** What the histogram holds after `n` reservations of one send each in a fresh hour (and `refused` at 0). */
function expected(n: number, refused: number): { buckets: number[]; count: number; sum: number } {
  const left = Array.from({ length: n }, (_, i) => HOURLY_BUDGET - (i + 1));
  const all = [...left, ...Array<number>(refused).fill(0)];
  return {
    buckets: BUCKETS.map((le) => all.filter((v) => v <= le).length),
    count: all.length,
    sum: all.reduce((a, b) => a + b, 0),
  };
}

describe.each(ENGINES)('the store pacer’s budget left, in the metrics ($name)', (engine) => {
  let t: TestDatabase;
  let standIn: StandIn;
  let metrics: MetricsServer;
  let instance: GatedInstance;
  let person: string;
  beforeAll(async () => {
    t = await engine.open();
    standIn = await startStandIn({ today: '2026-09-25', people: demoPeople() });
    const sealer = testSealer();
    person = await signedIn(new SqlPeopleStore(t.db, sealer), standIn, 'Alice');
    metrics = await startMetrics({ host: '127.0.0.1', port: 0 });
    instance = await startGatedInstance({
      db: t.db,
      sealer,
      standIn,
      bearers: new Map([[TOKEN, person]]),
      env: {
        AVENIR_MCP_YNAB_URL: standIn.url,
        YNAB_API_KEY: 'unused-in-hosted-mode',
        AVENIR_MCP_TODAY: '2026-09-25',
        AVENIR_MCP_NO_UPDATE_CHECK: '1',
      },
    });
  }, SLOW);
  afterAll(async () => {
    await instance?.close();
    await metrics?.close();
    await standIn?.close();
    await t?.drop();
  }, SLOW);

  it('observe the budget left at each reservation, and a refusal at 0, never naming the person', async () => {
    const client = new Client(
      { name: 'ops', version: '1' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    await client.connect(
      new StreamableHTTPClientTransport(new URL(instance.url), {
        requestInit: { headers: { authorization: `Bearer ${TOKEN}` } },
      }),
    );
    try {
      await client.callTool({ name: 'list_plans', arguments: {} });
      await client.callTool({ name: 'list_accounts', arguments: { plan_id: 'demo-budget' } });
      await client.callTool({ name: 'get_category_balances', arguments: { plan_id: 'demo-budget' } });
      const sent = standIn.requests.length;
      expect(sent).toBeGreaterThanOrEqual(3);
      expect(await histogram(metrics)).toMatchObject(expected(sent, 0));

      // the rest of the hour, taken through the person's own pacer; then a call is refused
      const pacer = (await instance.servers.people.entry(person))!.deps.pacer;
      while ((await pacer.sentLastHour()) < HOURLY_BUDGET) await pacer.take();
      const refused = await client.callTool({ name: 'list_payees', arguments: { plan_id: 'demo-budget' } });
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toContain('Nothing was sent');
      expect(standIn.requests.length).toBe(sent);
      const { text, ...seen } = await histogram(metrics);
      expect(seen).toEqual(expected(HOURLY_BUDGET, 1));
      for (const secret of [person, TOKEN, 'Alice', 'demo-budget']) expect(text).not.toContain(secret);
      expect(text).not.toMatch(/avenir_pacer_reservation_budget_left_bucket\{[^}]*,/); // le alone
    } finally {
      await client.close();
    }
  });
});
