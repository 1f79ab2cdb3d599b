/**
 * `get_runway`, pure: how many months the money available in the open budget accounts would last with no
 * income, at the average spending of the last complete months.
 */
import { AppError } from '../errors.js';
import type { YnabAccount, YnabTransaction } from '../model.js';
import { floatText, type MoneyText, roundHalfEven, toUnits } from '../money.js';
import { completeMonths, linesOf, PARTIAL_LEFT_OUT, trackingAssets, ym } from '../plan-facts.js';
import { casefold, clean, nameKey, quote } from '../text.js';
import { firstMonthWhere, inMonths } from '../transactions/by-month.js';

/** A group of the category tree: not deleted, not a system group (hidden kept), its categories' ids. */
export interface GroupNode {
  id: string;
  name: string;
  category_ids: readonly string[];
}

/**
 * The groups the agent named (trimmed; exact id, else casefolded name), duplicates collapsed, order
 * kept. Unknown items: an error listing them and every group of the tree.
 */
export function resolveGroups(tree: readonly GroupNode[], given: readonly string[]): GroupNode[] {
  const found: GroupNode[] = [];
  const unknown: string[] = [];
  for (const raw of given) {
    const item = raw.trim();
    const key = casefold(item);
    const group = tree.find((g) => g.id === item) ?? tree.find((g) => nameKey(g.name) === key);
    if (!group) unknown.push(raw);
    else if (!found.includes(group)) found.push(group);
  }
  if (unknown.length > 0)
    throw new AppError(
      `Unknown category group(s) ${unknown.map((u) => quote(clean(u))).join(', ')}: give names or ids of this plan's groups, as list_category_groups shows them: ${tree.map((g) => clean(g.name)).join(', ')}.`,
    );
  return found;
}

/**
 * The complete months `(today, count)` that are not before the first month holding a transaction
 * `accept` takes (none when there is no such transaction): a young plan averages over fewer months,
 * never zero. And those transactions of the measured months (list order): read through the month
 * index, so that a plan's older years are never scanned.
 */
export function measuredHistory(
  transactions: readonly YnabTransaction[],
  accept: (t: YnabTransaction) => boolean,
  today: string,
  count: number,
): { months: string[]; history: YnabTransaction[] } {
  const first = firstMonthWhere(transactions, accept);
  const months = first === null ? [] : completeMonths(today, count).filter((m) => m >= first);
  return { months, history: inMonths(transactions, months).filter(accept) };
}

export interface Coverage {
  monthly_spending: number;
  runway_months: number | null;
}

export interface RunwayResult {
  message: string;
  liquid: number;
  owed_on_cards: number;
  spending: Coverage;
  essential: Coverage | null;
  essential_groups: string[];
  months: string[];
  accounts: { name: string; type: string; balance: number }[];
  left_out: string[];
  notes: string[];
}

export interface RunwayInput {
  accounts: readonly YnabAccount[];
  transactions: readonly YnabTransaction[];
  today: string;
  monthsCount: number;
  /** The resolved essential groups, or null when none were given. */
  essential: readonly GroupNode[] | null;
  includeSavings: boolean;
}

const CARD_TYPES: ReadonlySet<string> = new Set(['creditCard', 'lineOfCredit']);

/**
 * Money out of the budget accounts over the months, in milliunits: money in, zero lines and transfers
 * to a kept account (budget account or tracking asset) left out; `vital` = the lines of essential groups.
 */
function spentOver(
  history: readonly YnabTransaction[],
  months: readonly string[],
  kept: ReadonlySet<string>,
  essentialIds: ReadonlySet<string>,
): { spent: number; vital: number } {
  const measured = new Set(months);
  let spent = 0;
  let vital = 0;
  for (const t of history) {
    if (!measured.has(ym(t.date))) continue;
    for (const line of linesOf(t)) {
      if (line.amount >= 0 || (line.transfer_account_id && kept.has(line.transfer_account_id))) continue;
      spent += line.amount;
      if (line.category_id && essentialIds.has(line.category_id)) vital += line.amount;
    }
  }
  return { spent, vital };
}

/** Average monthly spending (milliunits) and the months the money lasts at that pace. */
function coverage(
  total: number,
  monthCount: number,
  liquid: number,
): { average: number; runway: number | null } {
  const average = monthCount > 0 ? roundHalfEven(total / monthCount) : 0;
  const runway = average === 0 ? null : Math.max(roundHalfEven(liquid / -average, 1), 0);
  return { average, runway };
}

const lasts = (runway: number | null): string =>
  runway === null ? 'with no end in sight, since nothing was spent' : `${floatText(runway)} months`;

const ALWAYS = [
  'No income is assumed: the runway is how long the money would last if nothing came in.',
  'Spending is the past average of money out of the budget accounts; refunds and other money in are not deducted, transfers between budget accounts are left out, and transfers to a tracking loan or debt (a loan payment, say) count as spending.',
  'A transfer to a tracking account that holds an asset (savings, investments) is not spending: that money is still yours, as get_savings_rate counts it.',
  'Tracking accounts are not counted as money available: investments and loans outside the budget are listed in left_out.',
  'The past is no promise: yearly bills, holidays or a job search change the pace.',
];

interface NoteFacts {
  cards: boolean;
  owed: number;
  includeSavings: boolean;
  months: number;
  asked: number;
  liquid: number;
}

function runwayNotes(f: NoteFacts, money: MoneyText): string[] {
  const notes = [...ALWAYS, PARTIAL_LEFT_OUT];
  if (f.cards)
    notes.push(
      `What the credit cards owe (${money(f.owed)}) is subtracted from the money available: it will have to be paid.`,
    );
  if (!f.includeSavings) notes.push('Savings accounts were left out of the money available, as asked.');
  if (f.months > 0 && f.months < f.asked)
    notes.push(
      `Only the last ${f.months} of the ${f.asked} months hold budget transactions: the average is over those.`,
    );
  if (f.liquid <= 0) notes.push('The money available is zero or less: nothing to live on without income.');
  return notes;
}

/** The runway of the open budget accounts, with its message and notes. */
export function runway(input: RunwayInput, money: MoneyText): RunwayResult {
  const kinds = new Set(['checking', 'cash', ...CARD_TYPES, ...(input.includeSavings ? ['savings'] : [])]);
  const live = input.accounts.filter((a) => !a.deleted);
  const counted = live.filter((a) => a.on_budget && !a.closed && kinds.has(a.type));
  const liquid = counted.reduce((s, a) => s + a.balance, 0);
  const cards = counted.filter((a) => CARD_TYPES.has(a.type));
  const owed = cards.reduce((s, a) => s + a.balance, 0);
  const budget = new Set(live.filter((a) => a.on_budget).map((a) => a.id));
  const kept = new Set([...budget, ...trackingAssets(live)]);
  const { months, history } = measuredHistory(
    input.transactions,
    (t) => !t.deleted && budget.has(t.account_id),
    input.today,
    input.monthsCount,
  );
  const essentialIds = new Set((input.essential ?? []).flatMap((g) => g.category_ids));
  const { spent, vital } = spentOver(history, months, kept, essentialIds);
  const all = coverage(spent, months.length, liquid);
  const core = coverage(vital, months.length, liquid);
  let message: string;
  if (months.length === 0)
    message = `No complete month of spending to average yet: no runway can be given for the ${money(liquid)} available.`;
  else {
    message = `At the average spending of the last ${months.length} complete months, ${money(-all.average)} a month, the ${money(liquid)} available would last ${lasts(all.runway)}.`;
    if (input.essential)
      message += ` On essential spending alone, ${money(-core.average)} a month: ${lasts(core.runway)}.`;
  }
  const countedIds = new Set(counted.map((a) => a.id));
  return {
    message,
    liquid: toUnits(liquid),
    owed_on_cards: toUnits(owed),
    spending: { monthly_spending: toUnits(all.average), runway_months: all.runway },
    essential: input.essential
      ? { monthly_spending: toUnits(core.average), runway_months: core.runway }
      : null,
    essential_groups: (input.essential ?? []).map((g) => clean(g.name)),
    months,
    accounts: counted.map((a) => ({ name: clean(a.name), type: a.type, balance: toUnits(a.balance) })),
    left_out: live.filter((a) => !a.closed && !countedIds.has(a.id)).map((a) => clean(a.name)),
    notes: runwayNotes(
      {
        cards: cards.length > 0,
        owed,
        includeSavings: input.includeSavings,
        months: months.length,
        asked: input.monthsCount,
        liquid,
      },
      money,
    ),
  };
}
