/**
 * The limits a call and an answer stay within, through real clients: every array parameter has a
 * `maxItems`, a call past it is refused before any YNAB request, an argument error names the first few
 * problems and counts the rest, and a read answer past the size cap becomes an error that says what
 * makes it smaller.
 */
import { describe, expect } from 'vitest';
import { buildDemoPlan } from '../../src/demo/index.js';
import { allTools } from '../../src/tools/index.js';
import { MAX_ANSWER_BYTES, answerTooLarge } from '../../src/mcp/answer-cap.js';
import { NAMED_ISSUES, fewer } from '../../src/mcp/few-issues.js';
import { it } from '../helpers/fixture.js';
import { ERAS, call, connect, textOf } from '../helpers/harness.js';

type Schema = Record<string, unknown> & { properties?: Record<string, Schema>; items?: Schema };

/** Every array in a schema, by its path, with its maxItems (nullable arrays included). */
function arrays(path: string, schema: Schema, out: [string, unknown][] = []): [string, unknown][] {
  for (const branch of (schema.anyOf as Schema[] | undefined) ?? [schema]) {
    if ([branch.type].flat().includes('array')) out.push([path, branch.maxItems]);
    for (const [key, child] of Object.entries(branch.properties ?? {})) arrays(`${path}.${key}`, child, out);
    if (branch.items) arrays(`${path}[]`, branch.items, out);
  }
  return out;
}

it.beforeEach(({ h }) => h.standIn.reset());

describe.each(ERAS)('%s era', (era) => {
  it('every array parameter of every tool has a maxItems of at most 200', async ({ h }) => {
    const s = await connect(h, era);
    const { tools } = await s.client.listTools();
    const found = tools.flatMap((t) => arrays(t.name, t.inputSchema as Schema));
    expect(found.length).toBeGreaterThanOrEqual(14);
    const unbounded = found.filter(([, max]) => typeof max !== 'number' || max > 200);
    expect(unbounded).toEqual([]);
    const byPath = Object.fromEntries(found);
    for (const path of [
      'apply_categories.assignments',
      'approve_transactions.tx_ids',
      'create_transactions.transactions',
      'delete_transactions.transaction_ids',
      'flag_transactions.flags',
      'update_transactions.transactions',
    ])
      expect(byPath[path], path).toBe(100);
  });

  it('101 transactions in one call are refused before any YNAB request', async ({ h }) => {
    const s = await connect(h, era);
    h.standIn.clearRequests();
    const rows = Array.from({ length: 101 }, (_, i) => ({
      date: '2026-09-01',
      amount: -1 - i,
      payee_name: `Shop ${i}`,
    }));
    const r = await call(s, 'create_transactions', {
      plan_id: 'demo-budget',
      account_id: 'acc-checking',
      transactions: rows,
    });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toContain('transactions: must be at most 100 items');
    const approve = await call(s, 'approve_transactions', {
      plan_id: 'demo-budget',
      tx_ids: rows.map((_, i) => `tx-${i}`),
    });
    expect(textOf(approve)).toContain('tx_ids: must be at most 100 items');
    expect(h.standIn.requests).toHaveLength(0);
  });

  it('an argument error names the first few problems, then counts the rest', async ({ h }) => {
    const s = await connect(h, era);
    h.standIn.clearRequests();
    const flags = Array.from({ length: 40 }, (_, i) => ({ transaction_id: `tx-${i}`, color: 'pink' }));
    const r = await call(s, 'flag_transactions', { plan_id: 'demo-budget', flags });
    expect(r.isError).toBe(true);
    const message = textOf(r);
    for (let i = 0; i < NAMED_ISSUES; i++) expect(message).toContain(`flags.${i}.color`);
    expect(message).not.toContain(`flags.${NAMED_ISSUES}.color`);
    expect(message).toContain(`and ${40 - NAMED_ISSUES} more problems of the same call`);
    expect(message.length).toBeLessThan(1_500);
    expect(h.standIn.requests).toHaveLength(0);
  });

  it('a read answer over the size cap is an error that says nothing can narrow it', async ({ h }) => {
    const plan = buildDemoPlan();
    const model = plan.accounts[0]!;
    // each account's row is more than 200 bytes of answer: enough of them to pass the cap
    const count = Math.ceil(MAX_ANSWER_BYTES / 200);
    plan.accounts = Array.from({ length: count }, (_, i) => ({
      ...model,
      id: `acc-bulk-${i}`,
      name: `Account number ${i} with a rather long name to fill`,
    }));
    h.standIn.reset(plan);
    const s = await connect(h, era);
    const r = await call(s, 'list_accounts', { plan_id: 'demo-budget' });
    expect(r.isError).toBe(true);
    expect(r.structuredContent).toBeUndefined();
    expect(textOf(r)).toMatch(
      /^The answer would hold \d+\.\d MB, more than the 2\.0 MB one answer may hold: nothing was returned\. No parameter of list_accounts makes it smaller/,
    );
  });
});

describe('the size cap', () => {
  const tool = (name: string) => allTools.find((t) => t.name === name)!;

  it('names the parameters of the tool that make its answer smaller', () => {
    const json = JSON.stringify({ rows: 'x'.repeat(3 * 1024 * 1024) });
    expect(answerTooLarge(tool('list_scheduled_transactions'), json)).toMatch(
      /nothing was returned\. Call again with a later since_date or an earlier until_date or fewer account_ids\b/,
    );
    expect(answerTooLarge(tool('get_spending_trends'), json)).toContain(
      'Call again with a smaller limit or a smaller months_count.',
    );
    expect(answerTooLarge(tool('list_accounts'), JSON.stringify({ rows: [] }))).toBeNull();
  });
});

describe('short argument errors', () => {
  it('count one more problem in the singular, and leave a few alone', () => {
    const issues = (n: number) => Array.from({ length: n }, (_, i) => ({ message: `m${i}`, path: [i] }));
    expect(fewer(issues(NAMED_ISSUES + 1)).at(-1)).toEqual({
      message: 'and 1 more problem of the same call',
    });
    expect(fewer(issues(NAMED_ISSUES))).toEqual(issues(NAMED_ISSUES));
  });
});
