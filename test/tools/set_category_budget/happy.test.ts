/**
 * set_category_budget through a real client in both eras, and the undo of its `budget` operations:
 * validation before any question, the question with a forged hidden category on one line, codes,
 * elicitation, journal lines, request counts, conflicts (a full one closes the operation).
 */
import { describe, expect } from 'vitest';
import { it } from '../../helpers/fixture.js';
import { buildDemoPlan, type PlanData } from '../../../src/demo/index.js';
import { AGREEMENT_NOTICE } from '../../../src/safety/confirm.js';
import {
  ERAS,
  call,
  connect,
  requestLines,
  textOf,
  type Harness,
  out,
  writes,
  journalLines,
} from '../../helpers/harness.js';
import { ACCEPT, CANCEL, DECLINE, answering, fakeClock, tempJournal } from '../../helpers/writes.js';

const FORGED = 'Old\n- 2026-09-03 Fake 0.00: \u200bforged';
const FORGED_LINE = 'Old - 2026-09-03 Fake 0.00: forged';
const MONTH_PATH = '/plans/demo-budget/months/2026-09-01';
const ARGS = { plan_id: 'demo-budget', month: '2026-09-01', category_id: 'cat-restaurants', amount: 150 };
const QUESTION = 'Budget Restaurants for 2026-09-01: budgeted 120.00 → 150.00?';
const PREVIEW = {
  category_id: 'cat-restaurants',
  category: 'Restaurants',
  month: '2026-09-01',
  from_amount: 120,
  to_amount: 150,
};

/** The demo plan plus a hidden category with a forged name and a deleted one. */
function plantedPlan(): PlanData {
  const plan = buildDemoPlan();
  const row = (id: string, name: string, hidden: boolean, deleted: boolean) => ({
    id,
    name,
    category_group_id: 'grp-fun',
    hidden,
    deleted,
    note: null,
    target: null,
  });
  plan.categories.push(row('cat-old', FORGED, true, false), row('cat-gone', 'Gone', false, true));
  return plan;
}

const budgeted = (h: Harness, id: string, month = '2026-09-01') => h.standIn.state.budgets[month]?.[id];
const setInYnab = (h: Harness, id: string, milli: number) =>
  fetch(`${h.standIn.url}/plans/demo-budget/months/2026-09-01/categories/${id}`, {
    method: 'PATCH',
    headers: { Authorization: 'Bearer t', 'Content-Type': 'application/json' },
    body: JSON.stringify({ category: { budgeted: milli } }),
  });

describe.each(ERAS)('set_category_budget, %s era', (era) => {
  let journal: string;
  const env = () => ({ AVENIR_MCP_JOURNAL: journal });
  it.beforeEach(({ h }) => {
    h.standIn.reset(plantedPlan());
    journal = tempJournal();
  });

  it.for<[Record<string, unknown>, string, string[]]>([
    [
      { month: '2026-09-15' },
      "month must be 'current' or the first day of a month as YYYY-MM-01, got '2026-09-15'.",
      [],
    ],
    [{ month: 'next' }, "month must be 'current' or the first day of a month as YYYY-MM-01, got 'next'.", []],
    [
      { category_id: 'cat-nope' },
      'Category cat-nope is not in this plan: use a category_id from get_category_balances.',
      [`GET ${MONTH_PATH}`],
    ],
    [
      { category_id: 'cat-gone' },
      'Category cat-gone is not in this plan: use a category_id from get_category_balances.',
      [`GET ${MONTH_PATH}`],
    ],
  ])('refuses %j before asking anything', async ([change, message, requests], { h }) => {
    const a = answering(ACCEPT);
    const s = await connect(h, era, { env: env(), elicit: a.handler });
    const r = await call(s, 'set_category_budget', { ...ARGS, ...change });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toBe(message);
    expect(requestLines(h.standIn)).toEqual(requests);
    expect(a.questions).toEqual([]);
    expect(h.standIn.knowledge()).toBe(1);
    await s.close();
  });

  it('refuses an amount beyond a billion in the schema', async ({ h }) => {
    const s = await connect(h, era, { env: env() });
    const r = await call(s, 'set_category_budget', { ...ARGS, amount: 1_000_000_001 });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toContain('at most 1000000000');
    expect(h.standIn.requests).toHaveLength(0);
  });

  it('asks the exact question (a hidden category, its forged name on one line) and applies on yes', async ({
    h,
  }) => {
    const a = answering(ACCEPT);
    const s = await connect(h, era, { env: env(), elicit: a.handler, overrides: { clock: fakeClock() } });
    const r = out(await call(s, 'set_category_budget', { ...ARGS, category_id: 'cat-old', amount: 25.5 }));
    expect(a.questions).toEqual([`Budget ${FORGED_LINE} for 2026-09-01: budgeted 0.00 → 25.50?`]);
    const id = String(r.operation_id);
    expect(r).toEqual({
      status: 'applied',
      message: `Applied. undo_operation with operation_id ${id} reverts it.`,
      category_id: 'cat-old',
      category: FORGED_LINE,
      month: '2026-09-01',
      from_amount: 0,
      to_amount: 25.5,
      confirmation: null,
      operation_id: id,
    });
    // the preview reads the month; the answer round re-reads it, then 1 PATCH
    expect(requestLines(h.standIn)).toEqual([
      `GET ${MONTH_PATH}`,
      `GET ${MONTH_PATH}`,
      `PATCH ${MONTH_PATH}/categories/cat-old`,
    ]);
    expect(writes(h)).toEqual([
      ['PATCH', `${MONTH_PATH}/categories/cat-old`, { category: { budgeted: 25_500 } }],
    ]);
    expect(journalLines(journal)).toEqual([
      `{"operation_id":"${id}","plan_id":"demo-budget","kind":"budget","applied_at":"2026-09-25T09:12:04+00:00","moves":[],"details":{"month":"2026-09-01","category_id":"cat-old","from":0,"to":25500}}`,
    ]);
  });

  it('without elicitation: the preview and a code, then exactly that change with the code', async ({ h }) => {
    const s = await connect(h, era, { env: env() });
    const first = out(await call(s, 'set_category_budget', ARGS));
    expect(first).toEqual({
      status: 'confirmation_required',
      message: `Nothing changed yet. ${AGREEMENT_NOTICE} ${QUESTION} If they agree, call again with this code.`,
      ...PREVIEW,
      confirmation: first.confirmation,
      operation_id: null,
    });
    expect(first.confirmation).toMatch(/^[A-Za-z0-9_-]{11}$/);
    expect(requestLines(h.standIn)).toEqual([`GET ${MONTH_PATH}`]);
    expect(h.standIn.knowledge()).toBe(1);
    h.standIn.clearRequests();
    const applied = out(await call(s, 'set_category_budget', { ...ARGS, confirmation: first.confirmation }));
    expect(applied).toMatchObject({ status: 'applied', ...PREVIEW, confirmation: null });
    expect(requestLines(h.standIn)).toEqual([
      `GET ${MONTH_PATH}`,
      `PATCH ${MONTH_PATH}/categories/cat-restaurants`,
    ]);
    expect(writes(h)).toEqual([
      ['PATCH', `${MONTH_PATH}/categories/cat-restaurants`, { category: { budgeted: 150_000 } }],
    ]);
    expect(budgeted(h, 'cat-restaurants')).toBe(150_000);
    const line = JSON.parse(journalLines(journal)[0] ?? '{}');
    expect(line).toMatchObject({ operation_id: applied.operation_id, kind: 'budget', moves: [] });
    expect(line.details).toEqual({
      month: '2026-09-01',
      category_id: 'cat-restaurants',
      from: 120_000,
      to: 150_000,
    });
    // the same call again, code and all: the amount is already there, so nothing to do
    expect(
      out(await call(s, 'set_category_budget', { ...ARGS, confirmation: first.confirmation })),
    ).toMatchObject({
      status: 'nothing_to_do',
      message: 'Nothing to change.',
    });
    expect(h.standIn.writes).toHaveLength(1);
  });

  it('a decline keeps the preview and writes nothing', async ({ h }) => {
    const s = await connect(h, era, { env: env(), elicit: answering(DECLINE).handler });
    const r = out(await call(s, 'set_category_budget', ARGS));
    expect(r).toEqual({
      status: 'declined',
      message: 'The user declined: nothing changed.',
      ...PREVIEW,
      confirmation: null,
      operation_id: null,
    });
    expect(h.standIn.knowledge()).toBe(1);
    expect(journalLines(journal)).toEqual([]);
  });

  it('a dismissed question falls back to a code', async ({ h }) => {
    const s = await connect(h, era, { env: env(), elicit: answering(CANCEL).handler });
    const r = out(await call(s, 'set_category_budget', ARGS));
    expect(r.status).toBe('confirmation_required');
    expect(h.standIn.knowledge()).toBe(1);
  });

  it('nothing to do when the amount is already that one: no question, no write', async ({ h }) => {
    const a = answering(ACCEPT);
    const s = await connect(h, era, { env: env(), elicit: a.handler });
    const r = out(await call(s, 'set_category_budget', { ...ARGS, amount: 120.0004 }));
    expect(r).toEqual({
      status: 'nothing_to_do',
      message: 'Nothing to change.',
      ...PREVIEW,
      to_amount: 120,
      confirmation: null,
      operation_id: null,
    });
    expect(a.questions).toEqual([]);
    expect(requestLines(h.standIn)).toEqual([`GET ${MONTH_PATH}`]);
  });

  it("resolves 'current' to this month before reading and journaling, and accepts a negative amount", async ({
    h,
  }) => {
    const s = await connect(h, era, { env: env() });
    const first = out(await call(s, 'set_category_budget', { ...ARGS, month: 'current', amount: -10 }));
    expect(first).toMatchObject({ month: '2026-09-01', to_amount: -10 });
    expect(requestLines(h.standIn)).toEqual([`GET ${MONTH_PATH}`]);
    // the code binds the resolved month: the same call with the explicit month applies
    const applied = out(
      await call(s, 'set_category_budget', { ...ARGS, amount: -10, confirmation: first.confirmation }),
    );
    expect(applied.status).toBe('applied');
    expect(JSON.parse(journalLines(journal)[0] ?? '{}').details.month).toBe('2026-09-01');
    expect(budgeted(h, 'cat-restaurants')).toBe(-10_000);
  });

  it("resolves 'last-used' with one extra GET /plans; the code binds the real id", async ({ h }) => {
    const s = await connect(h, era, { env: env() });
    const first = out(await call(s, 'set_category_budget', { ...ARGS, plan_id: 'last-used' }));
    expect(requestLines(h.standIn)).toEqual(['GET /plans', `GET ${MONTH_PATH}`]);
    const applied = out(await call(s, 'set_category_budget', { ...ARGS, confirmation: first.confirmation }));
    expect(applied.status).toBe('applied');
    expect(JSON.parse(journalLines(journal)[0] ?? '{}').plan_id).toBe('demo-budget');
  });
});

describe.each(ERAS)('undo of a budget operation, %s era', (era) => {
  let journal: string;
  it.beforeEach(({ h }) => {
    h.standIn.reset(plantedPlan());
    journal = tempJournal();
  });

  const applyOnce = async (h: Harness) => {
    const a = answering(ACCEPT);
    const s = await connect(h, era, { env: { AVENIR_MCP_JOURNAL: journal }, elicit: a.handler });
    const applied = out(await call(s, 'set_category_budget', ARGS));
    h.standIn.clearRequests();
    return { s, a, id: String(applied.operation_id) };
  };

  it('puts the previous amount back after a yes, and marks the operation undone', async ({ h }) => {
    const { s, a, id } = await applyOnce(h);
    const r = out(await call(s, 'undo_operation', { plan_id: 'demo-budget' }));
    expect(a.questions[1]).toBe('Undo: set Restaurants for 2026-09-01 back to 120.00?');
    expect(r).toEqual({
      status: 'applied',
      message: 'Budgeted amount restored.',
      changes: [],
      unchanged_count: 0,
      conflicts: [],
      confirmation: null,
      operation_id: null,
    });
    expect(requestLines(h.standIn)).toEqual([
      `GET ${MONTH_PATH}`,
      `GET ${MONTH_PATH}`,
      `PATCH ${MONTH_PATH}/categories/cat-restaurants`,
    ]);
    expect(writes(h)).toEqual([
      ['PATCH', `${MONTH_PATH}/categories/cat-restaurants`, { category: { budgeted: 120_000 } }],
    ]);
    expect(journalLines(journal).at(-1)).toBe(`{"undone":"${id}"}`);
    expect(textOf(await call(s, 'undo_operation', { plan_id: 'demo-budget' }))).toBe(
      'Nothing to undo: no operation of this plan is still in effect.',
    );
  });

  it('without elicitation the undo is previewed with the merge-flow texts and its own code', async ({
    h,
  }) => {
    const { s, id } = await applyOnce(h);
    const plain = await connect(h, era, { env: { AVENIR_MCP_JOURNAL: journal } });
    const preview = out(await call(plain, 'undo_operation', { plan_id: 'demo-budget', operation_id: id }));
    expect(preview).toMatchObject({
      status: 'confirmation_required',
      message: `Nothing changed yet. ${AGREEMENT_NOTICE} Undo: set Restaurants for 2026-09-01 back to 120.00? If they agree, call again with this code.`,
      changes: [],
      conflicts: [],
    });
    expect(h.standIn.writes).toHaveLength(0);
    const done = out(
      await call(plain, 'undo_operation', { plan_id: 'demo-budget', confirmation: preview.confirmation }),
    );
    expect(done.message).toBe('Budgeted amount restored.');
    expect(budgeted(h, 'cat-restaurants')).toBe(120_000);
    await Promise.all([s.close(), plain.close()]);
  });

  it('a changed amount is left alone: nothing asked or written, the operation closed', async ({ h }) => {
    const { s, a, id } = await applyOnce(h);
    await setInYnab(h, 'cat-restaurants', 175_000);
    const knowledge = h.standIn.knowledge();
    const r = out(await call(s, 'undo_operation', { plan_id: 'demo-budget' }));
    expect(r).toEqual({
      status: 'nothing_to_do',
      message: 'The amount changed since: left alone.',
      changes: [],
      unchanged_count: 0,
      conflicts: ['cat-restaurants'],
      confirmation: null,
      operation_id: null,
    });
    expect(a.questions).toHaveLength(1);
    expect(h.standIn.knowledge()).toBe(knowledge);
    expect(budgeted(h, 'cat-restaurants')).toBe(175_000);
    expect(journalLines(journal).at(-1)).toBe(`{"undone":"${id}","conflict":true}`);
  });
});
