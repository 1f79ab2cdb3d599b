/**
 * Other households from the demo household's generator: the same life with other ids, another name,
 * other account names and other amounts, so that a stand-in with several people gives each their own
 * plan. Every amount is scaled and rounded to the cent the same way either sign (the two sides of a
 * transfer stay opposite), split lines still add up to their transaction, and each month's money
 * movements are evened out to add up to the scaled budgets again.
 */
import { buildDemoPlan } from './plan.js';
import type { MoneyMovementRow, PlanData } from '../plan-data.js';

export interface HouseholdVariant {
  planId: string;
  planName: string;
  /** Put before every id of the demo household (`bob-` makes `acc-checking` into `bob-acc-checking`). */
  idPrefix: string;
  /** Every amount times this, rounded to the cent. */
  scale: number;
  /** New names for accounts, by the demo household's account id (the others keep theirs). */
  accountNames?: Readonly<Record<string, string>>;
}

/** Bob's household: a larger family, its own ids and account names. */
export const SECOND_HOUSEHOLD: HouseholdVariant = {
  planId: 'bob-household',
  planName: 'Martin family',
  idPrefix: 'bob-',
  scale: 1.35,
  accountNames: {
    'acc-checking': 'Compte courant',
    'acc-savings': 'Livret A',
    'acc-joint-savings': 'Épargne commune',
  },
};

/** Every id string of the plan: a value under an `id` key, the plan's own, and the inflow category. */
function collectIds(value: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const v of value) collectIds(v, into);
  else if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) {
      if (k === 'id' && typeof v === 'string') into.add(v);
      else collectIds(v, into);
    }
  }
  return into;
}

/** `value` with every id (as a string value or as a key) renamed by `rename`. */
function renameIds(value: unknown, ids: ReadonlySet<string>, rename: (id: string) => string): unknown {
  if (typeof value === 'string') return ids.has(value) ? rename(value) : value;
  if (Array.isArray(value)) return value.map((v) => renameIds(v, ids, rename));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [ids.has(k) ? rename(k) : k, renameIds(v, ids, rename)]),
  );
}

const CENT = 10;

/**
 * Scales every amount of `plan` in place. The demo household has no split transaction and no loan with
 * an original balance (its own test holds both), so neither needs a rule here.
 */
function scaleAmounts(plan: PlanData, scale: number): void {
  const round = (milli: number): number => {
    const size = Math.round((Math.abs(milli) * scale) / CENT) * CENT;
    return milli < 0 ? -size : size;
  };
  const scaleAll = (amounts: Record<string, number>): void => {
    for (const [key, value] of Object.entries(amounts)) amounts[key] = round(value);
  };
  for (const t of [...plan.transactions, ...plan.scheduled_transactions]) t.amount = round(t.amount);
  for (const month of Object.values(plan.budgets)) scaleAll(month);
  for (const c of plan.categories) if (c.target) c.target.goal_target = round(c.target.goal_target);
  for (const a of plan.accounts) {
    for (const terms of [a.debt_minimum_payments, a.debt_escrow_amounts]) if (terms !== null) scaleAll(terms);
  }
  const movements = plan.money_movements ?? [];
  for (const mm of movements) mm.amount = round(mm.amount);
  evenMovements(plan.budgets, movements);
}

/**
 * Rounding each movement on its own can leave a month's movements a cent away from its budget: the
 * difference goes to the month's assignment from Ready to Assign, so they add up again.
 */
function evenMovements(budgets: PlanData['budgets'], movements: MoneyMovementRow[]): void {
  for (const [month, budget] of Object.entries(budgets)) {
    for (const [category, amount] of Object.entries(budget)) {
      const moves = movements.filter((mm) => mm.month === month);
      const net = moves.reduce(
        (sum, mm) =>
          sum +
          (mm.to_category_id === category ? mm.amount : 0) -
          (mm.from_category_id === category ? mm.amount : 0),
        0,
      );
      const assignment = moves.find((mm) => mm.from_category_id === null && mm.to_category_id === category);
      if (assignment !== undefined) assignment.amount += amount - net;
    }
  }
}

/** Renames accounts in place: the accounts, the rows naming them and the `Transfer : <name>` payees. */
function renameAccounts(plan: PlanData, names: Readonly<Record<string, string>>): void {
  const newName = new Map<string, string>();
  for (const a of plan.accounts) {
    const wanted = names[a.id];
    if (wanted !== undefined) newName.set(a.id, wanted);
    a.name = wanted ?? a.name;
  }
  /** The payee label of a transfer to a renamed account; undefined for any other row. */
  const transferLabel = (accountId: string | null): string | undefined => {
    const name = accountId === null ? undefined : newName.get(accountId);
    return name === undefined ? undefined : `Transfer : ${name}`;
  };
  for (const p of plan.payees) p.name = transferLabel(p.transfer_account_id) ?? p.name;
  for (const t of [...plan.transactions, ...plan.scheduled_transactions]) {
    t.account_name = newName.get(t.account_id) ?? t.account_name;
    t.payee_name = transferLabel(t.transfer_account_id) ?? t.payee_name;
  }
}

/** The demo household as `variant` says. Deterministic, fresh each call. */
export function buildHouseholdPlan(variant: HouseholdVariant): PlanData {
  const demo = buildDemoPlan();
  const ids = collectIds(demo, new Set([demo.inflow_category_id]));
  const plan = renameIds(demo, ids, (id) => `${variant.idPrefix}${id}`) as PlanData;
  plan.plan = { ...plan.plan, id: variant.planId, name: variant.planName };
  scaleAmounts(plan, variant.scale);
  if (variant.accountNames !== undefined) {
    const byNewId = Object.fromEntries(
      Object.entries(variant.accountNames).map(([id, name]) => [`${variant.idPrefix}${id}`, name]),
    );
    renameAccounts(plan, byNewId);
  }
  return plan;
}
