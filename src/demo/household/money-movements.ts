/**
 * The demo household's money movements: how each month's budget came about. On the 1st the household
 * assigns every category from Ready to Assign in one action; later in the month it tops a few categories
 * up by moving money from another one. The first assignment is the month's budget less what was moved
 * in afterwards, plus what was moved out, so the movements add up to exactly the budgets the plan's
 * month figures show.
 */
import { idNumber, m } from './rows.js';
import { INFLOW, MONTHS, budgets, categories } from './structure.js';
import type { MoneyMovementGroupRow, MoneyMovementRow } from '../plan-data.js';

interface TopUp {
  at: string;
  from: string;
  to: string;
  units: number;
  note: string | null;
}

/** The moves made during the months, in time order: Restaurants ran short three months out of four. */
const TOP_UPS: readonly TopUp[] = [
  {
    at: '2026-07-12T19:05:00Z',
    from: 'cat-transport',
    to: 'cat-restaurants',
    units: 20,
    note: 'Birthday dinner',
  },
  { at: '2026-08-20T18:40:00Z', from: 'cat-holidays', to: 'cat-restaurants', units: 30, note: null },
  {
    at: '2026-08-21T09:15:00Z',
    from: 'cat-transport',
    to: 'cat-groceries',
    units: 15,
    note: 'Guests for the weekend',
  },
  { at: '2026-09-12T20:10:00Z', from: 'cat-transport', to: 'cat-restaurants', units: 25, note: null },
];

const monthOf = (at: string): string => `${at.slice(0, 7)}-01`;

/** The first assignment of a category in a month: its budget, less later moves in, plus later moves out. */
function firstAssignment(month: string, category: string, budget: number): number {
  let amount = budget;
  for (const t of TOP_UPS) {
    if (monthOf(t.at) !== month) continue;
    if (t.to === category) amount -= m(t.units);
    if (t.from === category) amount += m(t.units);
  }
  return amount;
}

/** The movements and their groups, fresh each call. */
export function moneyMovements(): { movements: MoneyMovementRow[]; groups: MoneyMovementGroupRow[] } {
  const movements: MoneyMovementRow[] = [];
  const groups: MoneyMovementGroupRow[] = [];
  const plan = budgets();
  const group = (at: string, note: string | null): string => {
    const id = `mmg-${idNumber(groups.length)}`;
    groups.push({ id, group_created_at: at, month: monthOf(at), note });
    return id;
  };
  const move = (
    at: string,
    groupId: string,
    from: string | null,
    to: string,
    amount: number,
    note: string | null,
  ) =>
    movements.push({
      id: `mm-${idNumber(movements.length)}`,
      month: monthOf(at),
      moved_at: at,
      note,
      money_movement_group_id: groupId,
      from_category_id: from,
      to_category_id: to,
      amount,
    });
  for (const month of MONTHS) {
    const at = `${month.slice(0, 7)}-01T07:30:00Z`;
    const id = group(at, 'Monthly budget');
    for (const c of categories()) {
      const budget = plan[month]?.[c.id] ?? 0;
      if (c.id === INFLOW || budget === 0) continue;
      move(at, id, null, c.id, firstAssignment(month, c.id, budget), null);
    }
    for (const t of TOP_UPS.filter((u) => monthOf(u.at) === month)) {
      move(t.at, group(t.at, t.note), t.from, t.to, m(t.units), t.note);
    }
  }
  return { movements, groups };
}
