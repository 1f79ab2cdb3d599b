/**
 * What apply_statement makes of a comparison's fixes the person keeps, against the account as YNAB
 * holds it now: the transactions to create, the duplicates to delete, one bulk update of the amounts,
 * dates and cleared states, and whether the balances then agree (every cleared transaction up to the
 * statement's last day is then marked reconciled, as reconcile_account does). Pure: the tool reads,
 * asks and sends.
 */
import { AppError } from '../errors.js';
import type { NewTransactionBody, TransactionPatch, YnabTransaction } from '../model.js';
import type { MoneyText } from '../money.js';
import { clean, cleanFull } from '../text.js';
import { deletedRecord, type DeletedTransaction } from '../transactions/delete-transactions.js';
import { clearedBalanceOn, type Fix } from './compare.js';
import type { StatedBalance } from './statement.js';

type Cleared = 'cleared' | 'uncleared' | 'reconciled';

/** One field a fix sets, as the journal keeps it (milliunits, dates, cleared states). */
export interface FieldSet {
  field: 'amount' | 'date' | 'cleared';
  from: string | number;
  to: string | number;
}

export interface StatementEdit {
  transaction_id: string;
  fields: FieldSet[];
}

export interface StatementApply {
  /** The new transactions, in the order of their fixes. */
  creates: NewTransactionBody[];
  /** The duplicates, whole (the journal keeps them so that undo recreates them). */
  deletes: DeletedTransaction[];
  /** One bulk update: corrected amounts and dates, cleared and reconciled states. */
  patches: TransactionPatch[];
  /** The same, field by field with what each held, for the journal. */
  edits: StatementEdit[];
  /** Whether every cleared transaction up to the closing date gets marked reconciled. */
  reconcile: boolean;
  /** The question's lines, one a change. */
  lines: string[];
  /** Counts for the result. */
  counts: { corrected: number; cleared: number; reconciled: number };
}

export interface ApplyInput {
  accountId: string;
  fixes: readonly Fix[];
  /** The fix ids kept; null: every one. */
  keep: readonly string[] | null;
  /** Matched transactions the bank shows and YNAB holds uncleared. */
  toClear: readonly string[];
  closing: StatedBalance | null;
  /** The account's transactions now (not deleted). */
  account: readonly YnabTransaction[];
  /** Category names by id, for the question. */
  categoryName: (id: string) => string | null;
  money: MoneyText;
}

/** The fixes kept, each id checked against the comparison. */
export function keptFixes(fixes: readonly Fix[], keep: readonly string[] | null): Fix[] {
  if (keep === null) return [...fixes];
  const known = new Set(fixes.map((f) => f.id));
  const unknown = keep.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    const offered =
      fixes.length === 0 ? 'it proposes none' : `it proposes ${fixes.map((f) => f.id).join(', ')}`;
    throw new AppError(
      `${unknown.join(', ')} is not a fix of this comparison (${offered}): nothing was changed. Give the fix ids compare_statement answered.`,
    );
  }
  return fixes.filter((f) => keep.includes(f.id));
}

/** A bank text as YNAB takes it in a field of at most `max` characters: one line, cut to fit. */
const fieldText = (text: string | null, max: number): string | null => {
  const line = cleanFull(text);
  return line === '' ? null : Array.from(line).slice(0, max).join('');
};

function checkDelete(fix: Fix & { kind: 'delete' }, t: YnabTransaction | undefined): YnabTransaction {
  if (t === undefined)
    throw new AppError(`${fix.id} deletes ${fix.transaction_id}, which is no longer in YNAB.`);
  if (t.cleared === 'reconciled')
    throw new AppError(
      `${fix.id} deletes ${t.id}, which is reconciled: nothing was changed. Leave ${fix.id} out, or un-reconcile it in YNAB first.`,
    );
  if (t.transfer_account_id || (t.subtransactions ?? []).some((s) => !s.deleted))
    throw new AppError(
      `${fix.id} deletes ${t.id}, a transfer or a split: nothing was changed. Leave ${fix.id} out and delete it with delete_transactions.`,
    );
  return t;
}

type NewValues = { amount?: number; date?: string; cleared?: Cleared };

/** What a plan gathers as it goes: the changes, and each transaction's new values. */
interface Draft {
  input: ApplyInput;
  byId: Map<string, YnabTransaction>;
  lines: string[];
  creates: NewTransactionBody[];
  deletes: DeletedTransaction[];
  next: Map<string, NewValues>;
}

const setValues = (d: Draft, id: string, v: NewValues) => d.next.set(id, { ...d.next.get(id), ...v });
const who = (t: YnabTransaction) => clean(t.payee_name);

function addCreate(d: Draft, fix: Fix & { kind: 'create' }): void {
  const { input } = d;
  d.creates.push({
    account_id: input.accountId,
    date: fix.date,
    amount: fix.amount,
    payee_name: fieldText(fix.payee_name, 200) ?? 'Bank',
    memo: fieldText(fix.memo, 500),
    category_id: fix.category_id,
    cleared: 'cleared',
    approved: true,
  });
  const category = (fix.category_id === null ? null : input.categoryName(fix.category_id)) ?? 'no category';
  d.lines.push(
    `- ${fix.id} create: ${input.money.date(fix.date)} ${clean(fix.payee_name)} ${input.money(fix.amount)} (${clean(category)}), cleared`,
  );
}

function addFix(d: Draft, fix: Fix): void {
  const money = d.input.money;
  if (fix.kind === 'create') return addCreate(d, fix);
  const t = d.byId.get(fix.transaction_id);
  if (fix.kind === 'delete') {
    const gone = checkDelete(fix, t);
    d.deletes.push(deletedRecord(gone));
    d.lines.push(
      `- ${fix.id} delete the duplicate ${gone.id}: ${money.date(gone.date)} ${who(gone)} ${money(gone.amount)}`,
    );
    return;
  }
  if (t === undefined)
    throw new AppError(`${fix.id} corrects ${fix.transaction_id}, which is no longer in YNAB.`);
  if (fix.kind === 'amount') {
    setValues(d, t.id, { amount: fix.to });
    d.lines.push(
      `- ${fix.id} correct the amount of ${t.id} (${money.date(t.date)} ${who(t)}): ${money(t.amount)} → ${money(fix.to)}`,
    );
  } else {
    setValues(d, t.id, { date: fix.to });
    d.lines.push(
      `- ${fix.id} correct the date of ${t.id} (${who(t)} ${money(t.amount)}): ${money.date(t.date)} → ${money.date(fix.to)}`,
    );
  }
  // the bank shows it: corrected, it is cleared like every line the statement holds
  if (t.cleared === 'uncleared') setValues(d, t.id, { cleared: 'cleared' });
}

/** Marks reconciled every cleared transaction up to the closing date when the balances then agree. */
function addReconcile(d: Draft, deleted: ReadonlySet<string>): number {
  const { closing, money } = d.input;
  if (closing === null) return 0;
  // the account as it would be: what the bank says is cleared, the fixes made
  const after = [
    ...d.input.account.filter((t) => !deleted.has(t.id)).map((t) => ({ ...t, ...d.next.get(t.id) })),
    ...d.creates.map((b, i) => ({ ...b, id: `#${i + 1}`, deleted: false }) as unknown as YnabTransaction),
  ];
  const balance = clearedBalanceOn(after, closing.date);
  if (balance !== closing.amount) {
    d.lines.push(
      `- nothing is marked reconciled: YNAB's cleared balance on ${money.date(closing.date)} would be ${money(balance)}, and the statement closes at ${money(closing.amount)}`,
    );
    return 0;
  }
  const marked = after.filter((t) => t.cleared === 'cleared' && t.date <= closing.date);
  for (const t of marked) {
    const created = t.id.startsWith('#') ? d.creates[Number(t.id.slice(1)) - 1] : undefined;
    if (created !== undefined) created.cleared = 'reconciled';
    else setValues(d, t.id, { cleared: 'reconciled' });
  }
  if (marked.length > 0)
    d.lines.push(
      `- mark reconciled the ${marked.length} cleared transaction(s) dated up to ${money.date(closing.date)}: YNAB's cleared balance then is ${money(closing.amount)}, as the statement closes`,
    );
  return marked.length;
}

/** Each transaction's new values as one patch, and field by field with what it held. */
function patchesOf(d: Draft): { patches: TransactionPatch[]; edits: StatementEdit[] } {
  const patches: TransactionPatch[] = [];
  const edits: StatementEdit[] = [];
  for (const [id, v] of d.next) {
    // every id given new values is one of the account's
    const t = d.byId.get(id)!;
    const fields: FieldSet[] = [];
    if (v.amount !== undefined && v.amount !== t.amount)
      fields.push({ field: 'amount', from: t.amount, to: v.amount });
    if (v.date !== undefined && v.date !== t.date) fields.push({ field: 'date', from: t.date, to: v.date });
    if (v.cleared !== undefined && v.cleared !== t.cleared)
      fields.push({ field: 'cleared', from: t.cleared, to: v.cleared });
    if (fields.length === 0) continue;
    edits.push({ transaction_id: id, fields });
    patches.push({ id, ...Object.fromEntries(fields.map((f) => [f.field, f.to])) });
  }
  return { patches, edits };
}

/** Plans the fixes kept; throws an AppError naming the fix when one cannot be made. */
export function planStatementApply(input: ApplyInput): StatementApply {
  const kept = keptFixes(input.fixes, input.keep);
  const d: Draft = {
    input,
    byId: new Map(input.account.map((t) => [t.id, t])),
    lines: [],
    creates: [],
    deletes: [],
    next: new Map(),
  };
  for (const fix of kept) addFix(d, fix);
  const deleted = new Set(d.deletes.map((r) => r.transaction_id));
  const clearing = input.toClear.filter((id) => d.byId.get(id)?.cleared === 'uncleared' && !deleted.has(id));
  for (const id of clearing) {
    const t = d.byId.get(id)!;
    setValues(d, id, { cleared: 'cleared' });
    d.lines.push(`- mark cleared ${t.id}: ${input.money.date(t.date)} ${who(t)} ${input.money(t.amount)}`);
  }
  const reconciled = addReconcile(d, deleted);
  const { patches, edits } = patchesOf(d);
  return {
    creates: d.creates,
    deletes: d.deletes,
    patches,
    edits,
    reconcile: reconciled > 0,
    lines: d.lines,
    counts: {
      corrected: kept.filter((f) => f.kind === 'amount' || f.kind === 'date').length,
      cleared: clearing.length,
      reconciled,
    },
  };
}

/** The question: every change, one a line. */
export const applyQuestion = (account: string, lines: readonly string[]): string =>
  [
    `Make these ${lines.filter((l) => !l.startsWith('- nothing')).length} change(s) to ${account} from the statement?`,
    ...lines,
  ].join('\n');
