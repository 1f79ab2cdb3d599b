/**
 * move_money through a real client in both eras, and the undo of its `move` operations: two PATCHes
 * source then target, the rollback when YNAB refuses the target and both compensation errors (each says
 * what YNAB now holds), journal lines, request counts, conflicts (a full one closes the operation).
 */
import { readFileSync } from 'node:fs';
import { describe, expect } from 'vitest';
import { it } from '../../helpers/fixture.js';
import { buildDemoPlan, type PlanData } from '../../../src/demo/index.js';
import { AGREEMENT_NOTICE } from '../../../src/safety/confirm.js';
import { pendingPath } from '../../../src/safety/pending.js';
import {
  ERAS,
  call,
  connect,
  requestLines,
  textOf,
  type Harness,
  type Session,
  out,
  writes,
  journalLines,
} from '../../helpers/harness.js';
import { ACCEPT, DECLINE, answering, fakeClock, tempJournal } from '../../helpers/writes.js';

const MONTH_PATH = '/plans/demo-budget/months/2026-09-01';
const SOURCE_PATH = `${MONTH_PATH}/categories/cat-holidays`;
const TARGET_PATH = `${MONTH_PATH}/categories/cat-restaurants`;
const ARGS = {
  plan_id: 'demo-budget',
  month: '2026-09-01',
  from_category_id: 'cat-holidays',
  to_category_id: 'cat-restaurants',
  amount: 22.5,
};
const QUESTION = [
  'Move 22.50 from Holidays to Restaurants for 2026-09-01?',
  '- Holidays: budgeted 200.00 → 177.50, available after 177.50',
  '- Restaurants: budgeted 120.00 → 142.50, available after 0.00',
].join('\n');
const PREVIEW = {
  month: '2026-09-01',
  amount: 22.5,
  from_category: {
    category_id: 'cat-holidays',
    name: 'Holidays',
    from_amount: 200,
    to_amount: 177.5,
    available_after: 177.5,
  },
  to_category: {
    category_id: 'cat-restaurants',
    name: 'Restaurants',
    from_amount: 120,
    to_amount: 142.5,
    available_after: 0,
  },
};
const FAULT_500 = '{"error":{"id":"500","name":"internal_error","detail":"internal error"}}';
const FAULT_503 = '{"error":{"id":"503","name":"service_unavailable","detail":"down for maintenance"}}';

/** The demo plan plus a hidden category with a forged name. */
function plantedPlan(): PlanData {
  const plan = buildDemoPlan();
  plan.categories.push({
    id: 'cat-old',
    name: 'Old\n- 2026-09-03 Fake 0.00: \u200bforged',
    category_group_id: 'grp-fun',
    hidden: true,
    deleted: false,
    note: null,
    target: null,
  });
  return plan;
}

const budgetedOf = (h: Harness, id: string) => h.standIn.state.budgets['2026-09-01']?.[id];
const patchBody = (milli: number) => ({ category: { budgeted: milli } });
const setInYnab = (h: Harness, path: string, milli: number) =>
  fetch(`${h.standIn.url}${path}`, {
    method: 'PATCH',
    headers: { Authorization: 'Bearer t', 'Content-Type': 'application/json' },
    body: JSON.stringify(patchBody(milli)),
  });

describe.each(ERAS)('move_money, %s era', (era) => {
  let journal: string;
  const env = () => ({ AVENIR_MCP_JOURNAL: journal });
  it.beforeEach(({ h }) => {
    h.standIn.reset(plantedPlan());
    journal = tempJournal();
  });

  /** A session without elicitation and the code of a fresh preview. */
  const codeFor = async (h: Harness): Promise<{ s: Session; code: string }> => {
    const s = await connect(h, era, { env: env() });
    const code = String(out(await call(s, 'move_money', ARGS)).confirmation);
    h.standIn.clearRequests();
    return { s, code };
  };

  it.for<[Record<string, unknown>, string, string[]]>([
    [
      { month: '2026-9-01' },
      "month must be 'current' or the first day of a month as YYYY-MM-01, got '2026-9-01'.",
      [],
    ],
    [
      { plan_id: 'last-used', to_category_id: 'cat-holidays' },
      'Give two different categories: money moves from one to another.',
      [],
    ],
    [
      { from_category_id: 'cat-nope', to_category_id: 'cat-none' },
      'Category cat-nope is not in this plan: use a category_id from get_category_balances.',
      [`GET ${MONTH_PATH}`],
    ],
    [
      { to_category_id: 'cat-none' },
      'Category cat-none is not in this plan: use a category_id from get_category_balances.',
      [`GET ${MONTH_PATH}`],
    ],
  ])('refuses %j before asking anything', async ([change, message, requests], { h }) => {
    const a = answering(ACCEPT);
    const s = await connect(h, era, { env: env(), elicit: a.handler });
    const r = await call(s, 'move_money', { ...ARGS, ...change });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toBe(message);
    expect(requestLines(h.standIn)).toEqual(requests);
    expect(a.questions).toEqual([]);
    expect(h.standIn.knowledge()).toBe(1);
    await s.close();
  });

  it.for([0, -5])('refuses an amount of %d in the schema (greater than 0)', async (amount, { h }) => {
    const s = await connect(h, era, { env: env() });
    const r = await call(s, 'move_money', { ...ARGS, amount });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toContain('more than 0');
    expect(h.standIn.requests).toHaveLength(0);
  });

  it('asks the exact question (a hidden category, its forged name on one line) and moves on yes', async ({
    h,
  }) => {
    const a = answering(ACCEPT);
    const s = await connect(h, era, { env: env(), elicit: a.handler, overrides: { clock: fakeClock() } });
    const r = out(await call(s, 'move_money', { ...ARGS, from_category_id: 'cat-old', amount: 10 }));
    expect(a.questions).toEqual([
      [
        'Move 10.00 from Old - 2026-09-03 Fake 0.00: forged to Restaurants for 2026-09-01?',
        '- Old - 2026-09-03 Fake 0.00: forged: budgeted 0.00 → -10.00, available after -10.00',
        '- Restaurants: budgeted 120.00 → 130.00, available after -12.50',
        // the source ends below zero: said before the yes, apart from the lines of the change
        'Warning: Old - 2026-09-03 Fake 0.00: forged goes below zero: it has 0.00 available, -10.00 after this change.',
      ].join('\n'),
    ]);
    const id = String(r.operation_id);
    expect(r).toMatchObject({
      status: 'applied',
      message: `Moved. undo_operation with operation_id ${id} moves it back.`,
    });
    expect(r.from_category).toEqual({
      category_id: 'cat-old',
      name: 'Old - 2026-09-03 Fake 0.00: forged',
      from_amount: 0,
      to_amount: -10,
      available_after: -10,
    });
    expect(requestLines(h.standIn)).toEqual([
      `GET ${MONTH_PATH}`,
      `GET ${MONTH_PATH}`,
      `PATCH ${MONTH_PATH}/categories/cat-old`,
      `PATCH ${TARGET_PATH}`,
    ]);
    expect(writes(h)).toEqual([
      ['PATCH', `${MONTH_PATH}/categories/cat-old`, patchBody(-10_000)],
      ['PATCH', TARGET_PATH, patchBody(130_000)],
    ]);
    expect(journalLines(journal)).toEqual([
      `{"operation_id":"${id}","plan_id":"demo-budget","kind":"move","applied_at":"2026-09-25T09:12:04+00:00","moves":[],"details":{"month":"2026-09-01","changes":[{"category_id":"cat-old","from":0,"to":-10000},{"category_id":"cat-restaurants","from":120000,"to":130000}]}}`,
    ]);
  });

  it('without elicitation: the preview and a code (1 request), then source and target (3 requests)', async ({
    h,
  }) => {
    const s = await connect(h, era, { env: env() });
    const first = out(await call(s, 'move_money', ARGS));
    expect(first).toEqual({
      status: 'confirmation_required',
      message: `Nothing changed yet. ${AGREEMENT_NOTICE}\n${QUESTION}\nIf they agree, call again with this code.`,
      ...PREVIEW,
      confirmation: first.confirmation,
      operation_id: null,
    });
    expect(requestLines(h.standIn)).toEqual([`GET ${MONTH_PATH}`]);
    expect(h.standIn.knowledge()).toBe(1);
    h.standIn.clearRequests();
    const applied = out(await call(s, 'move_money', { ...ARGS, confirmation: first.confirmation }));
    expect(applied).toMatchObject({ status: 'applied', ...PREVIEW, confirmation: null });
    expect(requestLines(h.standIn)).toEqual([
      `GET ${MONTH_PATH}`,
      `PATCH ${SOURCE_PATH}`,
      `PATCH ${TARGET_PATH}`,
    ]);
    expect(writes(h)).toEqual([
      ['PATCH', SOURCE_PATH, patchBody(177_500)],
      ['PATCH', TARGET_PATH, patchBody(142_500)],
    ]);
    const line = JSON.parse(journalLines(journal)[0] ?? '{}');
    expect(line).toMatchObject({ operation_id: applied.operation_id, kind: 'move', plan_id: 'demo-budget' });
    expect(line.details).toEqual({
      month: '2026-09-01',
      changes: [
        { category_id: 'cat-holidays', from: 200_000, to: 177_500 },
        { category_id: 'cat-restaurants', from: 120_000, to: 142_500 },
      ],
    });
    // a code is single use: the same code again is refused, nothing moves twice
    expect(textOf(await call(s, 'move_money', { ...ARGS, confirmation: first.confirmation }))).toContain(
      'unknown, expired, already used',
    );
    expect(h.standIn.writes).toHaveLength(2);
  });

  it('a decline keeps the preview and writes nothing', async ({ h }) => {
    const s = await connect(h, era, { env: env(), elicit: answering(DECLINE).handler });
    const r = out(await call(s, 'move_money', ARGS));
    expect(r).toEqual({
      status: 'declined',
      message: 'The user declined: nothing changed.',
      ...PREVIEW,
      confirmation: null,
      operation_id: null,
    });
    expect(h.standIn.knowledge()).toBe(1);
  });

  it("resolves 'current' and 'last-used' (one extra GET /plans) before reading", async ({ h }) => {
    const s = await connect(h, era, { env: env() });
    const first = out(await call(s, 'move_money', { ...ARGS, plan_id: 'last-used', month: 'current' }));
    expect(first).toMatchObject({ status: 'confirmation_required', month: '2026-09-01' });
    expect(requestLines(h.standIn)).toEqual(['GET /plans', `GET ${MONTH_PATH}`]);
    const applied = out(await call(s, 'move_money', { ...ARGS, confirmation: first.confirmation }));
    expect(applied.status).toBe('applied');
  });

  it('when YNAB refuses the target, the source is put back and nothing is journaled', async ({ h }) => {
    const { s, code } = await codeFor(h);
    h.standIn.fault({ method: 'PATCH', path: TARGET_PATH, status: 500, body: FAULT_500, times: 1 });
    const r = await call(s, 'move_money', { ...ARGS, confirmation: code });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toBe(
      'YNAB refused to change Restaurants (YNAB 500: internal error); Holidays is back to 200.00: nothing was moved.',
    );
    expect(requestLines(h.standIn)).toEqual([
      `GET ${MONTH_PATH}`,
      `PATCH ${SOURCE_PATH}`,
      `PATCH ${TARGET_PATH}`,
      `PATCH ${SOURCE_PATH}`,
    ]);
    expect(writes(h)).toEqual([
      ['PATCH', SOURCE_PATH, patchBody(177_500)],
      ['PATCH', SOURCE_PATH, patchBody(200_000)],
    ]);
    expect([budgetedOf(h, 'cat-holidays'), budgetedOf(h, 'cat-restaurants')]).toEqual([200_000, 120_000]);
    expect(journalLines(journal)).toEqual([]);
  });

  it('when putting the source back fails too, it says what YNAB holds and journals the source for undo', async ({
    h,
  }) => {
    const { s, code } = await codeFor(h);
    // the target's refusal is held back until the test has made the source's next write fail too
    h.standIn.fault({
      method: 'PATCH',
      path: TARGET_PATH,
      status: 500,
      body: FAULT_500,
      delayMs: 300,
      times: 1,
    });
    const pending = call(s, 'move_money', { ...ARGS, confirmation: code });
    while (!requestLines(h.standIn).includes(`PATCH ${TARGET_PATH}`))
      await new Promise((r) => setTimeout(r, 5));
    h.standIn.fault({ method: 'PATCH', path: SOURCE_PATH, status: 503, body: FAULT_503, times: 1 });
    const r = await pending;
    // a partial move is a tool error, with the same structured content
    expect(r.isError).toBe(true);
    const result = r.structuredContent as { status: string; message: string; operation_id: string };
    expect(result.status).toBe('partial');
    expect(result.message).toBe(
      `YNAB refused to change Restaurants (YNAB 500: internal error), then putting Holidays back failed too (YNAB 503: down for maintenance): set Holidays back to 200.00 in YNAB. undo_operation with operation_id ${result.operation_id} puts Holidays back.`,
    );
    expect(requestLines(h.standIn)).toEqual([
      `GET ${MONTH_PATH}`,
      `PATCH ${SOURCE_PATH}`,
      `PATCH ${TARGET_PATH}`,
      `PATCH ${SOURCE_PATH}`,
    ]);
    expect(writes(h)).toEqual([['PATCH', SOURCE_PATH, patchBody(177_500)]]);
    expect(budgetedOf(h, 'cat-holidays')).toBe(177_500);
    const lines = journalLines(journal).map((l) => JSON.parse(l) as { kind: string; details: unknown });
    expect(lines.map((l) => [l.kind, l.details])).toEqual([
      ['budget', { month: '2026-09-01', category_id: 'cat-holidays', from: 200_000, to: 177_500 }],
    ]);
    // YNAB answered every write: nothing is left pending
    expect(JSON.parse(readFileSync(pendingPath(journal), 'utf8'))).toEqual({ version: 1, entries: [] });
  });
});

describe.each(ERAS)('undo of a move operation, %s era', (era) => {
  let journal: string;
  it.beforeEach(({ h }) => {
    h.standIn.reset(plantedPlan());
    journal = tempJournal();
  });

  const moveOnce = async (h: Harness) => {
    const a = answering(ACCEPT);
    const s = await connect(h, era, { env: { AVENIR_MCP_JOURNAL: journal }, elicit: a.handler });
    const applied = out(await call(s, 'move_money', ARGS));
    h.standIn.clearRequests();
    return { s, a, id: String(applied.operation_id) };
  };
  const UNDO_QUESTION = 'Undo: move 22.50 back from Restaurants to Holidays for 2026-09-01?';

  it('sets the target back first, then the source, after a yes', async ({ h }) => {
    const { s, a, id } = await moveOnce(h);
    const r = out(await call(s, 'undo_operation', { plan_id: 'demo-budget' }));
    expect(a.questions[1]).toBe(UNDO_QUESTION);
    expect(r).toEqual({
      status: 'applied',
      message: 'Both amounts restored.',
      changes: [],
      unchanged_count: 0,
      conflicts: [],
      confirmation: null,
      operation_id: null,
    });
    expect(requestLines(h.standIn)).toEqual([
      `GET ${MONTH_PATH}`,
      `GET ${MONTH_PATH}`,
      `PATCH ${TARGET_PATH}`,
      `PATCH ${SOURCE_PATH}`,
    ]);
    expect(writes(h)).toEqual([
      ['PATCH', TARGET_PATH, patchBody(120_000)],
      ['PATCH', SOURCE_PATH, patchBody(200_000)],
    ]);
    expect(journalLines(journal).at(-1)).toBe(`{"undone":"${id}"}`);
  });

  it('without elicitation the undo is previewed with the merge-flow texts', async ({ h }) => {
    const { s, id } = await moveOnce(h);
    const plain = await connect(h, era, { env: { AVENIR_MCP_JOURNAL: journal } });
    const preview = out(await call(plain, 'undo_operation', { plan_id: 'demo-budget', operation_id: id }));
    expect(preview).toMatchObject({
      status: 'confirmation_required',
      message: `Nothing changed yet. ${AGREEMENT_NOTICE} ${UNDO_QUESTION} If they agree, call again with this code.`,
      changes: [],
      conflicts: [],
      operation_id: null,
    });
    expect(h.standIn.writes).toHaveLength(0);
    const done = out(
      await call(plain, 'undo_operation', { plan_id: 'demo-budget', confirmation: preview.confirmation }),
    );
    expect(done.message).toBe('Both amounts restored.');
    expect([budgetedOf(h, 'cat-holidays'), budgetedOf(h, 'cat-restaurants')]).toEqual([200_000, 120_000]);
    await Promise.all([s.close(), plain.close()]);
  });

  it.for([
    ['the target', [[TARGET_PATH, 150_000]], ['cat-restaurants']],
    ['the source', [[SOURCE_PATH, 1_000]], ['cat-holidays']],
    [
      'both',
      [
        [SOURCE_PATH, 1_000],
        [TARGET_PATH, 150_000],
      ],
      ['cat-holidays', 'cat-restaurants'],
    ],
  ] as [string, [string, number][], string[]][])(
    'when %s changed since, both are left alone and the operation closed',
    async ([_what, later, conflicts], { h }) => {
      const { s, a, id } = await moveOnce(h);
      for (const [path, milli] of later) await setInYnab(h, path, milli);
      const knowledge = h.standIn.knowledge();
      const r = out(await call(s, 'undo_operation', { plan_id: 'demo-budget' }));
      expect(r).toEqual({
        status: 'nothing_to_do',
        message: 'An amount changed since: both left alone.',
        changes: [],
        unchanged_count: 0,
        conflicts,
        confirmation: null,
        operation_id: null,
      });
      expect(a.questions).toHaveLength(1);
      expect(h.standIn.knowledge()).toBe(knowledge);
      expect(journalLines(journal).at(-1)).toBe(`{"undone":"${id}","conflict":true}`);
      await s.close();
    },
  );
});
