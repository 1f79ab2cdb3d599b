/**
 * JSON log lines over HTTP: every line a request causes carries its request id (the balancer's
 * `X-Request-Id` when it is plain, else a UUID, echoed in the answer), and in hosted mode the person's
 * opaque id; none holds a name, an amount or a token (canaries planted in the calls).
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { describe, expect } from 'vitest';
import { it } from '../helpers/fixture.js';
import { loadConfig } from '../../src/config.js';
import { createDeps } from '../../src/deps.js';
import { createLog } from '../../src/log.js';
import { requestIdOf, setLogPerson, withLogScope } from '../../src/log-scope.js';
import { serverFactory } from '../../src/server.js';
import { runHttp, type HttpHandle } from '../../src/transports/http.js';
import { tempJournal } from '../helpers/writes.js';
import { raw } from './raw-http.js';

const YNAB_TOKEN = 'ynab-token-canary-5521';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let http: HttpHandle;
const lines: string[] = [];
it.beforeAll(async ({ h }) => {
  const config = loadConfig({ ...h.env, YNAB_API_KEY: YNAB_TOKEN, AVENIR_MCP_JOURNAL: tempJournal() });
  const deps = createDeps(
    config,
    createLog('INFO', 'json', (l) => void lines.push(l)),
  );
  http = await runHttp(serverFactory(deps), {
    host: '127.0.0.1',
    port: 0,
    token: null,
    printNotice: () => {},
    onerror: () => {},
  });
});
it.afterAll(async () => {
  await http.close();
});

const records = (): Record<string, string>[] => lines.map((l) => JSON.parse(l) as Record<string, string>);

async function clientWith(requestId: string, pin: boolean): Promise<Client> {
  const client = new Client(
    { name: 'ops', version: '1' },
    pin ? { versionNegotiation: { mode: { pin: '2026-07-28' as const } } } : {},
  );
  await client.connect(
    new StreamableHTTPClientTransport(new URL(http.url), {
      requestInit: {
        headers: { Authorization: `Bearer ${http.token.reveal()}`, 'X-Request-Id': requestId },
      },
    }),
  );
  return client;
}

describe('request ids in JSON log lines', () => {
  it.for([
    ['modern', 'lb-7f3a.e2:01'],
    ['legacy', 'lb-legacy-42'],
  ] as const)('%s: each line of a call carries the request id, and no canary', async ([era, id]) => {
    lines.length = 0;
    const client = await clientWith(id, era === 'modern');
    try {
      await client.callTool({
        name: 'set_category_budget',
        arguments: {
          plan_id: 'demo-budget',
          month: '2026-09-01',
          category_id: 'cat-restaurants',
          amount: 151.37,
        },
      });
      await client.callTool({
        name: 'create_transactions',
        arguments: {
          plan_id: 'demo-budget',
          account_id: 'acc-checking',
          transactions: [{ date: '2026-09-20', amount: -987.65, payee_name: 'Canary Payee Zq' }],
        },
      });
    } finally {
      await client.close();
    }
    const called = records().filter((r) => r.logger === 'tools' || r.logger === 'ynab');
    expect(called.map((r) => r.message)).toEqual(
      expect.arrayContaining([
        'Tool called: set_category_budget(plan_id=demo-budget, category_id=cat-restaurants)',
        expect.stringMatching(/^YNAB request: GET \/plans\/demo-budget\//),
      ]),
    );
    for (const r of called) expect(r.request_id, r.message).toBe(id);
    expect(called.every((r) => !('person' in r))).toBe(true); // no person outside hosted mode
    const all = lines.join('');
    // the amounts as a text or in milliunits would write them (not '151' alone: a timestamp's
    // milliseconds or a duration may hold those digits)
    const amounts = ['151.37', '151370', '987.65', '-987650'];
    for (const canary of [...amounts, 'Canary', YNAB_TOKEN, http.token.reveal(), 'Restaurants'])
      expect(all).not.toContain(canary);
  });

  it('replaces an id that is not plain with a UUID, and echoes the id it used', async () => {
    const given = await raw(http.url, { path: '/healthz', headers: { 'x-request-id': 'plain-1' } });
    expect(given.headers['x-request-id']).toBe('plain-1');
    for (const bad of ['a b', 'x'.repeat(129), '{"forged":1}', '']) {
      const answer = await raw(http.url, { path: '/healthz', headers: { 'x-request-id': bad } });
      expect(answer.headers['x-request-id'], bad).toMatch(UUID);
    }
    expect(requestIdOf(['a', 'b'])).toMatch(UUID);
    expect(requestIdOf(undefined)).toMatch(UUID);
  });

  it("writes the person's opaque id once the request names it, and nothing outside a request", () => {
    const out: string[] = [];
    const log = createLog('INFO', 'json', (l) => void out.push(l));
    log.info('main', 'outside');
    withLogScope('req-1', () => {
      log.info('tools', 'before authentication');
      setLogPerson('p_8f2c');
      log.info('tools', 'after');
    });
    setLogPerson('ignored'); // outside any request: nothing to name
    log.info('main', 'outside again');
    const parsed = out.map((l) => JSON.parse(l) as Record<string, string>);
    expect(parsed.map((r) => [r.message, r.request_id, r.person])).toEqual([
      ['outside', undefined, undefined],
      ['before authentication', 'req-1', undefined],
      ['after', 'req-1', 'p_8f2c'],
      ['outside again', undefined, undefined],
    ]);
  });
});
