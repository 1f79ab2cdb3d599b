/**
 * `get_money_movements`, pure: YNAB's money movements (assignments from Ready to Assign and moves
 * between categories) summed per month and per category, and the budget-accuracy signal: which
 * categories had to be topped up, in how many of the months.
 *
 * A top-up is money that reached a category after its first assignment of the month, in a later action
 * (a later movement group; a movement without a group is an action of its own): the first assignment
 * is the plan, what comes after it is a correction. Ready to Assign is the null side of a movement, or
 * one of YNAB's internal categories.
 */
import type { YnabMoneyMovement, YnabMoneyMovementGroup } from '../model.js';
import { toUnits } from '../money.js';
import { addMonths } from '../plan-facts.js';
import { clean, compareCodePoints } from '../text.js';

export interface CategoryName {
  name: string;
  /** YNAB's internal categories (Ready to Assign) count as Ready to Assign. */
  internal: boolean;
}

export interface MovementInput {
  movements: readonly YnabMoneyMovement[];
  groups: readonly YnabMoneyMovementGroup[];
  categories: ReadonlyMap<string, CategoryName>;
  /** The months covered, `YYYY-MM-01`, oldest first. */
  months: readonly string[];
}

interface Cell {
  moved_in: number;
  times_in: number;
  moved_out: number;
  times_out: number;
  top_ups: number;
}

export interface TopUp {
  date: string;
  category: string;
  from: string;
  amount: number;
  note: string | null;
}

const READY = 'Ready to Assign';
const RANKED = 5;

const ym = (month: string): string => month.slice(0, 7);

/** The order movements happened in: time, then id (a movement without a time sorts last). */
const byTime = (a: YnabMoneyMovement, b: YnabMoneyMovement): number =>
  compareCodePoints(a.moved_at ?? '~', b.moved_at ?? '~') || compareCodePoints(a.id, b.id);

function emptyCell(): Cell {
  return { moved_in: 0, times_in: 0, moved_out: 0, times_out: 0, top_ups: 0 };
}

/** The movements of the months covered, in time order, each with its month. */
function covered(input: MovementInput): { row: YnabMoneyMovement; month: string }[] {
  const months = new Set(input.months);
  const rows: { row: YnabMoneyMovement; month: string }[] = [];
  for (const row of [...input.movements].sort(byTime)) {
    const month = row.month ?? (row.moved_at ? `${row.moved_at.slice(0, 7)}-01` : undefined);
    if (month !== undefined && months.has(month) && row.amount !== 0) rows.push({ row, month });
  }
  return rows;
}

/** The running sums of one call. */
class Tally {
  readonly cells = new Map<string, Map<string, Cell>>();
  readonly months: Map<string, { assigned: number; moved: number; movements: number }>;
  readonly topUps: TopUp[] = [];
  readonly toppedUp = new Map<string, number>();
  readonly #firstAction = new Map<string, string>();
  readonly #notes: Map<string, string | null>;

  constructor(private readonly input: MovementInput) {
    this.months = new Map(input.months.map((m) => [m, { assigned: 0, moved: 0, movements: 0 }]));
    this.#notes = new Map(input.groups.map((g) => [g.id, g.note ?? null]));
  }

  isCategory(id: string | null | undefined): id is string {
    return typeof id === 'string' && this.input.categories.get(id)?.internal !== true;
  }

  nameOf(id: string | null | undefined): string {
    if (!this.isCategory(id)) return READY;
    return clean(this.input.categories.get(id)?.name ?? `${id} (deleted)`);
  }

  #cell(id: string, month: string): Cell {
    const perMonth = this.cells.get(id) ?? new Map<string, Cell>();
    this.cells.set(id, perMonth);
    const found = perMonth.get(month) ?? emptyCell();
    perMonth.set(month, found);
    return found;
  }

  add(row: YnabMoneyMovement, month: string): void {
    // a negative amount is the same movement the other way
    const [from, to] =
      row.amount > 0
        ? [row.from_category_id, row.to_category_id]
        : [row.to_category_id, row.from_category_id];
    const amount = Math.abs(row.amount);
    const summary = this.months.get(month);
    if (summary === undefined) return;
    summary.movements += 1;
    const inside = this.isCategory(from) && this.isCategory(to);
    if (inside) summary.moved += amount;
    else summary.assigned += this.isCategory(to) ? amount : this.isCategory(from) ? -amount : 0;
    if (this.isCategory(from)) {
      const c = this.#cell(from, month);
      c.moved_out += amount;
      c.times_out += 1;
    }
    if (this.isCategory(to)) this.#moveIn(row, month, from, to, amount);
  }

  #moveIn(
    row: YnabMoneyMovement,
    month: string,
    from: string | null | undefined,
    to: string,
    amount: number,
  ) {
    const c = this.#cell(to, month);
    c.moved_in += amount;
    c.times_in += 1;
    const action = row.money_movement_group_id ?? row.id;
    const key = `${month}|${to}`;
    const first = this.#firstAction.get(key);
    if (first === undefined) this.#firstAction.set(key, action);
    if (first === undefined || first === action) return;
    c.top_ups += 1;
    this.toppedUp.set(to, (this.toppedUp.get(to) ?? 0) + amount);
    const group = row.money_movement_group_id;
    const note = (group ? this.#notes.get(group) : null) ?? row.note ?? null;
    this.topUps.push({
      date: (row.moved_at ?? month).slice(0, 10),
      category: this.nameOf(to),
      from: this.nameOf(from),
      amount: toUnits(amount),
      note: note === null ? null : clean(note),
    });
  }
}

function categoryRows(tally: Tally, months: readonly string[]) {
  return [...tally.cells.entries()].map(([id, perMonth]) => {
    const rows = months.flatMap((m) => {
      const c = perMonth.get(m);
      if (c === undefined) return [];
      return [
        {
          month: ym(m),
          moved_in: toUnits(c.moved_in),
          times_in: c.times_in,
          moved_out: toUnits(c.moved_out),
          times_out: c.times_out,
          top_ups: c.top_ups,
        },
      ];
    });
    const topped = rows.filter((r) => r.top_ups > 0);
    return {
      category_id: id,
      name: tally.nameOf(id),
      months: rows,
      months_topped_up: topped.length,
      top_ups: topped.reduce((s, r) => s + r.top_ups, 0),
    };
  });
}

export function moneyMovements(input: MovementInput) {
  const tally = new Tally(input);
  for (const { row, month } of covered(input)) tally.add(row, month);
  const categories = categoryRows(tally, input.months);
  const ranked = categories
    .filter((c) => c.months_topped_up > 0)
    .sort(
      (a, b) =>
        b.months_topped_up - a.months_topped_up || b.top_ups - a.top_ups || compareCodePoints(a.name, b.name),
    )
    .slice(0, RANKED)
    .map((c) => ({
      category_id: c.category_id,
      name: c.name,
      months_topped_up: c.months_topped_up,
      top_ups: c.top_ups,
      topped_up: toUnits(tally.toppedUp.get(c.category_id) ?? 0),
    }));
  return {
    message: conclusion(ranked, input.months.length, tally.topUps.length),
    months: [...tally.months.entries()].map(([m, s]) => ({
      month: ym(m),
      movements: s.movements,
      assigned: toUnits(s.assigned),
      moved_between: toUnits(s.moved),
    })),
    most_topped_up: ranked,
    top_ups: tally.topUps,
    categories: categories
      .sort((a, b) => compareCodePoints(a.name, b.name))
      .map(({ category_id, name, months }) => ({ category_id, name, months })),
  };
}

function conclusion(
  ranked: readonly { name: string; months_topped_up: number }[],
  monthCount: number,
  topUps: number,
): string {
  const span = monthCount === 1 ? 'the month' : `${monthCount} months`;
  const [top] = ranked;
  if (top === undefined) return `No category needed topping up over ${span}: every budget held.`;
  return `${top.name} needed topping up in ${top.months_topped_up} of ${monthCount} month(s); ${topUps} top-up(s) over ${span} in all.`;
}

/** The months from `first` to `last` (`YYYY-MM-01`, both included), oldest first; empty when reversed. */
export function monthRange(first: string, last: string): string[] {
  const out: string[] = [];
  for (let m = first.slice(0, 7); m <= last.slice(0, 7); m = addMonths(m, 1)) out.push(`${m}-01`);
  return out;
}
