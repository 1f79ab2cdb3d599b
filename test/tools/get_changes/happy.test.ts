/**
 * `get_changes` through a real client in both eras, against the stand-in: the first call sets the
 * mark; changes another YNAB app makes (sent straight to the stand-in) show as elsewhere, a bank's
 * import id as a bank import, this server's confirmed writes with their operation id; an edit shows its
 * fields before → after; the mark moves only when asked; and every call costs its four delta requests.
 */
import { describe, expect } from 'vitest';
import { it } from '../../helpers/fixture.js';
import { otherApp } from '../../helpers/fresh.js';
import { ERAS, call, connect, requestLines, textOf, type Session } from '../../helpers/harness.js';

const PLAN = 'demo-budget';

interface Change {
  area: string;
  kind: string;
  who: string;
  operation_id: string | null;
  import_id: string | null;
  id: string;
  what: string;
  fields: string[] | null;
}
interface Changes {
  message: string;
  since: string | null;
  marked: boolean;
  counts: Record<string, number>;
  changes: Change[];
  next_cursor: string | null;
  omitted: string | null;
}

async function changes(s: Session, args: Record<string, unknown> = {}): Promise<Changes> {
  const r = await call(s, 'get_changes', { plan_id: PLAN, ...args });
  expect(r.isError, textOf(r)).toBeFalsy();
  return r.structuredContent as Changes;
}

/** A session that sees another app's changes at once: no freshness window. */
const live = (journal: string) => ({ AVENIR_MCP_JOURNAL: journal, AVENIR_MCP_FRESH_SECONDS: '0' });

const FIRST = [
  `GET /plans/${PLAN}/categories`,
  `GET /plans/${PLAN}/scheduled_transactions`,
  `GET /plans/${PLAN}/transactions`,
  `GET /plans/${PLAN}/money_movements`,
];
const DELTAS = [
  `GET /plans/${PLAN}/transactions`,
  `GET /plans/${PLAN}/scheduled_transactions`,
  `GET /plans/${PLAN}/categories`,
  `GET /plans/${PLAN}/money_movements`,
];

describe.each(ERAS)('get_changes, %s era', (era) => {
  it('sets the first mark, then tells what another app changed, each with its who', async ({
    h,
    journal,
  }) => {
    h.standIn.reset();
    const s = await connect(h, era, { env: live(journal) });
    h.standIn.clearRequests();
    const first = await changes(s);
    expect(first).toMatchObject({ since: null, marked: true, changes: [], counts: {} });
    expect(first.message).toContain('set the first one');
    expect(requestLines(h.standIn)).toEqual(FIRST);
    const knowledge = h.standIn.knowledge();

    await otherApp(h, 'PATCH', '/transactions', {
      transactions: [{ id: 'tx-054', amount: -47000, memo: 'return ticket' }],
    });
    await otherApp(h, 'PATCH', '/transactions', {
      transactions: [{ id: 'tx-053', category_id: 'cat-groceries' }],
    });
    await otherApp(h, 'DELETE', '/transactions/tx-056');
    await otherApp(h, 'POST', '/transactions', {
      transactions: [
        { account_id: 'acc-checking', date: '2026-09-24', amount: -5000, payee_name: 'KIOSK' },
        {
          account_id: 'acc-checking',
          date: '2026-09-24',
          amount: -9900,
          payee_name: 'PHARMACIE',
          import_id: 'YNAB:-9900:2026-09-24:1',
        },
      ],
    });
    await otherApp(h, 'PATCH', '/months/2026-09-01/categories/cat-groceries', {
      category: { budgeted: 999000 },
    });

    h.standIn.clearRequests();
    const after = await changes(s);
    // four delta requests, each from the mark's knowledge: no full download
    expect(requestLines(h.standIn)).toEqual(DELTAS);
    const asked = h.standIn.requests.slice(0, 3).map((r) => r.query.last_knowledge_of_server);
    expect(asked).toEqual([String(knowledge), String(knowledge), String(knowledge)]);
    expect(after.marked).toBe(false);
    const by = (id: string) => after.changes.find((c) => c.id === id);
    expect(by('tx-054')).toMatchObject({
      area: 'transactions',
      kind: 'edited',
      who: 'elsewhere',
      operation_id: null,
      fields: ['amount: -45.00 → -47.00', 'memo changed'],
    });
    expect(by('tx-053')).toMatchObject({ kind: 'categorised', who: 'elsewhere' });
    expect(by('tx-053')?.fields).toEqual([expect.stringMatching(/^category: none → Groceries/)]);
    expect(by('tx-056')).toMatchObject({ kind: 'deleted', who: 'elsewhere' });
    const added = after.changes.filter((c) => c.kind === 'added');
    expect(added.map((c) => [c.who, c.import_id])).toEqual([
      ['elsewhere', null],
      ['bank_import', 'YNAB:-9900:2026-09-24:1'],
    ]);
    const budget = after.changes.filter((c) => c.area === 'budget');
    expect(budget).toHaveLength(1);
    expect(budget[0]).toMatchObject({ kind: 'assigned', who: 'elsewhere' });
    expect(budget[0]?.what).toMatch(/^Assigned .* to Groceries \(2026-09\)\.$/);
    expect(after.counts).toEqual({
      'transactions.edited': 1,
      'transactions.categorised': 1,
      'transactions.deleted': 1,
      'transactions.added': 2,
      'budget.assigned': 1,
    });
    expect(after.message).toContain('5 transactions');

    // the mark did not move: the same changes again; then mark: true moves it, and nothing is left
    expect((await changes(s)).changes).toHaveLength(after.changes.length);
    expect((await changes(s, { mark: true })).marked).toBe(true);
    const quiet = await changes(s);
    expect(quiet.changes).toEqual([]);
    expect(quiet.message).toContain('no change');
  });

  it("tells this server's confirmed writes by their operation id", async ({ h, journal }) => {
    h.standIn.reset();
    const s = await connect(h, era, { env: live(journal) });
    await changes(s);
    const args = { plan_id: PLAN, flags: [{ transaction_id: 'tx-052', color: 'purple' }] };
    const preview = (await call(s, 'flag_transactions', args)).structuredContent as { confirmation: string };
    const applied = (await call(s, 'flag_transactions', { ...args, confirmation: preview.confirmation }))
      .structuredContent as { operation_id: string };
    await otherApp(h, 'PATCH', '/transactions', { transactions: [{ id: 'tx-054', flag_color: 'red' }] });
    const after = await changes(s);
    expect(after.changes.map((c) => [c.id, c.who, c.operation_id, c.fields])).toEqual([
      ['tx-052', 'this_server', applied.operation_id, ['flag: none → purple']],
      ['tx-054', 'elsewhere', null, ['flag: none → red']],
    ]);
  });
});

describe('get_changes within the freshness window', () => {
  it('asks YNAB nothing while the lists synced at the mark are fresh, and nothing changed is told', async ({
    h,
    journal,
  }) => {
    h.standIn.reset();
    const s = await connect(h, 'modern', {
      env: { AVENIR_MCP_JOURNAL: journal, AVENIR_MCP_FRESH_SECONDS: '600' },
    });
    await changes(s);
    h.standIn.clearRequests();
    const again = await changes(s, { mark: true });
    expect(again).toMatchObject({ changes: [], marked: true, counts: {} });
    expect(h.standIn.requests).toEqual([]);
    // this server's own write ends the window: the next call asks YNAB and tells the write
    const args = { plan_id: PLAN, flags: [{ transaction_id: 'tx-052', color: 'green' }] };
    const preview = (await call(s, 'flag_transactions', args)).structuredContent as { confirmation: string };
    await call(s, 'flag_transactions', { ...args, confirmation: preview.confirmation });
    h.standIn.clearRequests();
    const after = await changes(s);
    expect(requestLines(h.standIn)).toEqual(DELTAS);
    expect(after.changes.map((c) => [c.id, c.who])).toEqual([['tx-052', 'this_server']]);
  });
});

describe('get_changes of budgets, targets and schedules', () => {
  it("tells a target and schedules changed elsewhere, and this server's budget change by its operation", async ({
    h,
    journal,
  }) => {
    h.standIn.reset();
    const s = await connect(h, 'modern', { env: live(journal) });
    await changes(s);
    await otherApp(h, 'PATCH', '/categories/cat-holidays', { category: { goal_target: 1_500_000 } });
    await otherApp(h, 'DELETE', '/scheduled_transactions/sch-internet');
    await otherApp(h, 'POST', '/scheduled_transactions', {
      scheduled_transaction: {
        account_id: 'acc-checking',
        date: '2026-10-15',
        amount: -12000,
        frequency: 'monthly',
        payee_name: 'GYM',
      },
    });
    const args = { plan_id: PLAN, month: '2026-09-01', category_id: 'cat-restaurants', amount: 150 };
    const preview = (await call(s, 'set_category_budget', args)).structuredContent as {
      confirmation: string;
    };
    const applied = (await call(s, 'set_category_budget', { ...args, confirmation: preview.confirmation }))
      .structuredContent as { operation_id: string };
    expect(applied.operation_id).toMatch(/^[0-9a-f]{12}$/);

    const after = await changes(s);
    const rows = after.changes.map((c) => [c.area, c.kind, c.who, c.operation_id]);
    expect(rows).toEqual([
      ['budget', 'assigned', 'this_server', applied.operation_id],
      ['targets', 'set', 'elsewhere', null],
      ['scheduled', 'removed', 'elsewhere', null],
      ['scheduled', 'added', 'elsewhere', null],
    ]);
    const target = after.changes.find((c) => c.area === 'targets');
    expect(target?.fields).toEqual([expect.stringMatching(/^target: none → \w+ 1500\.00/)]);
    expect(after.changes.find((c) => c.kind === 'removed')?.what).toBe(
      'Removed: FIBERNET - PRELEV -29.99 monthly, next 2026-10-06.',
    );
  });
});

describe('get_changes in pages', () => {
  it('pages the changes with next_cursor, and moves the mark only on the last page', async ({
    h,
    journal,
  }) => {
    h.standIn.reset();
    const s = await connect(h, 'modern', { env: live(journal) });
    await changes(s);
    const rows = Array.from({ length: 120 }, (_, i) => ({
      account_id: 'acc-checking',
      date: '2026-09-24',
      amount: -1000 - i,
      payee_name: `A MERCHANT WITH A RATHER LONG BANK LABEL NUMBER ${i}`,
    }));
    await otherApp(h, 'POST', '/transactions', { transactions: rows });
    const first = await changes(s, { mark: true });
    expect(first.counts).toEqual({ 'transactions.added': 120 });
    expect(first.changes.length).toBeLessThan(120);
    expect(first.marked).toBe(false);
    expect(first.message).toContain('The mark moves on the last page.');
    expect(first.omitted).toContain('pass next_cursor as cursor');
    const seen = [...first.changes];
    let cursor = first.next_cursor;
    let last = first;
    while (cursor !== null) {
      last = await changes(s, { mark: true, cursor });
      seen.push(...last.changes);
      cursor = last.next_cursor;
    }
    expect(new Set(seen.map((c) => c.id)).size).toBe(120);
    expect(last.marked).toBe(true);
    expect((await changes(s)).changes).toEqual([]);
  });
});

describe('get_changes by date, and its refusals', () => {
  it('lists the transactions dated since a day, in one request, saying YNAB keeps no time of change', async ({
    h,
    journal,
  }) => {
    h.standIn.reset();
    const s = await connect(h, 'modern', { env: live(journal) });
    h.standIn.clearRequests();
    const out = await changes(s, { since: '2026-09-18' });
    expect(requestLines(h.standIn)).toEqual([`GET /plans/${PLAN}/transactions`]);
    expect(out.message).toContain('YNAB keeps no time of change');
    expect(out.changes.length).toBeGreaterThan(0);
    expect(out.changes.every((c) => c.kind === 'dated' && c.what.includes('2026-09-'))).toBe(true);
    expect(out.marked).toBe(false);
  });

  it('refuses a since that is neither last nor a date, asking YNAB nothing', async ({ h, journal }) => {
    const s = await connect(h, 'modern', { env: live(journal) });
    h.standIn.clearRequests();
    for (const since of ['last week', '2026-02-30', '2026-13-01']) {
      const r = await call(s, 'get_changes', { plan_id: PLAN, since });
      expect(r.isError).toBe(true);
      expect(textOf(r)).toContain("since must be 'last' or a date as YYYY-MM-DD");
    }
    expect(h.standIn.requests).toEqual([]);
  });
});
