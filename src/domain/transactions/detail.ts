/**
 * One transaction in full for `get_transaction`: every field YNAB gives, the memo whole (its lines
 * kept, nothing cut), split lines with their payees and transfers, the other side of a transfer, and
 * the duplicate flag the lists carry. Pure.
 */
import { AppError } from '../errors.js';
import type { YnabSubTransaction, YnabTransaction } from '../model.js';
import { toUnits } from '../money.js';
import { clean, cleanLines } from '../text.js';
import { currentFlag, type FlagColor } from './flags.js';
import { duplicateCopies, type DuplicateEvidence } from './row-payee.js';

/** The other side of a transfer: its transaction and the account it is on. */
export interface TransferSide {
  transfer_account_id: string;
  transfer_account: string | null;
  transfer_transaction_id: string | null;
}

/** What the bank import and YNAB's matching left on a transaction. */
export interface ImportFields {
  import_id: string | null;
  matched_transaction_id: string | null;
  import_payee_name: string | null;
  import_payee_name_original: string | null;
}

export interface LineDetail {
  amount: number;
  category_id: string | null;
  category: string | null;
  payee: string | null;
  payee_id: string | null;
  memo: string | null;
  transfer: TransferSide | null;
}

export interface TransactionDetail {
  transaction_id: string;
  date: string;
  amount: number;
  payee: string | null;
  payee_id: string | null;
  account: string;
  account_id: string;
  category: string | null;
  category_id: string | null;
  memo: string | null;
  cleared: string;
  approved: boolean;
  flag: { color: FlagColor; name: string | null } | null;
  import: ImportFields;
  transfer: TransferSide | null;
  possible_duplicate_of: string | null;
  duplicate_evidence: DuplicateEvidence | null;
  lines: LineDetail[];
}

/** One line of text, or null when none. */
const line = (text: string | null | undefined): string | null => (text ? clean(text) : null);

/** A memo whole: its lines kept, or null when it has no visible text. */
const whole = (memo: string | null | undefined): string | null => cleanLines(memo) || null;

/** The other side of a transfer (of a transaction or of a split line), named by its account; null: none. */
function transferSide(
  row: Pick<YnabSubTransaction, 'transfer_account_id' | 'transfer_transaction_id'>,
  all: readonly YnabTransaction[],
): TransferSide | null {
  if (!row.transfer_account_id) return null;
  const id = row.transfer_transaction_id ?? null;
  const other = id === null ? undefined : all.find((t) => t.id === id);
  return {
    transfer_account_id: row.transfer_account_id,
    transfer_account: line(other?.account_name),
    transfer_transaction_id: id,
  };
}

/**
 * The transaction `id` of the plan's live transactions, in full. Refuses an id not among them,
 * saying when the reads showed it deleted.
 */
export function transactionDetail(
  all: readonly YnabTransaction[],
  id: string,
  deleted: boolean,
): TransactionDetail {
  const t = all.find((row) => row.id === id);
  if (t === undefined) {
    const why = deleted ? 'was deleted in YNAB' : 'is not in this plan';
    throw new AppError(`Transaction ${id} ${why}: use a transaction_id from find_transactions.`);
  }
  const lines = (t.subtransactions ?? []).filter((s) => !s.deleted);
  const split = lines.length > 0;
  const copy = duplicateCopies(all).get(t.id);
  const color = currentFlag(t);
  return {
    transaction_id: t.id,
    date: t.date,
    amount: toUnits(t.amount),
    payee: line(t.payee_name),
    payee_id: t.payee_id ?? null,
    account: clean(t.account_name),
    account_id: t.account_id,
    category: split ? null : line(t.category_name),
    category_id: split ? null : (t.category_id ?? null),
    memo: whole(t.memo),
    cleared: t.cleared || 'uncleared',
    approved: Boolean(t.approved),
    flag: color === null ? null : { color, name: line(t.flag_name) },
    import: {
      import_id: t.import_id ?? null,
      matched_transaction_id: t.matched_transaction_id ?? null,
      import_payee_name: line(t.import_payee_name),
      import_payee_name_original: line(t.import_payee_name_original),
    },
    transfer: transferSide(t, all),
    possible_duplicate_of: copy?.of ?? null,
    duplicate_evidence: copy?.evidence ?? null,
    lines: lines.map((s) => ({
      amount: toUnits(s.amount),
      category_id: s.category_id ?? null,
      category: line(s.category_name),
      payee: line(s.payee_name),
      payee_id: s.payee_id ?? null,
      memo: whole(s.memo),
      transfer: transferSide(s, all),
    })),
  };
}
