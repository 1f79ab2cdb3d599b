/**
 * Progress while a large plan's first full load downloads, through the real transports (stdio
 * in-process, streamable HTTP on loopback) and the official client in both eras. The stand-in serves the
 * benchmark's heavy plan (a quarter of its transactions: about 5 MB of them) and trickles the
 * transactions answer in ten parts, as a slow line would. A call with `onprogress` is told the bytes so
 * far of the declared total, in rising order, at most once per interval, all before its result; a call
 * without a progress token gets no progress notification at all; an answer without a Content-Length
 * gets bytes without a total; two concurrent first calls are each told of the one download.
 */
import { Client, StreamableHTTPClientTransport, type JSONRPCMessage } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, beforeEach, describe, expect } from 'vitest';
import { buildHeavyPlan, HEAVY_PLAN_ID, HEAVY_TODAY } from '../../bench/heavy-plan.mjs';
import { loadConfig } from '../../src/config.js';
import { startStandIn, type StandIn } from '../../src/demo/index.js';
import { createDeps } from '../../src/deps.js';
import { silentLog } from '../../src/log.js';
import { serverFactory } from '../../src/server.js';
import { runHttp } from '../../src/transports/http.js';
import { runStdio } from '../../src/transports/stdio.js';
import { PROGRESS_EVERY_MS } from '../../src/ynab/progress.js';
import { it } from '../helpers/fixture.js';
import { StreamClientTransport } from '../helpers/stream-transport.js';

type Era = 'modern' | 'legacy';
type Way = 'stdio' | 'http';
const TRANSACTIONS = `/plans/${HEAVY_PLAN_ID}/transactions`;
/** The transactions answer comes in ten parts this far apart: a second of download. */
const TRICKLE_MS = 100;
const CALL = { name: 'find_transactions', arguments: { plan_id: HEAVY_PLAN_ID, limit: 5 } };
/** A download's text; a cold process may be slow enough for the small answers around it to be told too. */
const DOWNLOADING =
  /^Downloading the plan's (accounts|categories|transactions) from YNAB: \d+(\.\d)? of \d+(\.\d)? [kM]B(, [\d,]+ rows read)?\.$/;
const TRANSACTIONS_TOLD = /^Downloading the plan's transactions from YNAB: \d+\.\d of \d+\.\d MB/;

let standIn: StandIn;
beforeAll(async () => {
  standIn = await startStandIn({ plan: buildHeavyPlan({ transactions: 15_000 }), today: HEAVY_TODAY });
});
afterAll(() => standIn.close());
beforeEach(() => standIn.clearRequests());

interface Opened {
  client: Client;
  /** Every message the client received, in order. */
  seen: JSONRPCMessage[];
  close(): Promise<unknown>;
}

const versions = (era: Era) =>
  era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {};

/** A fresh server (so an empty cache: the first call downloads everything) and a client on it. */
async function open(way: Way, era: Era): Promise<Opened> {
  const env = {
    AVENIR_MCP_YNAB_URL: standIn.url,
    YNAB_API_KEY: 'test-token',
    AVENIR_MCP_TODAY: HEAVY_TODAY,
    AVENIR_MCP_NO_UPDATE_CHECK: '1',
  };
  const factory = serverFactory(createDeps(loadConfig(env), silentLog));
  const client = new Client({ name: 'progress-test', version: '1.0.0' }, versions(era));
  const seen: JSONRPCMessage[] = [];
  const tap = (transport: { onmessage?: (m: JSONRPCMessage, extra?: unknown) => void }): void => {
    const deliver = transport.onmessage;
    transport.onmessage = (message, extra) => (seen.push(message), deliver?.(message, extra));
  };
  if (way === 'stdio') {
    const transport = new StreamClientTransport();
    const connection = runStdio(factory, () => undefined, {
      input: transport.toServer,
      output: transport.fromServer,
    });
    await client.connect(transport);
    expect(client.getProtocolEra()).toBe(era);
    tap(transport);
    return { client, seen, close: async () => (await client.close(), await connection.close()) };
  }
  const http = await runHttp(factory, {
    host: '127.0.0.1',
    port: 0,
    token: null,
    printNotice: () => undefined,
    onerror: () => undefined,
  });
  const transport = new StreamableHTTPClientTransport(new URL(http.url), {
    requestInit: { headers: { Authorization: `Bearer ${http.token.reveal()}` } },
  });
  await client.connect(transport);
  expect(client.getProtocolEra()).toBe(era);
  tap(transport);
  return { client, seen, close: async () => (await client.close(), await http.close()) };
}

interface Told {
  progress: number;
  total?: number;
  message?: string;
}

const isProgress = (m: JSONRPCMessage): boolean => 'method' in m && m.method === 'notifications/progress';

/** The call with `onprogress`: what it was told, and how long it took as the client saw it. */
async function callWithProgress(s: Opened): Promise<{ told: Told[]; ms: number }> {
  const told: Told[] = [];
  const start = performance.now();
  const r = await s.client.callTool(CALL, { onprogress: (p) => told.push(p as Told) });
  const ms = performance.now() - start;
  expect(r.isError).toBeFalsy();
  expect((r.structuredContent as { transactions: unknown[] }).transactions).toHaveLength(5);
  return { told, ms };
}

/** Rising `progress`, never past its total. */
function expectRising(told: readonly Told[]): void {
  for (const [i, t] of told.entries()) {
    if (i > 0) expect(t.progress).toBeGreaterThan(told[i - 1]!.progress);
    if (t.total !== undefined) expect(t.progress).toBeLessThanOrEqual(t.total);
  }
}

describe.each<[Way, Era]>([
  ['stdio', 'modern'],
  ['stdio', 'legacy'],
  ['http', 'modern'],
  ['http', 'legacy'],
])('a first full load over %s to a %s client', (way, era) => {
  it('is told its download as it comes, throttled, before the result', async () => {
    const s = await open(way, era);
    try {
      standIn.fault({ method: 'GET', path: TRANSACTIONS, trickleMs: TRICKLE_MS });
      const { told, ms } = await callWithProgress(s);
      // a second of download, told at most every quarter of a second: a few notifications
      expect(told.filter((t) => TRANSACTIONS_TOLD.test(String(t.message))).length).toBeGreaterThanOrEqual(2);
      expect(told.length).toBeLessThanOrEqual(Math.floor(ms / PROGRESS_EVERY_MS) + 1);
      expectRising(told);
      for (const t of told) expect(t.message).toMatch(DOWNLOADING);
      // the total is the bytes of the answers downloaded so far, the transactions' (about 5 MB) among them
      const totals = told.map((t) => t.total ?? Number.NaN);
      expect(totals).toEqual([...totals].sort((x, y) => x - y));
      expect(totals.at(-1)).toBeGreaterThan(4_000_000);
      expect(totals.at(-1)).toBeLessThanOrEqual(standIn.bytesSent());
      expect(told.filter((t) => /rows read\.$/.test(String(t.message))).length).toBeGreaterThan(0);
      // every progress notification left before the result
      const result = s.seen.findIndex((m) => 'result' in m && 'structuredContent' in (m.result as object));
      expect(result).toBeGreaterThan(0);
      expect(s.seen.slice(result).filter(isProgress)).toEqual([]);
      expect(s.seen.filter(isProgress)).toHaveLength(told.length);
    } finally {
      await s.close();
    }
  });

  it('sends no progress notification to a call without a progress token', async () => {
    const s = await open(way, era);
    try {
      standIn.fault({ method: 'GET', path: TRANSACTIONS, trickleMs: TRICKLE_MS });
      const r = await s.client.callTool(CALL);
      expect(r.isError).toBeFalsy();
      expect(standIn.requests.map((q) => q.path)).toContain(TRANSACTIONS);
      expect(s.seen.filter(isProgress)).toEqual([]);
    } finally {
      await s.close();
    }
  });
});

describe('an answer without a Content-Length', () => {
  it.each<Era>(['modern', 'legacy'])('is told as bytes so far, without a total (%s)', async (era) => {
    const s = await open('http', era);
    try {
      standIn.fault({ method: 'GET', path: TRANSACTIONS, trickleMs: TRICKLE_MS, unsized: true });
      const { told } = await callWithProgress(s);
      expect(told.length).toBeGreaterThanOrEqual(2);
      expectRising(told);
      // no total while the transactions come: before and after them, the small answers declare theirs
      const during = told.filter((t) => t.message?.includes('transactions'));
      expect(during.length).toBeGreaterThanOrEqual(2);
      expect(during.map((t) => t.total)).toEqual(during.map(() => undefined));
      for (const t of during)
        expect(t.message).toMatch(
          /^Downloading the plan's (accounts|categories|transactions) from YNAB: \d+(\.\d)? [kM]B so far(, [\d,]+ rows read)?\.$/,
        );
    } finally {
      await s.close();
    }
  });
});

describe('two concurrent first calls', () => {
  it.each<Way>(['http', 'stdio'])('are each told of the one download, apart (%s)', async (way) => {
    const s = await open(way, 'modern');
    try {
      standIn.fault({ method: 'GET', path: TRANSACTIONS, trickleMs: TRICKLE_MS });
      const [a, b] = await Promise.all([callWithProgress(s), callWithProgress(s)]);
      // one full download: the second call waited for it, then reused it (the freshness window)
      expect(standIn.requests.filter((q) => q.path === TRANSACTIONS)).toHaveLength(1);
      for (const { told } of [a, b]) {
        expect(told.length).toBeGreaterThanOrEqual(1);
        expectRising(told);
      }
      const tokens = new Set(
        s.seen
          .filter(isProgress)
          .map((m) => (m as unknown as { params: { progressToken: unknown } }).params.progressToken),
      );
      expect(tokens.size).toBe(2);
    } finally {
      await s.close();
    }
  });
});
