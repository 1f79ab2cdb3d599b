/**
 * What compare_statement answers, from a statement, its matching against the account and the plan's
 * history: the rows a person reviews (each difference, with the fix proposed for it) and the fixes
 * themselves, sealed for the step that will make them. Pure: the tool reads, seals and pages.
 */
import { suggest, type History } from '../categorize/classify.js';
import type { YnabCategory, YnabTransaction } from '../model.js';
import { toMilli, toUnits, type MoneyText } from '../money.js';
import { perSnapshot } from '../memo.js';
import { merchant } from '../payees/merchant.js';
import { matchRule } from '../rules/order.js';
import type { Rule } from '../rules/rule.js';
import { clean } from '../text.js';
import type { Matching } from './match.js';
import type { StatedBalance, Statement, StatementLine } from './statement.js';

/** A change the comparison proposes, kept in the sealed comparison id. */
export type Fix =
  | {
      id: string;
      kind: 'create';
      date: string;
      amount: number;
      payee_name: string;
      category_id: string | null;
      memo: string | null;
    }
  | { id: string; kind: 'delete'; transaction_id: string }
  | { id: string; kind: 'amount'; transaction_id: string; from: number; to: number }
  | { id: string; kind: 'date'; transaction_id: string; from: string; to: string };

export interface MissingRow {
  fix: string;
  line: string;
  date: string;
  amount: number;
  label: string;
  payee: string;
  category: string | null;
  by_rule: number | null;
}

export interface ExtraRow {
  transaction_id: string;
  date: string;
  amount: number;
  payee: string;
  likely_not_cleared_yet: boolean;
}

export interface DuplicateRow {
  fix: string;
  line: string;
  transaction_id: string;
  kept_id: string;
  date: string;
  amount: number;
  payee: string;
}

export interface MismatchRow {
  fix: string | null;
  line: string;
  transaction_id: string;
  field: 'amount' | 'date';
  ynab: string;
  statement: string;
  payee: string;
}

export interface BalanceRow {
  date: string;
  statement: number;
  ynab_cleared: number;
}

export interface Comparison {
  matched: number;
  /** Matched lines whose YNAB date differs (a card settling later): counted, not fixed. */
  date_shifts: number;
  missing: MissingRow[];
  extra: ExtraRow[];
  duplicates: DuplicateRow[];
  mismatches: MismatchRow[];
  opening: BalanceRow | null;
  closing: BalanceRow | null;
  fixes: Fix[];
  /** Matched transactions not yet cleared in YNAB: the statement shows the bank has them. */
  to_clear: string[];
}

export interface CompareInput {
  statement: Statement;
  matching: Matching;
  /** The account's transactions (for the cleared balances). */
  account: readonly YnabTransaction[];
  /** Every transaction of the plan (the payees and categories of history). */
  history: History;
  payees: readonly YnabTransaction[];
  rules: readonly Rule[];
  accountId: string;
  assignable: ReadonlyMap<string, YnabCategory>;
  threshold: number;
  money: MoneyText;
}

const lineRef = (i: number): string => `L${i + 1}`;

/** YNAB's cleared balance at the end of `date`, from the account's transactions (YNAB keeps no cleared date). */
export function clearedBalanceOn(account: readonly YnabTransaction[], date: string): number {
  let sum = 0;
  for (const t of account) if (!t.deleted && t.cleared !== 'uncleared' && t.date <= date) sum += t.amount;
  return sum;
}

const balanceRow = (account: readonly YnabTransaction[], b: StatedBalance | null): BalanceRow | null =>
  b === null
    ? null
    : {
        date: b.date,
        statement: toUnits(b.amount),
        ynab_cleared: toUnits(clearedBalanceOn(account, b.date)),
      };

/** The payee name people already use for the merchant of a bank label, the most used one; else the label. */
function payeeFor(label: string, payees: ReadonlyMap<string, string>): string {
  return payees.get(merchant(label)) ?? clean(label);
}

/** Merchant → the payee name most used for it; once per snapshot of the plan's transactions. */
const payeeNames = perSnapshot((transactions: readonly YnabTransaction[]): ReadonlyMap<string, string> => {
  const counts = new Map<string, Map<string, number>>();
  for (const t of transactions) {
    if (t.deleted || !t.payee_name || t.transfer_account_id) continue;
    const key = merchant(t.payee_name);
    if (key === '') continue;
    const names = counts.get(key) ?? new Map<string, number>();
    names.set(t.payee_name, (names.get(t.payee_name) ?? 0) + 1);
    counts.set(key, names);
  }
  const best = new Map<string, string>();
  for (const [key, names] of counts) {
    const [name] = [...names].sort((a, b) => b[1] - a[1])[0]!;
    best.set(key, name);
  }
  return best;
});

function missingRow(
  input: CompareInput,
  l: StatementLine,
  i: number,
  id: string,
  payees: ReadonlyMap<string, string>,
) {
  const payee = payeeFor(l.label, payees);
  const probe = { payee_name: l.label, amount: l.amount, account_id: input.accountId, memo: l.memo };
  const rule = matchRule(
    input.rules,
    probe,
    (a) => a.category_id !== null && input.assignable.has(a.category_id),
  );
  const fromHistory =
    rule === null
      ? suggest(input.history, { amount: l.amount, payee_name: payee }, input.assignable, input.threshold)
      : null;
  const categoryId = rule?.action.category_id ?? fromHistory?.category_id ?? null;
  const fix: Fix = {
    id,
    kind: 'create',
    date: l.date,
    amount: l.amount,
    payee_name: payee,
    category_id: categoryId,
    memo: l.memo,
  };
  const row: MissingRow = {
    fix: id,
    line: lineRef(i),
    date: l.date,
    amount: toUnits(l.amount),
    label: l.label,
    payee,
    category: categoryId === null ? null : clean(input.assignable.get(categoryId)?.name),
    by_rule: rule?.number ?? null,
  };
  return { fix, row };
}

export function statementComparison(input: CompareInput): Comparison {
  const { statement, matching, money } = input;
  const fixes: Fix[] = [];
  const nextId = () => `F${fixes.length + 1}`;
  const payees = payeeNames(input.payees);
  const missing = matching.missing.map((i) => {
    const { fix, row } = missingRow(input, statement.lines[i]!, i, nextId(), payees);
    fixes.push(fix);
    return row;
  });
  const duplicates = matching.duplicates.map((d): DuplicateRow => {
    const id = nextId();
    fixes.push({ id, kind: 'delete', transaction_id: d.duplicate.id });
    return {
      fix: id,
      line: lineRef(d.line),
      transaction_id: d.duplicate.id,
      kept_id: d.kept.id,
      date: d.duplicate.date,
      amount: toUnits(d.duplicate.amount),
      payee: clean(d.duplicate.payee_name),
    };
  });
  const mismatches = matching.mismatches.map((m): MismatchRow => {
    const l = statement.lines[m.line]!;
    let fix: string | null = null;
    if (m.fixable) {
      fix = nextId();
      fixes.push(
        m.field === 'amount'
          ? {
              id: fix,
              kind: 'amount',
              transaction_id: m.transaction.id,
              from: m.transaction.amount,
              to: l.amount,
            }
          : { id: fix, kind: 'date', transaction_id: m.transaction.id, from: m.transaction.date, to: l.date },
      );
    }
    return {
      fix,
      line: lineRef(m.line),
      transaction_id: m.transaction.id,
      field: m.field,
      // a row of data, beside ISO dates: plain numbers whatever the plan's format
      ynab: m.field === 'amount' ? money.plain(m.transaction.amount) : m.transaction.date,
      statement: m.field === 'amount' ? money.plain(l.amount) : l.date,
      payee: clean(m.transaction.payee_name),
    };
  });
  const extra = matching.extra.map((t): ExtraRow => ({
    transaction_id: t.id,
    date: t.date,
    amount: toUnits(t.amount),
    payee: clean(t.payee_name),
    likely_not_cleared_yet: t.cleared === 'uncleared',
  }));
  return {
    matched: matching.matched.length,
    date_shifts: matching.matched.filter((p) => p.days !== 0).length,
    missing,
    extra,
    duplicates,
    mismatches,
    opening: balanceRow(input.account, statement.opening),
    closing: balanceRow(input.account, statement.closing),
    fixes,
    to_clear: matching.matched
      .filter((p) => p.transaction.cleared === 'uncleared')
      .map((p) => p.transaction.id),
  };
}

/** The answer's first sentence: what differs, or that nothing does. */
export function comparisonMessage(c: Comparison, lines: number, money: MoneyText, writes: boolean): string {
  const parts = [
    c.missing.length > 0 ? `${c.missing.length} line(s) missing in YNAB` : '',
    c.duplicates.length > 0 ? `${c.duplicates.length} likely duplicate(s) in YNAB` : '',
    c.mismatches.length > 0 ? `${c.mismatches.length} amount or date mismatch(es)` : '',
    c.extra.length > 0 ? `${c.extra.length} YNAB transaction(s) not on the statement` : '',
  ].filter((p) => p !== '');
  const head = `${c.matched} of ${lines} statement line(s) match YNAB`;
  const closing =
    c.closing === null
      ? ''
      : c.closing.statement === c.closing.ynab_cleared
        ? ` The closing balance agrees (${money(toMilli(c.closing.statement))}).`
        : ` The statement closes at ${money(toMilli(c.closing.statement))} on ${money.date(c.closing.date)}; YNAB's cleared balance then is ${money(toMilli(c.closing.ynab_cleared))}.`;
  if (parts.length === 0) return `${head}; nothing differs.${closing}`;
  const next = writes
    ? 'apply_statement with the comparison_id makes the fixes they keep (keep: their ids), in one preview'
    : 'what they keep is changed in YNAB itself';
  return `${head}; ${parts.join(', ')}.${closing} Go through each with the user; ${next}.`;
}
