/**
 * Planning the scheduled-transaction writes (create, update, delete) and their undo. YNAB's update
 * replaces the whole object, so every write here is a complete `ScheduledBody` whose `date` is the
 * next date — never the first date, which YNAB refuses once it lies more than a week in the past. A
 * next date must be after today and at most five years ahead, as YNAB requires. Split schedules are
 * refused: YNAB's API cannot write their lines. Pure.
 */
import type { CategoryIndex } from '../categories/category-lists.js';
import { AppError } from '../errors.js';
import { type MoneyText } from '../money.js';
import type { ScheduledBody, YnabAccount, YnabPayee, YnabScheduledTransaction } from '../model.js';
import { clean, cleanFull, oneLineError } from '../text.js';
import { checkCategory } from './create-transactions.js';
import { checkScheduledDate } from './date-bounds.js';
import { currentFlag, type FlagColor } from './flags.js';

export const FREQUENCIES = [
  'never',
  'daily',
  'weekly',
  'everyOtherWeek',
  'twiceAMonth',
  'every4Weeks',
  'monthly',
  'everyOtherMonth',
  'every3Months',
  'every4Months',
  'twiceAYear',
  'yearly',
  'everyOtherYear',
] as const;

export type Frequency = (typeof FREQUENCIES)[number];

/** A schedule as the journal keeps it: the complete body, by ids, in YNAB's own terms. */
export interface StoredSchedule extends ScheduledBody {
  payee_id: string | null;
  frequency: Frequency;
  flag_color: FlagColor | null;
}

/** The fields a write sets; absent ones stay (update) or take their defaults (create). */
export interface ScheduledFields {
  account_id?: string | undefined;
  date?: string | undefined;
  frequency?: string | undefined;
  amount?: number | undefined;
  payee_id?: string | undefined;
  payee_name?: string | undefined;
  category_id?: string | null | undefined;
  memo?: string | null | undefined;
  flag_color?: string | null | undefined;
}

export interface ScheduledContext {
  accounts: readonly YnabAccount[];
  payees: readonly YnabPayee[];
  index: CategoryIndex;
  today: string;
}

/** The complete body of a scheduled transaction as YNAB holds it now (its next date as `date`). */
export const bodyOf = (s: YnabScheduledTransaction): StoredSchedule => ({
  account_id: s.account_id,
  date: s.date_next,
  amount: s.amount,
  payee_id: s.payee_id ?? null,
  category_id: s.category_id ?? null,
  memo: s.memo === undefined || s.memo === '' ? null : s.memo,
  flag_color: currentFlag(s),
  frequency: s.frequency as Frequency,
});

/** The scheduled transaction an id names (not deleted), refusing a split one for writes. */
export function scheduledById(
  id: string,
  all: readonly YnabScheduledTransaction[],
): YnabScheduledTransaction {
  const found = all.find((s) => s.id === id && !s.deleted);
  if (found === undefined) {
    throw new AppError(
      `Scheduled transaction ${id} is not in this plan: use an id from list_scheduled_transactions.`,
    );
  }
  if ((found.subtransactions ?? []).some((l) => !l.deleted)) {
    throw new AppError(
      `Scheduled transaction ${id} is split: YNAB's API cannot write its lines. Change it in YNAB's app.`,
    );
  }
  return found;
}

function checkAccount(id: string, ctx: ScheduledContext): YnabAccount {
  const account = ctx.accounts.find((a) => a.id === id && !a.deleted);
  if (account === undefined)
    throw new AppError(`Account ${id} is not in this plan: use an id from list_accounts.`);
  if (account.closed)
    throw new AppError(`Account ${clean(account.name)} is closed: schedule on an open account.`);
  return account;
}

/** Resolves the payee: an id (a transfer payee makes a scheduled transfer), or an exact name. */
function payeeOf(
  f: ScheduledFields,
  ctx: ScheduledContext,
  account: YnabAccount,
): Partial<ScheduledBody> | null {
  const live = ctx.payees.filter((p) => !p.deleted);
  if (f.payee_id !== undefined && f.payee_name !== undefined)
    throw new AppError('Give payee_id or payee_name, not both.');
  if (f.payee_id !== undefined) {
    const payee = live.find((p) => p.id === f.payee_id);
    if (payee === undefined)
      throw new AppError(`Payee ${f.payee_id} is not in this plan: use a payee_id from list_payees.`);
    if (payee.transfer_account_id === account.id)
      throw new AppError('A transfer needs two different accounts.');
    return { payee_id: payee.id };
  }
  if (f.payee_name === undefined) return null;
  const name = f.payee_name.trim();
  if (name === '') throw new AppError('The payee name is empty.');
  const notOneLine = oneLineError(name);
  if (notOneLine !== null) throw new AppError(notOneLine);
  const existing = live.find((p) => p.name === name && !p.transfer_account_id);
  return existing === undefined ? { payee_id: null, payee_name: name } : { payee_id: existing.id };
}

/** The complete body after the given fields are applied to `base`, every value checked. */
export function planScheduledBody(
  base: ScheduledBody,
  f: ScheduledFields,
  ctx: ScheduledContext,
): ScheduledBody {
  const account = checkAccount(f.account_id ?? base.account_id, ctx);
  const body: ScheduledBody = { ...base, account_id: account.id };
  if (f.date !== undefined) body.date = f.date;
  checkScheduledDate(body.date, ctx.today);
  if (f.frequency !== undefined) body.frequency = f.frequency;
  if (f.amount !== undefined) body.amount = f.amount;
  const payee = payeeOf(f, ctx, account);
  if (payee !== null) {
    delete body.payee_name;
    Object.assign(body, payee);
  }
  if (f.memo !== undefined) body.memo = f.memo === '' ? null : f.memo;
  if (f.flag_color !== undefined) body.flag_color = f.flag_color;
  if (f.category_id !== undefined) body.category_id = f.category_id === '' ? null : f.category_id;
  if (body.category_id !== null) {
    if (!account.on_budget) {
      throw new AppError(
        `${clean(account.name)} is a tracking account: its scheduled transactions take no category.`,
      );
    }
    checkCategory(body.category_id, ctx.index);
  }
  return body;
}

/** One line describing a schedule: account, payee, amount, category, frequency, next date. */
export function describeScheduled(
  body: ScheduledBody,
  ctx: ScheduledContext,
  payeeName: string,
  category: string | null,
  money: MoneyText,
): string {
  const account = clean(ctx.accounts.find((a) => a.id === body.account_id)?.name ?? body.account_id);
  return `${account}: ${cleanFull(payeeName)} ${money(body.amount)} (${category ?? 'no category'}), ${body.frequency}, next ${money.date(body.date)}`;
}

/** The fields that differ between two bodies, for the update question. */
export function changedFields(before: ScheduledBody, after: ScheduledBody): (keyof ScheduledBody)[] {
  const keys: (keyof ScheduledBody)[] = [
    'account_id',
    'date',
    'frequency',
    'amount',
    'payee_id',
    'payee_name',
    'category_id',
    'memo',
    'flag_color',
  ];
  return keys.filter((k) => (before[k] ?? null) !== (after[k] ?? null));
}

/** Whether YNAB still holds the schedule exactly as `body` describes it (undo's check). */
export const sameAs = (s: YnabScheduledTransaction | undefined, body: ScheduledBody): boolean =>
  s !== undefined && changedFields(bodyOf(s), body).length === 0;
