/**
 * The second household (Bob's plan): built from the demo household's generator with other ids, names
 * and amounts, and still a plan whose books balance: transfers opposite, movements adding up to the
 * budgets, every reference pointing at a row of its own plan.
 */
import { describe, expect, it } from 'vitest';
import { SECOND_HOUSEHOLD, buildDemoPlan, buildHouseholdPlan, computeFigures } from '../../src/demo/index.js';
import type { PlanData } from '../../src/demo/index.js';

const bob = buildHouseholdPlan(SECOND_HOUSEHOLD);
const demo = buildDemoPlan();

/** Every id-like string the plan refers to: ids, and the values of `*_id` fields. */
function references(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) references(v, into);
  else if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) {
      if ((k === 'id' || k.endsWith('_id')) && typeof v === 'string') into.add(v);
      else references(v, into);
    }
  }
  return into;
}

const sumOf = (plan: PlanData, month: string, category: string): number =>
  (plan.money_movements ?? [])
    .filter((mm) => mm.month === month)
    .reduce(
      (s, mm) =>
        s +
        (mm.to_category_id === category ? mm.amount : 0) -
        (mm.from_category_id === category ? mm.amount : 0),
      0,
    );

describe('the second household', () => {
  it('has its own plan id and name, and no id of the demo household', () => {
    expect(bob.plan).toMatchObject({ id: 'bob-household', name: 'Martin family', first_month: '2026-06-01' });
    const ids = references(bob);
    expect([...ids].filter((id) => references(demo).has(id))).toEqual([]);
    expect([...ids].every((id) => id === 'bob-household' || id.startsWith('bob-'))).toBe(true);
    expect(bob.transactions).toHaveLength(demo.transactions.length);
  });

  it('refers only to its own accounts, categories and payees', () => {
    const accounts = new Set(bob.accounts.map((a) => a.id));
    const categories = new Set(bob.categories.map((c) => c.id));
    const payees = new Set(bob.payees.map((p) => p.id));
    for (const t of [...bob.transactions, ...bob.scheduled_transactions]) {
      expect(accounts.has(t.account_id)).toBe(true);
      if (t.category_id !== null) expect(categories.has(t.category_id)).toBe(true);
      if (t.payee_id !== null) expect(payees.has(t.payee_id)).toBe(true);
    }
  });

  it('renames its accounts, with their transfer payees and the rows naming them', () => {
    expect(bob.accounts.find((a) => a.id === 'bob-acc-checking')?.name).toBe('Compte courant');
    expect(bob.accounts.find((a) => a.id === 'bob-acc-car-loan')?.name).toBe('Car loan');
    expect(bob.payees.find((p) => p.transfer_account_id === 'bob-acc-savings')?.name).toBe(
      'Transfer : Livret A',
    );
    const toSavings = bob.transactions.filter((t) => t.transfer_account_id === 'bob-acc-savings');
    expect(toSavings.length).toBeGreaterThan(0);
    expect(toSavings.every((t) => t.payee_name === 'Transfer : Livret A')).toBe(true);
    expect(
      bob.transactions
        .filter((t) => t.account_id === 'bob-acc-checking')
        .every((t) => t.account_name === 'Compte courant'),
    ).toBe(true);
  });

  it('scales the amounts to the cent, transfers staying opposite', () => {
    expect(bob.budgets['2026-09-01']?.['bob-cat-rent']).toBe(1_282_500);
    expect(bob.transactions.every((t) => t.amount % 10 === 0)).toBe(true);
    const byDate = new Map<string, number>();
    for (const t of bob.transactions.filter((t) => t.transfer_account_id !== null)) {
      const key = `${t.date}|${[t.account_id, t.transfer_account_id].sort().join('|')}`;
      byDate.set(key, (byDate.get(key) ?? 0) + t.amount);
    }
    expect([...byDate.values()].every((sum) => sum === 0)).toBe(true);
  });

  it('has money movements that add up to every month’s budgets', () => {
    for (const [month, budget] of Object.entries(bob.budgets)) {
      for (const [category, amount] of Object.entries(budget)) {
        expect(sumOf(bob, month, category)).toBe(amount);
      }
    }
  });

  it('gives month figures like the demo’s, each amount scaled by 1.35 within rounding', () => {
    const figures = computeFigures(bob).summaries;
    const demoFigures = computeFigures(demo).summaries;
    expect([...figures.keys()]).toEqual([...demoFigures.keys()]);
    for (const [month, summary] of figures) {
      const before = demoFigures.get(month)!;
      for (const field of ['income', 'budgeted', 'activity', 'to_be_budgeted'] as const) {
        // one cent of rounding per row at most: a few hundred milliunits over a month
        expect(Math.abs(summary[field] - before[field] * 1.35)).toBeLessThan(500);
      }
    }
    expect(figures.get('2026-09-01')!.budgeted).not.toBe(demoFigures.get('2026-09-01')!.budgeted);
  });

  it('starts from a household without splits or original loan balances, which its scaling relies on', () => {
    expect(demo.transactions.some((t) => t.subtransactions !== undefined)).toBe(false);
    expect(demo.scheduled_transactions.every((t) => t.subtransactions.length === 0)).toBe(true);
    expect(demo.accounts.every((a) => a.debt_original_balance === null)).toBe(true);
  });

  it('is the same each call, and a fresh copy', () => {
    const again = buildHouseholdPlan(SECOND_HOUSEHOLD);
    expect(again).toEqual(bob);
    again.transactions[0]!.amount = 1;
    expect(buildHouseholdPlan(SECOND_HOUSEHOLD).transactions[0]!.amount).not.toBe(1);
  });
});
