/**
 * Prometheus metrics over loopback: a few calls through a real client and the stand-in (one failing,
 * one refused after a 429), then a scrape of the metrics' own port, whose values must match what the
 * stand-in recorded. Labels stay bounded and never hold an id, a name or a token.
 */
import { livePacers } from '../../src/metrics/hooks.js';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { describe, expect } from 'vitest';
import { it } from '../helpers/fixture.js';
import { loadConfig } from '../../src/config.js';
import { createDeps } from '../../src/deps.js';
import { silentLog } from '../../src/log.js';
import { timedStoreQuery } from '../../src/metrics/hooks.js';
import { startMetrics, type MetricsServer } from '../../src/metrics/prometheus.js';
import { serverFactory } from '../../src/server.js';
import { runHttp, type HttpHandle } from '../../src/transports/http.js';
import { tempJournal } from '../helpers/writes.js';
import { raw } from './raw-http.js';

const YNAB_TOKEN = 'metrics-canary-token-9931';

let http: HttpHandle;
let metrics: MetricsServer;
it.beforeAll(async ({ h }) => {
  metrics = await startMetrics({ host: '127.0.0.1', port: 0 });
  const config = loadConfig({ ...h.env, YNAB_API_KEY: YNAB_TOKEN, AVENIR_MCP_JOURNAL: tempJournal() });
  http = await runHttp(serverFactory(createDeps(config, silentLog)), {
    host: '127.0.0.1',
    port: 0,
    token: null,
    printNotice: () => {},
    onerror: () => {},
  });
});
it.afterAll(async () => {
  await http.close();
  await metrics.close();
});

/** The samples of a scrape: `name{labels}` → value. */
async function scrape(): Promise<{ text: string; value(sample: string): number | undefined }> {
  const answer = await raw(metrics.url);
  expect(answer.status).toBe(200);
  expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  const samples = new Map<string, number>();
  for (const line of answer.body.split('\n')) {
    const match = /^([a-z_]+(?:\{[^}]*\})?) (\S+)$/.exec(line);
    if (match) samples.set(match[1]!, Number(match[2]));
  }
  return { text: answer.body, value: (sample) => samples.get(sample) };
}

describe('metrics', () => {
  it('count calls, YNAB requests by outcome, 429 pauses and refusals, as the stand-in saw them', async ({
    h,
  }) => {
    const client = new Client({ name: 'ops', version: '1' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(http.url), {
        requestInit: { headers: { Authorization: `Bearer ${http.token.reveal()}` } },
      }),
    );
    try {
      h.standIn.clearRequests();
      await client.callTool({ name: 'list_plans', arguments: {} });
      await client.callTool({ name: 'list_accounts', arguments: { plan_id: 'demo-budget' } });
      const missing = await client.callTool({
        name: 'list_accounts',
        arguments: { plan_id: 'no-such-plan' },
      });
      expect(missing.isError).toBe(true);
      await expect(client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toThrow();
      h.standIn.fault({ path: '/plans/demo-budget/payees', status: 429, retryAfter: '120' });
      const limited = await client.callTool({ name: 'list_payees', arguments: { plan_id: 'demo-budget' } });
      expect(limited.isError).toBe(true);
      // paused now: refused before anything leaves
      const refused = await client.callTool({ name: 'list_payees', arguments: { plan_id: 'demo-budget' } });
      expect(refused.isError).toBe(true);
    } finally {
      await client.close();
    }
    // other files' pacers may still be alive in this worker (files share it), some with little budget
    // left: the low bucket counts exactly those, between what lives before the scrape and after it
    const low = () => livePacers().filter((p) => p.budgetLeft() < 20).length;
    const lowBefore = low();
    const { text, value } = await scrape();
    const lowAfter = low();
    const count = (tool: string, outcome: string): number | undefined =>
      value(`avenir_tool_call_duration_seconds_count{tool="${tool}",outcome="${outcome}"}`);
    expect([
      count('list_plans', 'ok'),
      count('list_accounts', 'ok'),
      count('list_accounts', 'error'),
    ]).toEqual([1, 1, 1]);
    expect([count('list_payees', 'error'), count('other', 'error')]).toEqual([2, 1]);

    // each try YNAB answered, by the class of its status, exactly as the stand-in recorded them
    const statuses = h.standIn.requests.map((r) => r.status);
    const ynab = (outcome: string): number =>
      value(`avenir_ynab_request_duration_seconds_count{kind="read",outcome="${outcome}"}`) ?? 0;
    expect(ynab('ok')).toBe(statuses.filter((s) => s >= 200 && s < 300).length);
    expect(ynab('client_error')).toBe(statuses.filter((s) => s >= 400 && s < 500 && s !== 429).length);
    expect(ynab('client_error')).toBeGreaterThan(0);
    expect(ynab('rate_limited')).toBe(1);
    expect(value('avenir_ynab_pauses_total')).toBe(1);
    expect(value('avenir_ynab_pause_seconds_total')).toBe(120);
    expect(value('avenir_pacer_refusals_total{reason="paused"}')).toBe(1);
    expect(value('avenir_pacer_paused')).toBeGreaterThanOrEqual(1);
    // this process's token sent a handful of requests: its budget left is in the top bucket
    expect(value('avenir_pacer_budget_left{left="120-180"}')).toBeGreaterThanOrEqual(1);
    expect(value('avenir_pacer_budget_left{left="0-19"}')).toBeLessThanOrEqual(lowBefore);
    expect(value('avenir_pacer_budget_left{left="0-19"}')).toBeGreaterThanOrEqual(lowAfter);
    // the process itself (prom-client's default metrics)
    expect(value('process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(value('nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    for (const secret of [YNAB_TOKEN, http.token.reveal(), 'demo-budget', 'no-such-plan', 'no_such_tool'])
      expect(text).not.toContain(secret);
  });

  it('time the store queries under a bounded operation name', async () => {
    expect(await timedStoreQuery('person', async () => 42)).toBe(42);
    await expect(timedStoreQuery('save_grant', () => Promise.reject(new Error('down')))).rejects.toThrow(
      'down',
    );
    await timedStoreQuery('SELECT * FROM people WHERE id = 1', async () => null);
    const { value } = await scrape();
    expect(value('avenir_store_query_duration_seconds_count{operation="person"}')).toBe(1);
    expect(value('avenir_store_query_duration_seconds_count{operation="save_grant"}')).toBe(1);
    expect(value('avenir_store_query_duration_seconds_count{operation="other"}')).toBe(1);
  });

  it('serve GET /metrics alone, on their own port and not on the MCP one', async () => {
    const other = await raw(metrics.url.replace('/metrics', '/'), {});
    expect(other.status).toBe(404);
    const post = await raw(metrics.url, { method: 'POST', body: '' });
    expect(post.status).toBe(404);
    // the MCP port knows no /metrics: the guards answer first
    expect((await raw(http.url, { path: '/metrics', headers: { host: '127.0.0.1' } })).status).toBe(401);
  });
});
