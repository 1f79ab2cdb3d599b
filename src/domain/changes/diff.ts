/**
 * The changes since a mark, group by group: the rows YNAB's delta requests gave (changed since the
 * mark's knowledge, deleted ones included) against the state the mark kept. Pure.
 */
import type {
  YnabCategoryGroup,
  YnabMoneyMovement,
  YnabScheduledTransaction,
  YnabTransaction,
} from '../model.js';
import type { MoneyText } from '../money.js';
import { clean } from '../text.js';
import type { Mark, ScheduleRow, TargetRow, TxRow } from './mark.js';
import { movedSince, scheduleRowOf, txRowOf } from './mark.js';
import { whoOf, type Attribution, type Change } from './changes.js';

/** Names for ids (accounts, payees, categories), as the plan shows them now; the id where unknown. */
export interface Names {
  accounts: ReadonlyMap<string, string>;
  payees: ReadonlyMap<string, string>;
  categories: ReadonlyMap<string, string>;
  /** YNAB's Uncategorized categories: a transaction moved out of one is categorised. */
  uncategorized: ReadonlySet<string>;
  /** YNAB's internal categories: a movement from or to one is from or to Ready to Assign. */
  internal: ReadonlySet<string>;
  /** How amounts are written: the plan's currency decimals. */
  money: MoneyText;
}

type Cell = string | number | null | undefined;
const name = (map: ReadonlyMap<string, string>, id: Cell): string =>
  id === null || id === undefined ? 'none' : clean(map.get(String(id)) ?? String(id));

type Show = (names: Names, value: Cell) => string;
const plain: Show = (_n, v) => (v === null || v === undefined ? 'none' : String(v));
const money: Show = (n, v) => n.money(Number(v));

/** The fields of a transaction row (mark.ts' order) and how each is shown; the memo by a digest only. */
const TX_FIELDS: readonly (readonly [number, string, Show])[] = [
  [1, 'date', plain],
  [2, 'amount', money],
  [3, 'account', (n, v) => name(n.accounts, v)],
  [4, 'payee', (n, v) => name(n.payees, v)],
  [5, 'category', (n, v) => name(n.categories, v)],
  [6, 'memo', () => ''],
  [7, 'cleared', plain],
  [8, 'approved', (_n, v) => (v === 1 ? 'yes' : 'no')],
  [9, 'flag', plain],
];
const SCHEDULE_FIELDS: readonly (readonly [number, string, Show])[] = [
  [1, 'next date', plain],
  [2, 'amount', money],
  [3, 'frequency', plain],
  [4, 'account', (n, v) => name(n.accounts, v)],
  [5, 'payee', (n, v) => name(n.payees, v)],
  [6, 'category', (n, v) => name(n.categories, v)],
  [7, 'memo', () => ''],
  [8, 'flag', plain],
];

function fieldsChanged(
  spec: readonly (readonly [number, string, Show])[],
  before: readonly Cell[],
  after: readonly Cell[],
  names: Names,
): string[] {
  return spec
    .filter(([i]) => before[i] !== after[i])
    .map(([i, field, show]) =>
      field === 'memo' ? 'memo changed' : `${field}: ${show(names, before[i])} → ${show(names, after[i])}`,
    );
}

/** The payee as the row names it, else by its id's name: the row's own name is the one shown now. */
const payeeOf = (t: YnabTransaction, names: Names): string =>
  clean(t.payee_name) || (t.payee_id ? name(names.payees, t.payee_id) : 'no payee');

const txLine = (t: YnabTransaction, names: Names): string =>
  `${payeeOf(t, names)} ${names.money(t.amount)} on ${t.date} (${name(names.accounts, t.account_id)})`;

/** The kind of an edit: approved or categorised when that is all it did, else edited. */
function editKind(before: TxRow, after: TxRow, names: Names): Change['kind'] {
  const changed = TX_FIELDS.filter(([i]) => before[i] !== after[i]).map(([, f]) => f);
  if (changed.length === 1 && changed[0] === 'approved' && after[8] === 1) return 'approved';
  const wasUncategorized = before[5] === null || names.uncategorized.has(before[5]);
  const nowCategorized = after[5] !== null && !names.uncategorized.has(after[5]);
  if (wasUncategorized && nowCategorized && changed.every((f) => f === 'category' || f === 'approved'))
    return 'categorised';
  return 'edited';
}

export function transactionChanges(
  mark: Mark,
  changed: readonly YnabTransaction[],
  names: Names,
  by: Attribution,
): Change[] {
  const before = new Map(mark.transactions.map((r) => [r[0], r]));
  const out: Change[] = [];
  for (const t of changed) {
    const op = by.operationOf(t.id);
    const was = before.get(t.id);
    const base = { area: 'transactions' as const, id: t.id };
    if (t.deleted) {
      out.push({
        ...base,
        kind: 'deleted',
        ...whoOf(op),
        what: `Deleted: ${txLine(t, names)}.`,
        fields: null,
      });
      continue;
    }
    if (was === undefined) {
      const known = t.date >= mark.from;
      out.push({
        ...base,
        kind: known ? 'added' : 'edited',
        ...whoOf(op, known ? (t.import_id ?? null) : null),
        what: known
          ? `${t.import_id ? 'Imported' : 'Entered'}: ${txLine(t, names)}.`
          : `Added or edited (dated before the days the mark keeps, fields not known): ${txLine(t, names)}.`,
        fields: null,
      });
      continue;
    }
    const now = txRowOf(t);
    const fields = fieldsChanged(TX_FIELDS, was, now, names);
    if (fields.length === 0) continue;
    const kind = editKind(was, now, names);
    out.push({
      ...base,
      kind,
      ...whoOf(op),
      what: `${kind[0]?.toUpperCase()}${kind.slice(1)}: ${txLine(t, names)}.`,
      fields,
    });
  }
  return out;
}

const BUDGET_KINDS = ['budget', 'move'];

/** Assignments and moves YNAB recorded since the mark was set. */
export function budgetChanges(
  mark: Mark,
  movements: readonly YnabMoneyMovement[],
  names: Names,
  by: Attribution,
): Change[] {
  return movements
    .filter((m) => movedSince(mark, m))
    .map((m) => {
      const side = (id: string | null | undefined) => (id && !names.internal.has(id) ? id : null);
      const from = side(m.from_category_id);
      const to = side(m.to_category_id);
      const op = by.operationOf(to ?? '', BUDGET_KINDS) ?? by.operationOf(from ?? '', BUDGET_KINDS);
      const amount = names.money(Math.abs(m.amount));
      const month = (m.month ?? '').slice(0, 7);
      const kind = from === null ? 'assigned' : to === null ? 'unassigned' : 'moved';
      const what =
        kind === 'assigned'
          ? `Assigned ${amount} to ${name(names.categories, to)} (${month}).`
          : kind === 'unassigned'
            ? `Took ${amount} from ${name(names.categories, from)} back to Ready to Assign (${month}).`
            : `Moved ${amount} from ${name(names.categories, from)} to ${name(names.categories, to)} (${month}).`;
      return { area: 'budget', kind, ...whoOf(op), id: m.id, what, fields: null } satisfies Change;
    });
}

const targetText = (r: TargetRow | undefined, money: MoneyText): string =>
  r === undefined
    ? 'none'
    : `${r[1] ?? '?'} ${r[2] === null ? '' : money(r[2])}${r[3] ? ` by ${r[3]}` : ''}`.trim();

/** Targets set, changed or removed on the categories changed since the mark. */
export function targetChanges(
  mark: Mark,
  groups: readonly YnabCategoryGroup[],
  names: Names,
  by: Attribution,
): Change[] {
  const before = new Map(mark.targets.map((r) => [r[0], r]));
  const out: Change[] = [];
  for (const g of groups)
    for (const c of g.categories) {
      const was = before.get(c.id);
      const now: TargetRow | undefined =
        !g.deleted && !c.deleted && c.goal_type
          ? [c.id, c.goal_type, c.goal_target ?? null, c.goal_target_date ?? null]
          : undefined;
      if (targetText(was, names.money) === targetText(now, names.money)) continue;
      const kind = was === undefined ? 'set' : now === undefined ? 'removed' : 'changed';
      const label = name(names.categories, c.id) === c.id ? clean(c.name) : name(names.categories, c.id);
      out.push({
        area: 'targets',
        kind,
        ...whoOf(by.operationOf(c.id, ['target'])),
        id: c.id,
        what: `Target of ${label} ${kind}.`,
        fields: [`target: ${targetText(was, names.money)} → ${targetText(now, names.money)}`],
      });
    }
  return out;
}

const SCHEDULE_KINDS = ['schedule_create', 'schedule_update', 'schedule_delete'];

const scheduleLine = (s: YnabScheduledTransaction, names: Names): string =>
  `${clean(s.payee_name) || name(names.payees, s.payee_id ?? null)} ${names.money(s.amount)} ${s.frequency}, next ${s.date_next}`;

/** Scheduled transactions added, changed or removed since the mark. */
export function scheduleChanges(
  mark: Mark,
  changed: readonly YnabScheduledTransaction[],
  names: Names,
  by: Attribution,
): Change[] {
  const before = new Map<string, ScheduleRow>(mark.scheduled.map((r) => [r[0], r]));
  const out: Change[] = [];
  for (const s of changed) {
    const was = before.get(s.id);
    const who = whoOf(by.operationOf(s.id, SCHEDULE_KINDS));
    const base = { area: 'scheduled' as const, id: s.id, ...who };
    if (s.deleted)
      out.push({ ...base, kind: 'removed', what: `Removed: ${scheduleLine(s, names)}.`, fields: null });
    else if (was === undefined)
      out.push({ ...base, kind: 'added', what: `Added: ${scheduleLine(s, names)}.`, fields: null });
    else {
      const fields = fieldsChanged(SCHEDULE_FIELDS, was, scheduleRowOf(s), names);
      if (fields.length > 0)
        out.push({ ...base, kind: 'changed', what: `Changed: ${scheduleLine(s, names)}.`, fields });
    }
  }
  return out;
}
