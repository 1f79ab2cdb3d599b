/**
 * set_category_target and the undo of its `target` kind through a real client in both eras:
 * every check with nothing asked or written, the questions (the warning when the previous target
 * cannot come back), the PATCH bodies, the journal line only when undoable, the undo (never over a
 * later change; a conflict closes the operation), and the YNAB requests each call makes on a cold
 * cache.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { describe, expect } from 'vitest';
import { it } from '../../helpers/fixture.js';
import { buildDemoPlan, type PlanData, type Target } from '../../../src/demo/index.js';
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
  journalEntries,
} from '../../helpers/harness.js';
import { extraCategory, withCardGroup } from '../../helpers/plans.js';
import { ACCEPT, DECLINE, answering, fakeClock, tempJournal } from '../../helpers/writes.js';

const FORGED = 'Rent\n- 2026-09-03 Fake 0.00: \u200bforged';
const ONE_LINE = 'Rent - 2026-09-03 Fake 0.00: forged';
const target = (over: Partial<Target>): Target => ({
  goal_type: 'NEED',
  goal_target: 0,
  goal_target_date: null,
  goal_cadence: 1,
  goal_cadence_frequency: 1,
  goal_creation_month: '2026-06-01',
  goal_needs_whole_amount: null,
  goal_day: null,
  goal_snoozed_at: null,
  ...over,
});

/** The demo plan plus monthly funding on Electricity, a card payment, a loan, a hidden and a forged category. */
function plantedPlan(): PlanData {
  const plan = buildDemoPlan();
  withCardGroup(plan);
  const power = plan.categories.find((c) => c.id === 'cat-power');
  if (power) power.target = target({ goal_type: 'MF', goal_target: 64_200 });
  const extra = (id: string, name: string, group: string, t: Target | null = null, hidden = false) => ({
    ...extraCategory(id, name, group, hidden),
    target: t,
  });
  plan.categories.push(
    extra('cat-visa', 'Visa', 'grp-cc'),
    extra('cat-car', 'Car loan', 'grp-bills', target({ goal_type: 'DEBT', goal_target: 250_000 })),
    extra('cat-old', 'Old stuff', 'grp-fun', null, true),
    extra('cat-forged', FORGED, 'grp-fun'),
  );
  return plan;
}

const targetOf = (h: Harness, id: string) =>
  h.standIn.state.categories.find((c) => c.id === id)?.target ?? null;
const GET = 'GET /plans/demo-budget/categories';
const HOLIDAYS = { plan_id: 'demo-budget', category_id: 'cat-holidays', amount: 1200, by_date: '2027-06-01' };
const HOLIDAYS_Q = 'Set the target of Holidays: no target → 1200.00 by 2027-06-01?';
const patchTarget = (h: Harness, id: string, category: Record<string, unknown>) =>
  fetch(`${h.standIn.url}/plans/demo-budget/categories/${id}`, {
    method: 'PATCH',
    headers: { Authorization: 'Bearer t', 'Content-Type': 'application/json' },
    body: JSON.stringify({ category }),
  });

describe.each(ERAS)('set_category_target, %s era', (era) => {
  let journal: string;
  it.beforeEach(({ h }) => {
    h.standIn.reset(plantedPlan());
    journal = tempJournal();
  });
  const env = () => ({ AVENIR_MCP_JOURNAL: journal });

  it.for<[Record<string, unknown>, string]>([
    [
      { category_id: 'cat-nope', amount: 5 },
      'Category cat-nope is not in this plan: use a category_id from get_category_balances or list_category_groups.',
    ],
    [
      { category_id: 'cat-old', amount: 5 },
      'Category cat-old is not in this plan: use a category_id from get_category_balances or list_category_groups.',
    ],
    [
      { amount: 5, by_date: '2027-01-01', frequency: 'monthly' },
      'Give either a date or a frequency, not both: YNAB refuses the two.',
    ],
    [{ by_date: '2027-01-01' }, 'To remove the target, give no amount, no date and no frequency.'],
    [{ frequency: 'yearly' }, 'To remove the target, give no amount, no date and no frequency.'],
    [
      { amount: 0 },
      'Input validation error: Invalid arguments for tool set_category_target: amount: must be more than 0',
    ],
    [
      { amount: -20 },
      'Input validation error: Invalid arguments for tool set_category_target: amount: must be more than 0',
    ],
    [
      { amount: 0.0004 },
      'amount 0.0004 rounds to 0: YNAB keeps amounts to 3 decimals, 0.001 the smallest. Give the amount meant.',
    ],
    [
      { category_id: 'cat-car', amount: 300, by_date: '2027-01-01' },
      'YNAB takes neither a date nor a frequency on a category paired to a loan account: give an amount alone.',
    ],
    [
      { category_id: 'cat-car', amount: 300, frequency: 'monthly' },
      'YNAB takes neither a date nor a frequency on a category paired to a loan account: give an amount alone.',
    ],
    [
      { category_id: 'cat-visa', amount: 80, frequency: 'monthly' },
      'YNAB takes no frequency on a credit card payment category: give an amount alone, or a date.',
    ],
  ])('refuses %j before asking anything', async ([args, message], { h }) => {
    const a = answering(ACCEPT);
    const s = await connect(h, era, { env: env(), elicit: a.handler });
    const r = await call(s, 'set_category_target', {
      plan_id: 'demo-budget',
      category_id: 'cat-groceries',
      ...args,
    });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toBe(message);
    expect(a.questions).toEqual([]);
    expect(h.standIn.knowledge()).toBe(1);
    await s.close();
  });

  it('the same target is nothing to do, after 1 read', async ({ h }) => {
    const s = await connect(h, era, { env: env(), elicit: answering(ACCEPT).handler });
    h.standIn.clearRequests();
    const r = await call(s, 'set_category_target', {
      plan_id: 'demo-budget',
      category_id: 'cat-groceries',
      amount: 450,
      frequency: 'monthly',
    });
    expect(out(r)).toEqual({
      status: 'nothing_to_do',
      message: 'The target is already that one.',
      category: 'Groceries',
      before: '450.00 each month',
      after: '450.00 each month',
      undoable: true,
      confirmation: null,
      operation_id: null,
    });
    expect(requestLines(h.standIn)).toEqual([GET]);
    expect(h.standIn.knowledge()).toBe(1);
  });

  it('without elicitation: preview (1 request), code → PATCH (1 + 1) and a journal line; undo the same way', async ({
    h,
  }) => {
    const s = await connect(h, era, { env: env(), overrides: { clock: fakeClock() } });
    h.standIn.clearRequests();
    const preview = out(await call(s, 'set_category_target', HOLIDAYS));
    expect(preview).toEqual({
      status: 'confirmation_required',
      message: `Nothing changed yet. ${AGREEMENT_NOTICE} ${HOLIDAYS_Q} If they agree, call again with this code.`,
      category: 'Holidays',
      before: 'no target',
      after: '1200.00 by 2027-06-01',
      undoable: true,
      confirmation: expect.stringMatching(/^[A-Za-z0-9_-]{11}$/),
      operation_id: null,
    });
    expect(requestLines(h.standIn)).toEqual([GET]);
    expect(h.standIn.knowledge()).toBe(1);
    h.standIn.clearRequests();
    const applied = out(
      await call(s, 'set_category_target', { ...HOLIDAYS, confirmation: preview.confirmation }),
    );
    const id = String(applied.operation_id);
    expect(id).toMatch(/^[0-9a-f]{12}$/);
    expect(applied).toEqual({
      ...preview,
      status: 'applied',
      message: `Target set. undo_operation with operation_id ${id} restores it.`,
      confirmation: null,
      operation_id: id,
    });
    expect(requestLines(h.standIn)).toEqual([GET, 'PATCH /plans/demo-budget/categories/cat-holidays']);
    expect(writes(h)).toEqual([
      [
        'PATCH',
        '/plans/demo-budget/categories/cat-holidays',
        { category: { goal_target: 1_200_000, goal_target_date: '2027-06-01' } },
      ],
    ]);
    expect(readFileSync(journal, 'utf8')).toBe(
      `{"operation_id":"${id}","plan_id":"demo-budget","kind":"target","applied_at":"2026-09-25T09:12:04+00:00","moves":[],"details":{"category_id":"cat-holidays","undo":{"goal_target":null},"after":"1200.00 by 2027-06-01","before":"no target"}}\n`,
    );

    h.standIn.clearRequests();
    const undoPreview = out(await call(s, 'undo_operation', { plan_id: 'demo-budget' }));
    expect(undoPreview).toMatchObject({
      status: 'confirmation_required',
      message: `Nothing changed yet. ${AGREEMENT_NOTICE} Undo: set the target of Holidays back to no target? If they agree, call again with this code.`,
      changes: [],
      conflicts: [],
    });
    expect(requestLines(h.standIn)).toEqual([GET]);
    h.standIn.clearRequests();
    const undone = out(
      await call(s, 'undo_operation', { plan_id: 'demo-budget', confirmation: undoPreview.confirmation }),
    );
    expect(undone).toMatchObject({
      status: 'applied',
      message: 'Target restored.',
      conflicts: [],
      operation_id: null,
    });
    expect(requestLines(h.standIn)).toEqual([GET, 'PATCH /plans/demo-budget/categories/cat-holidays']);
    expect(h.standIn.writes[0]?.body).toEqual({ category: { goal_target: null } });
    expect(targetOf(h, 'cat-holidays')).toBeNull();
    expect(journalEntries(journal).at(-1)).toEqual({ undone: id });
  });

  it('the target just set reads back from get_category_balances, though it needs nothing this month', async ({
    h,
  }) => {
    const s = await connect(h, era, { env: env(), overrides: { clock: fakeClock() } });
    const preview = out(await call(s, 'set_category_target', HOLIDAYS));
    await call(s, 'set_category_target', { ...HOLIDAYS, confirmation: preview.confirmation });
    const balances = out(await call(s, 'get_category_balances', { plan_id: 'demo-budget' }));
    const holidays = (balances.result as Record<string, unknown>[]).find(
      (c) => c.category_id === 'cat-holidays',
    );
    expect(holidays).toMatchObject({ budgeted: 200, activity: 0, balance: 200 });
    expect(holidays?.target).toMatchObject({
      kind: 'spending',
      description: '1200.00 by 2027-06-01',
      amount: 1200,
      date: '2027-06-01',
      needed_this_month: 0,
      left: 1000,
      percent_complete: 16,
      snoozed: false,
    });
    const behind = out(await call(s, 'get_underfunded_targets', { plan_id: 'demo-budget' }));
    const listed = (behind.targets as { category_id: string }[]).map((t) => t.category_id);
    expect(listed).not.toContain('cat-holidays');
  });

  it('a yes replaces a monthly target; its undo recreates it exactly', async ({ h }) => {
    const a = answering(ACCEPT);
    const s = await connect(h, era, { env: env(), elicit: a.handler });
    const args = { plan_id: 'demo-budget', category_id: 'cat-groceries', amount: 100, frequency: 'weekly' };
    const r = out(await call(s, 'set_category_target', args));
    expect(r).toMatchObject({
      status: 'applied',
      before: '450.00 each month',
      after: '100.00 each week',
      undoable: true,
    });
    const undone = out(await call(s, 'undo_operation', { plan_id: 'demo-budget' }));
    expect(a.questions).toEqual([
      'Set the target of Groceries: 450.00 each month → 100.00 each week?',
      'Undo: set the target of Groceries back to 450.00 each month?',
    ]);
    expect(undone.message).toBe('Target restored.');
    expect(writes(h)).toEqual([
      [
        'PATCH',
        '/plans/demo-budget/categories/cat-groceries',
        { category: { goal_target: 100_000, goal_frequency: 'weekly' } },
      ],
      [
        'PATCH',
        '/plans/demo-budget/categories/cat-groceries',
        { category: { goal_target: 450_000, goal_frequency: 'monthly', goal_needs_whole_amount: true } },
      ],
    ]);
    expect(targetOf(h, 'cat-groceries')).toMatchObject({
      goal_type: 'NEED',
      goal_target: 450_000,
      goal_cadence: 1,
      goal_needs_whole_amount: true,
    });
  });

  it('an amount alone keeps monthly funding, and its undo puts the amount back', async ({ h }) => {
    const s = await connect(h, era, { env: env(), elicit: answering(ACCEPT).handler });
    const r = out(
      await call(s, 'set_category_target', { plan_id: 'demo-budget', category_id: 'cat-power', amount: 70 }),
    );
    expect(r).toMatchObject({
      status: 'applied',
      before: '64.20 (monthly funding)',
      after: '70.00 (monthly funding)',
      undoable: true,
    });
    await call(s, 'undo_operation', { plan_id: 'demo-budget' });
    expect(writes(h).map((w) => w[2])).toEqual([
      { category: { goal_target: 70_000 } },
      { category: { goal_target: 64_200 } },
    ]);
    expect(targetOf(h, 'cat-power')).toMatchObject({ goal_type: 'MF', goal_target: 64_200 });
  });

  it('warns when the previous target cannot come back, and journals nothing', async ({ h }) => {
    const a = answering(ACCEPT);
    const s = await connect(h, era, { env: env(), elicit: a.handler });
    const warning =
      'undo_operation cannot bring back the previous target (64.20 (monthly funding)): only YNAB can.';
    const r = out(
      await call(s, 'set_category_target', {
        plan_id: 'demo-budget',
        category_id: 'cat-power',
        amount: 70,
        frequency: 'monthly',
      }),
    );
    expect(a.questions).toEqual([
      `Set the target of Electricity: 64.20 (monthly funding) → 70.00 each month?\n${warning}`,
    ]);
    expect(r).toEqual({
      status: 'applied',
      message: `Target set. ${warning}`,
      category: 'Electricity',
      before: '64.20 (monthly funding)',
      after: '70.00 each month',
      undoable: false,
      confirmation: null,
      operation_id: null,
    });
    expect(writes(h)).toEqual([
      [
        'PATCH',
        '/plans/demo-budget/categories/cat-power',
        { category: { goal_target: 70_000, goal_frequency: 'monthly' } },
      ],
    ]);
    expect(existsSync(journal)).toBe(false);
    expect(textOf(await call(s, 'undo_operation', { plan_id: 'demo-budget' }))).toBe(
      'Nothing to undo: no operation of this plan is still in effect.',
    );
  });

  it('a target changed since is left alone: nothing asked or written, the operation closed', async ({
    h,
  }) => {
    const a = answering(ACCEPT);
    const s = await connect(h, era, { env: env(), elicit: a.handler });
    const applied = out(await call(s, 'set_category_target', HOLIDAYS));
    await patchTarget(h, 'cat-holidays', { goal_target: 999_000 });
    const knowledge = h.standIn.knowledge();
    h.standIn.clearRequests();
    const r = out(await call(s, 'undo_operation', { plan_id: 'demo-budget' }));
    expect(r).toEqual({
      status: 'nothing_to_do',
      message: 'The target changed since: left alone.',
      changes: [],
      unchanged_count: 0,
      conflicts: ['cat-holidays'],
      confirmation: null,
      operation_id: null,
    });
    expect(requestLines(h.standIn)).toEqual([GET]);
    expect(a.questions).toEqual([HOLIDAYS_Q]);
    expect(h.standIn.knowledge()).toBe(knowledge);
    expect(journalEntries(journal).at(-1)).toEqual({ undone: applied.operation_id, conflict: true });
  });

  it('a category hidden since is a conflict too', async ({ h }) => {
    const s = await connect(h, era, { env: env(), elicit: answering(ACCEPT).handler });
    await call(s, 'set_category_target', HOLIDAYS);
    await s.close();
    const row = h.standIn.state.categories.find((c) => c.id === 'cat-holidays');
    if (row) row.hidden = true;
    const fresh = await connect(h, era, { env: env() });
    const r = out(await call(fresh, 'undo_operation', { plan_id: 'demo-budget' }));
    expect(r).toMatchObject({
      status: 'nothing_to_do',
      message: 'The target changed since: left alone.',
      conflicts: ['cat-holidays'],
    });
  });

  it('a target entry whose details are not what this version writes is left alone', async ({ h }) => {
    const entry = (id: string, details: object) =>
      `${JSON.stringify({ operation_id: id, plan_id: 'demo-budget', kind: 'target', applied_at: '2026-09-25T09:12:04+00:00', moves: [], details })}\n`;
    mkdirSync(dirname(journal), { recursive: true });
    appendFileSync(
      journal,
      entry('bbbbbbbbbbbb', { category_id: 'cat-groceries', undo: 'x', after: '450.00 each month' }),
    );
    appendFileSync(journal, entry('aaaaaaaaaaaa', {}));
    const s = await connect(h, era, { env: env() });
    const left = 'The target changed since: left alone.';
    expect(out(await call(s, 'undo_operation', { plan_id: 'demo-budget' }))).toMatchObject({
      message: left,
      conflicts: [],
    });
    expect(out(await call(s, 'undo_operation', { plan_id: 'demo-budget' }))).toMatchObject({
      message: left,
      conflicts: ['cat-groceries'],
    });
    expect(h.standIn.knowledge()).toBe(1);
  });

  it('shows a forged name on one line; a decline writes nothing', async ({ h }) => {
    const a = answering(DECLINE);
    const s = await connect(h, era, { env: env(), elicit: a.handler });
    const r = out(
      await call(s, 'set_category_target', { plan_id: 'demo-budget', category_id: 'cat-forged', amount: 10 }),
    );
    expect(a.questions).toEqual([`Set the target of ${ONE_LINE}: no target → 10.00 each month?`]);
    expect(r).toMatchObject({
      status: 'declined',
      message: 'The user declined: nothing changed.',
      category: ONE_LINE,
      confirmation: null,
      operation_id: null,
    });
    expect(h.standIn.knowledge()).toBe(1);
    expect(existsSync(journal)).toBe(false);
  });

  it('an amount alone on a credit card payment category means monthly funding; a loan keeps its debt payment', async ({
    h,
  }) => {
    const s = await connect(h, era, { env: env() });
    const card = out(
      await call(s, 'set_category_target', { plan_id: 'demo-budget', category_id: 'cat-visa', amount: 80 }),
    );
    expect(card).toMatchObject({
      status: 'confirmation_required',
      before: 'no target',
      after: '80.00 (monthly funding)',
      undoable: true,
    });
    const loan = out(
      await call(s, 'set_category_target', { plan_id: 'demo-budget', category_id: 'cat-car', amount: 300 }),
    );
    expect(loan).toMatchObject({
      before: '250.00 (debt payment)',
      after: '300.00 (debt payment)',
      undoable: true,
    });
    const removal = out(
      await call(s, 'set_category_target', { plan_id: 'demo-budget', category_id: 'cat-car' }),
    );
    expect(removal).toMatchObject({ before: '250.00 (debt payment)', after: 'no target', undoable: false });
    expect(String(removal.message)).toContain(
      'Set the target of Car loan: 250.00 (debt payment) → no target?\nundo_operation cannot bring back the previous target (250.00 (debt payment)): only YNAB can.',
    );
    expect(h.standIn.knowledge()).toBe(1);
  });

  it('each form makes the YNAB target kind the description names', async ({ h }) => {
    const s = await connect(h, era, { env: env(), elicit: answering(ACCEPT).handler });
    const { tools } = await s.client.listTools();
    expect(tools.find((t) => t.name === 'set_category_target')?.description).toContain(
      'amount with by_date or frequency (not both) makes a YNAB NEED target; amount alone keeps the kind (TB, TBD, MF, NEED, DEBT), or makes NEED monthly (MF on a card payment).',
    );
    const set = async (args: Record<string, unknown>) => {
      const r = await call(s, 'set_category_target', { plan_id: 'demo-budget', ...args });
      expect(out(r).status, textOf(r)).toBe('applied');
      const t = targetOf(h, String(args.category_id));
      return [t?.goal_type, t?.goal_target_date, t?.goal_cadence, t?.goal_target];
    };
    // by_date: NEED with its date (no cadence); frequency: NEED at that cadence (weekly is 2)
    expect(await set({ category_id: 'cat-holidays', amount: 1200, by_date: '2027-06-01' })).toEqual([
      'NEED',
      '2027-06-01',
      0,
      1_200_000,
    ]);
    expect(await set({ category_id: 'cat-holidays', amount: 40, frequency: 'weekly' })).toEqual([
      'NEED',
      null,
      2,
      40_000,
    ]);
    // an amount alone keeps the kind (monthly funding here); on no target it makes NEED monthly, and
    // monthly funding on a credit card payment category
    expect((await set({ category_id: 'cat-power', amount: 70 }))[0]).toBe('MF');
    expect(await set({ category_id: 'cat-forged', amount: 10 })).toEqual(['NEED', null, 1, 10_000]);
    expect((await set({ category_id: 'cat-visa', amount: 80 }))[0]).toBe('MF');
  });

  it("resolves 'last-used' with one GET /plans first", async ({ h }) => {
    const s = await connect(h, era, { env: env() });
    h.standIn.clearRequests();
    const preview = out(await call(s, 'set_category_target', { ...HOLIDAYS, plan_id: 'last-used' }));
    expect(requestLines(h.standIn)).toEqual(['GET /plans', GET]);
    const applied = out(
      await call(s, 'set_category_target', { ...HOLIDAYS, confirmation: preview.confirmation }),
    );
    expect(applied.status).toBe('applied');
    expect(journalEntries(journal)[0]).toMatchObject({ plan_id: 'demo-budget', kind: 'target' });
  });
});
