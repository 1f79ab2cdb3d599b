/**
 * Finding again transactions a create sent when YNAB's answer to it was lost: they have no id until
 * YNAB answers, so they are looked for among the transactions changed since the newest server
 * knowledge avenir-mcp had before sending. An older transaction identical in account, date, amount
 * and payee is not in that read unless it was itself changed since, and then there are more
 * candidates than were sent — which is reported, never taken as the new one. Pure: the undo of a
 * delete (which recreates transactions) and the create tools share it, and a created scheduled
 * transaction is found the same way.
 */
import { type MoneyText } from '../money.js';
import type {
  NewTransactionBody,
  ScheduledBody,
  YnabScheduledTransaction,
  YnabTransaction,
} from '../model.js';

type Payee = { payee_id?: string | null | undefined; payee_name?: string | null | undefined };

/** Whether a created transaction or schedule has the payee sent: by id, else by name (case aside). */
const payeeMatches = (b: Payee, t: Payee): boolean =>
  b.payee_id !== undefined && b.payee_id !== null
    ? t.payee_id === b.payee_id
    : (t.payee_name ?? '').trim().toLowerCase() === (b.payee_name ?? '').trim().toLowerCase();

const sameKey = (b: NewTransactionBody, t: YnabTransaction): boolean =>
  !t.deleted &&
  t.account_id === b.account_id &&
  t.date === b.date &&
  t.amount === b.amount &&
  payeeMatches(b, t);

const payeeOf = (b: NewTransactionBody): string =>
  b.payee_id !== undefined && b.payee_id !== null
    ? `id:${b.payee_id}`
    : (b.payee_name ?? '').trim().toLowerCase();

const sameItem = (a: NewTransactionBody, b: NewTransactionBody): boolean =>
  a.account_id === b.account_id && a.date === b.date && a.amount === b.amount && payeeOf(a) === payeeOf(b);

/**
 * Finds the created transactions among those changed since `knowledge`: each group of identical
 * items sent is matched only when exactly as many candidates are found, or none (not created).
 */
export function findCreated(
  bodies: readonly NewTransactionBody[],
  changed: readonly YnabTransaction[],
  knowledge: number | undefined,
  money: MoneyText,
): Map<string, YnabTransaction> {
  const found = new Map<string, YnabTransaction>();
  const done = new Set<number>();
  bodies.forEach((b, i) => {
    if (done.has(i)) return;
    const group = bodies.flatMap((o, j) => (sameItem(o, b) && !done.has(j) ? [j] : []));
    const candidates = changed.filter((t) => sameKey(b, t)).sort((x, y) => x.id.localeCompare(y.id));
    for (const j of group) done.add(j);
    if (candidates.length === 0) return;
    if (knowledge === undefined || candidates.length !== group.length) {
      throw new Error(
        `a read-back finds ${candidates.length} transaction(s) like the one of ${money.date(b.date)} for ${money(b.amount)}, where ${group.length} ${group.length === 1 ? 'was' : 'were'} sent, and cannot tell them apart from older ones`,
      );
    }
    group.forEach((j, n) => found.set(`#${j + 1}`, candidates[n] as YnabTransaction));
  });
  return found;
}

/**
 * Finds a created scheduled transaction among those changed since `knowledge`: the one like `body`
 * (account, next date, amount, frequency, payee), or undefined when there is none; more than one, or
 * one without a knowledge number to read from, cannot be told apart from older ones.
 */
export function findCreatedSchedule(
  body: ScheduledBody,
  changed: readonly YnabScheduledTransaction[],
  knowledge: number | undefined,
): YnabScheduledTransaction | undefined {
  const like = changed.filter(
    (s) =>
      !s.deleted &&
      s.account_id === body.account_id &&
      s.date_next === body.date &&
      s.amount === body.amount &&
      s.frequency === body.frequency &&
      payeeMatches(body, s),
  );
  if (like.length > 1 || (like.length === 1 && knowledge === undefined)) {
    throw new Error(
      `a read-back finds ${like.length} scheduled transaction(s) like it and cannot tell them apart from older ones`,
    );
  }
  return like[0];
}
