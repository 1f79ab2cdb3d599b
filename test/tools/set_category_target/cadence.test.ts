/**
 * Targets with a cadence, a due day and a date, through a real client: the preview says all YNAB
 * holds (yearly and next due, weekly on a weekday), a target the API cannot recreate exactly is never
 * "restored" as another one (the user is warned, nothing is journaled), and an amount-only change is
 * undone by sending the amount back, keeping the rest as YNAB holds it.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { describe, expect } from 'vitest';
import { it } from '../../helpers/fixture.js';
import { buildDemoPlan, type PlanData, type Target } from '../../../src/demo/index.js';
import { ERAS, call, connect, out, writes } from '../../helpers/harness.js';
import { ACCEPT, answering, tempJournal } from '../../helpers/writes.js';

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

/** Holidays: 1200.00 each year, next due 2026-12-15; Groceries: 100.00 each week on Friday. */
function plantedPlan(): PlanData {
  const plan = buildDemoPlan();
  const set = (id: string, t: Target) => {
    const c = plan.categories.find((row) => row.id === id);
    if (c) c.target = t;
  };
  set(
    'cat-holidays',
    target({ goal_target: 1_200_000, goal_cadence: 13, goal_target_date: '2026-12-15', goal_day: 15 }),
  );
  set('cat-groceries', target({ goal_target: 100_000, goal_cadence: 2, goal_day: 5 }));
  return plan;
}

describe.each(ERAS)('targets with a cadence and a date, %s era', (era) => {
  let journal: string;
  it.beforeEach(({ h }) => {
    h.standIn.reset(plantedPlan());
    journal = tempJournal();
  });
  const env = () => ({ AVENIR_MCP_JOURNAL: journal });

  it('a yearly target with its next due date is described whole and never "restored" as a one-time one', async ({
    h,
  }) => {
    const a = answering(ACCEPT);
    const s = await connect(h, era, { env: env(), elicit: a.handler });
    const args = { plan_id: 'demo-budget', category_id: 'cat-holidays', amount: 100, frequency: 'monthly' };
    const r = out(await call(s, 'set_category_target', args));
    const before = '1200.00 each year, next due 2026-12-15';
    expect(r).toMatchObject({ status: 'applied', before, after: '100.00 each month', undoable: false });
    expect(a.questions).toEqual([
      `Set the target of Holidays: ${before} → 100.00 each month?\nundo_operation cannot bring back the previous target (${before}): only YNAB can.`,
    ]);
    expect(writes(h)).toEqual([
      [
        'PATCH',
        '/plans/demo-budget/categories/cat-holidays',
        { category: { goal_target: 100_000, goal_frequency: 'monthly' } },
      ],
    ]);
    expect(existsSync(journal)).toBe(false);
  });

  it('a weekly target keeps its weekday: an amount change is undone by the amount alone', async ({ h }) => {
    const a = answering(ACCEPT);
    const s = await connect(h, era, { env: env(), elicit: a.handler });
    const args = { plan_id: 'demo-budget', category_id: 'cat-groceries', amount: 120 };
    const r = out(await call(s, 'set_category_target', args));
    expect(r).toMatchObject({
      status: 'applied',
      before: '100.00 each week on Friday',
      after: '120.00 each week on Friday',
      undoable: true,
    });
    expect(readFileSync(journal, 'utf8')).toContain('"before":"100.00 each week on Friday"');
    const undone = out(await call(s, 'undo_operation', { plan_id: 'demo-budget' }));
    expect(undone.message).toBe('Target restored.');
    expect(a.questions[1]).toBe('Undo: set the target of Groceries back to 100.00 each week on Friday?');
    expect(writes(h).map((w) => w[2])).toEqual([
      { category: { goal_target: 120_000 } },
      { category: { goal_target: 100_000 } },
    ]);
    expect(h.standIn.state.categories.find((c) => c.id === 'cat-groceries')?.target).toMatchObject({
      goal_target: 100_000,
      goal_cadence: 2,
      goal_day: 5,
    });
  });

  it('removing a weekly target with its weekday warns that only YNAB can bring it back', async ({ h }) => {
    const a = answering(ACCEPT);
    const s = await connect(h, era, { env: env(), elicit: a.handler });
    const r = out(
      await call(s, 'set_category_target', { plan_id: 'demo-budget', category_id: 'cat-groceries' }),
    );
    expect(r).toMatchObject({ status: 'applied', after: 'no target', undoable: false });
    expect(a.questions[0]).toContain(
      'undo_operation cannot bring back the previous target (100.00 each week on Friday): only YNAB can.',
    );
    expect(existsSync(journal)).toBe(false);
  });
});

describe('an undo journaled before the previous target was recorded in words', () => {
  it('asks without naming it', async ({ h }) => {
    h.standIn.reset(plantedPlan());
    const journal = tempJournal();
    mkdirSync(dirname(journal), { recursive: true });
    const details = {
      category_id: 'cat-groceries',
      undo: { goal_target: 90_000 },
      after: '100.00 each week on Friday',
    };
    const line = { operation_id: 'a1b2c3d4e5f6', plan_id: 'demo-budget', kind: 'target' };
    const entry = { ...line, applied_at: '2026-09-25T09:12:04+00:00', moves: [], details };
    writeFileSync(journal, `${JSON.stringify(entry)}\n`);
    const a = answering(ACCEPT);
    const s = await connect(h, 'modern', { env: { AVENIR_MCP_JOURNAL: journal }, elicit: a.handler });
    const undone = out(await call(s, 'undo_operation', { plan_id: 'demo-budget' }));
    expect(a.questions).toEqual(['Undo: set the target of Groceries back?']);
    expect(undone.message).toBe('Target restored.');
  });
});
