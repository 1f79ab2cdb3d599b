/**
 * Property tests over every tool's input schema, through a real MCP client against the stand-in, with
 * the write gate open and a client that cannot confirm (so every write can only preview): whatever the
 * arguments, the server answers (a result, never a crash or an unexpected failure), arguments its
 * schema refuses cost no YNAB request, and no write reaches YNAB without the user's yes. Only
 * `approve_transactions` and `import_transactions` apply at once, as documented.
 * PROPERTY_RUNS sets the examples per tool and kind (default 12; the nightly profile uses 300), and
 * PROPERTY_SEED the seed: fixed by default, so that a run of 12 examples is the same on every machine
 * (a random one could miss every example that passes validation, and the test would fail by chance).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { it } from '../helpers/fixture.js';
import { createLog } from '../../src/log.js';
import { allTools } from '../../src/tools/index.js';
import { connect, type Harness, type Session } from '../helpers/harness.js';
import { broken, shaped } from '../helpers/schema-arbitrary.js';
import { tempJournal } from '../helpers/writes.js';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 12);
const SEED = Number(process.env.PROPERTY_SEED ?? 20261201);
const APPLIED_AT_ONCE = new Set(['approve_transactions', 'import_transactions']);

/**
 * How many shaped examples a tool gets, in RUNS. find_transactions refuses a random cursor and each
 * of three amounts that rounds to 0 before any request, so that with its amount range nearly every
 * shaped example stops at a check; it gets enough of them for some to reach YNAB.
 */
const shapedFactor = (name: string): number => (name === 'find_transactions' ? 8 : 3);

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown): void => void unhandled.push(reason);
beforeAll(() => {
  process.on('unhandledRejection', onUnhandled);
});
afterAll(() => {
  process.off('unhandledRejection', onUnhandled);
  expect(unhandled).toEqual([]);
});

interface Probe {
  session: Session;
  bugs: string[];
  schema: Record<string, unknown>;
}

async function probe(h: Harness, name: string): Promise<Probe> {
  h.standIn.reset();
  const bugs: string[] = [];
  const log = createLog('ERROR', 'text', (line) => void bugs.push(line));
  const session = await connect(h, 'modern', { log, env: { AVENIR_MCP_JOURNAL: tempJournal() } });
  if (name === 'undo_operation') await journalOneOperation(session);
  const { tools } = await session.client.listTools();
  const schema = tools.find((t) => t.name === name)?.inputSchema as Record<string, unknown>;
  return { session, bugs, schema };
}

/** Applies one budget change with its code, so that undo_operation has an operation to preview. */
async function journalOneOperation(session: Session): Promise<void> {
  const args = { plan_id: 'demo-budget', month: '2026-09-01', category_id: 'cat-restaurants', amount: 99 };
  const first = await session.client.callTool({ name: 'set_category_budget', arguments: args });
  const { confirmation } = first.structuredContent as { confirmation: string };
  const applied = await session.client.callTool({
    name: 'set_category_budget',
    arguments: { ...args, confirmation },
  });
  expect(applied.structuredContent).toMatchObject({ status: 'applied' });
}

/** Calls the tool and checks what holds for any arguments; returns the result. */
async function callChecked(h: Harness, p: Probe, name: string, args: unknown) {
  h.standIn.clearRequests();
  const isObject = typeof args === 'object' && args !== null && !Array.isArray(args);
  const call = p.session.client.callTool({ name, arguments: args as Record<string, unknown> });
  if (!isObject) {
    // `arguments` must be an object: the request itself is invalid (JSON-RPC -32602), before any tool
    await expect(call).rejects.toMatchObject({ code: -32602 });
    expect(h.standIn.requests).toEqual([]);
    return { isError: true };
  }
  const result = await call;
  expect(p.bugs, `${name}(${JSON.stringify(args)})`).toEqual([]);
  if (!result.isError) expect(result.structuredContent, name).toBeTypeOf('object');
  const writes = h.standIn.requests.filter((r) => r.method !== 'GET');
  if (!APPLIED_AT_ONCE.has(name)) {
    expect(writes, `${name}(${JSON.stringify(args)}) wrote without a yes`).toEqual([]);
    expect((result.structuredContent as { status?: string } | undefined)?.status).not.toBe('applied');
  }
  return result;
}

describe.each(allTools.map((t) => [t.name, t] as const))('%s', (name, tool) => {
  let p: Probe;
  it.beforeAll(async ({ h }) => {
    p = await probe(h, name);
  });
  afterAll(async () => p.session.close());

  it('refuses arguments its schema refuses, asking YNAB nothing', { timeout: 120_000 }, async ({ h }) => {
    await fc.assert(
      fc.asyncProperty(broken(p.schema), async (args) => {
        const result = await callChecked(h, p, name, args);
        if (tool.input.safeParse(args).success) return;
        expect(result.isError, JSON.stringify(args)).toBe(true);
        expect(h.standIn.requests, JSON.stringify(args)).toEqual([]);
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });

  it('answers any arguments shaped like its schema', { timeout: 120_000 }, async ({ h }) => {
    let reached = 0;
    await fc.assert(
      fc.asyncProperty(shaped(p.schema), async (args) => {
        await callChecked(h, p, name, args);
        if (h.standIn.requests.length > 0) reached += 1;
      }),
      // shaped examples of a tool with many checks mostly stop at validation: more of them here
      { numRuns: RUNS * shapedFactor(name), seed: SEED },
    );
    if (process.env.PROPERTY_STATS) console.log(name, reached, '/', RUNS * shapedFactor(name));
    // the generated arguments are not all stopped by validation: some reach YNAB (the stand-in)
    expect(reached).toBeGreaterThan(0);
  });
});
