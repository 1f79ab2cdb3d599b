/**
 * The journal is checked before asking, a failure after YNAB applied is a warning and never an
 * error, a torn journal stays usable, and only a regular file is read — through a real client
 * against the stand-in, asserting what the stand-in holds and what the journal holds.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect } from 'vitest';
import { it } from '../helpers/fixture.js';
import { ERAS, call, connect, textOf, out } from '../helpers/harness.js';
import { ACCEPT, answering } from '../helpers/writes.js';

const CATEGORY = '/plans/demo-budget/months/2026-09-01/categories/cat-restaurants';
const BUDGET = { plan_id: 'demo-budget', month: '2026-09-01', category_id: 'cat-restaurants', amount: 150 };
type Out = { status: string; message: string; operation_id: string | null; confirmation: string | null };
const restaurants = (h: { standIn: { state: { budgets: Record<string, Record<string, number>> } } }) =>
  h.standIn.state.budgets['2026-09-01']?.['cat-restaurants'];

describe.each(ERAS)('a journal that cannot be written, %s era', (era) => {
  it.beforeEach(({ h }) => h.standIn.reset());

  const places: [string, (journal: string) => string, string][] = [
    ['a folder', (j) => (mkdirSync(j, { recursive: true }), j), 'it is a folder'],
    [
      'a FIFO',
      (j) => (mkdirSync(dirname(j), { recursive: true }), execFileSync('mkfifo', [j]), j),
      'it is not a regular file',
    ],
    ['a device', () => '/dev/zero', 'it is not a regular file'],
    [
      'under a file',
      (j) => (mkdirSync(dirname(j), { recursive: true }), writeFileSync(j, ''), join(j, 'journal.jsonl')),
      'a part of its path is a file, not a folder',
    ],
  ];

  it.for(places)(
    '(%s) refuses at preview: nothing asked, nothing written',
    async ([, make, reason], { h, journal }) => {
      const path = make(journal);
      const a = answering(ACCEPT);
      const s = await connect(h, era, { env: { AVENIR_MCP_JOURNAL: path }, elicit: a.handler });
      const r = await call(s, 'set_category_budget', BUDGET);
      expect(r.isError).toBe(true);
      expect(textOf(r)).toBe(
        `The journal ${path} cannot be written: ${reason}. Nothing was asked and nothing was changed: set AVENIR_MCP_JOURNAL to a writable file, or fix the permissions of that one.`,
      );
      expect(a.questions).toEqual([]);
      expect(h.standIn.writes).toEqual([]);
      expect(restaurants(h)).toBe(120_000);
    },
  );

  it('that fails after YNAB applied ends applied, with a warning, never an error', async ({ h, journal }) => {
    const s = await connect(h, era, { env: { AVENIR_MCP_JOURNAL: journal } });
    const code = out<Out>(await call(s, 'set_category_budget', BUDGET)).confirmation;
    // the journal turns into a folder while YNAB applies the change
    h.standIn.fault({ method: 'PATCH', path: CATEGORY, delayMs: 300 });
    const pending = call(s, 'set_category_budget', { ...BUDGET, confirmation: code });
    while (!h.standIn.requests.some((q) => q.method === 'PATCH')) await new Promise((r) => setTimeout(r, 5));
    rmSync(journal, { force: true });
    mkdirSync(journal, { recursive: true });
    const r = await pending;
    expect(r.isError).toBeFalsy();
    expect(out<Out>(r)).toMatchObject({ status: 'applied', operation_id: null });
    expect(out<Out>(r).message).toBe(
      `Applied. YNAB holds the change, but it could not be recorded in the journal (the journal ${journal} could not be written: it is a folder): undo_operation cannot undo it. Do not repeat it; tell the user, and fix the journal before the next change.`,
    );
    expect(restaurants(h)).toBe(150_000);
    expect(h.standIn.writes).toHaveLength(1);
  });
});

describe.each(ERAS)('a torn journal, %s era', (era) => {
  it.beforeEach(({ h }) => h.standIn.reset());

  it('gets the next entry on a line of its own, skips the torn one, and undoes the new one', async ({
    h,
    journal,
  }) => {
    const a = answering(ACCEPT);
    const s = await connect(h, era, { env: { AVENIR_MCP_JOURNAL: journal }, elicit: a.handler });
    expect(out<Out>(await call(s, 'set_category_budget', BUDGET)).status).toBe('applied');
    truncateSync(journal, statSync(journal).size - 20); // the last line is cut, without its newline
    const second = out<Out>(await call(s, 'set_category_budget', { ...BUDGET, amount: 175 }));
    expect(second.status).toBe('applied');
    const text = readFileSync(journal, 'utf8').split('\n');
    expect(text).toHaveLength(3);
    expect(JSON.parse(text[1] ?? '')).toMatchObject({ operation_id: second.operation_id, kind: 'budget' });
    const undo = out<Out>(await call(s, 'undo_operation', { plan_id: 'demo-budget' }));
    expect(undo.status).toBe('applied');
    expect(restaurants(h)).toBe(150_000);
  });

  it('a device as the journal is refused by undo, without reading it', async ({ h }) => {
    const s = await connect(h, era, { env: { AVENIR_MCP_JOURNAL: '/dev/zero' } });
    const r = await call(s, 'undo_operation', { plan_id: 'demo-budget' });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toBe(
      'The journal /dev/zero cannot be read: it is not a regular file. Nothing was changed: set AVENIR_MCP_JOURNAL to a writable file, or fix the permissions of that one.',
    );
    expect(h.standIn.writes).toEqual([]);
  });

  it('a FIFO as the journal is refused by undo, without hanging', async ({ h, journal }) => {
    mkdirSync(dirname(journal), { recursive: true });
    execFileSync('mkfifo', [journal]);
    const s = await connect(h, era, { env: { AVENIR_MCP_JOURNAL: journal } });
    const r = await call(s, 'undo_operation', { plan_id: 'demo-budget' });
    expect(textOf(r)).toContain(`The journal ${journal} cannot be read: it is not a regular file.`);
  });
});

describe.each(ERAS)('create_transactions whose answer is lost, %s era', (era) => {
  it.beforeEach(({ h }) => h.standIn.reset());

  it('is sent once and read back, never an error inviting a second create', async ({ h, journal }) => {
    const a = answering(ACCEPT);
    const s = await connect(h, era, { env: { AVENIR_MCP_JOURNAL: journal }, elicit: a.handler });
    const args = {
      plan_id: 'demo-budget',
      account_id: 'acc-checking',
      transactions: [{ date: '2026-09-24', amount: -12.5, payee_name: 'Bakery' }],
    };
    h.standIn.fault({ method: 'POST', path: '/plans/demo-budget/transactions', drop: true, apply: true });
    const r = await call(s, 'create_transactions', args);
    expect(r.isError).toBeFalsy();
    expect(out<Out>(r).status).toBe('applied');
    expect(out<Out>(r).message).toContain(
      "YNAB's answer was lost, but a read-back shows the change in place.",
    );
    expect(h.standIn.requests.filter((q) => q.method === 'POST')).toHaveLength(1);
  });
});
