/**
 * Verified transaction writes (see verify.ts): a bulk update judged field by field, a delete judged
 * by whether the transaction is gone, and a create whose answer was lost found again by what was sent.
 *
 * A create has no id until YNAB answers, so a lost answer is settled with one read of what changed
 * since the newest server knowledge avenir-mcp had before sending (the preview's reads): an older
 * transaction identical in account, date, amount and payee is not in that read unless it was itself
 * changed since, and then there are more candidates than were sent — which is reported as unknown,
 * never taken as the new one.
 */
import type { Deps } from '../../deps.js';
import { type MoneyText } from '../../domain/money.js';
import type { NewTransactionBody, TransactionPatch, YnabTransaction } from '../../domain/model.js';
import type { Asked, Row } from '../../domain/write-verify.js';
import { findCreated } from '../../domain/transactions/find-created.js';
import { UnknownOutcome } from '../../domain/write-outcome.js';
import type { CheckedWrite, Shown } from './checked-step.js';

const byId = (rows: readonly YnabTransaction[]): Shown =>
  new Map(rows.map((t) => [t.id, t as unknown as Row]));

/** A field of a transaction the way a write sends it: split lines with the keys the write gave. */
function transactionField(row: Row, field: string, asked: unknown): unknown {
  if (field === 'payee_name' && typeof asked === 'string') {
    // YNAB files a new name under an existing payee of the same name in another case
    const held = row[field];
    return typeof held === 'string' && held.trim().toLowerCase() === asked.trim().toLowerCase()
      ? asked
      : held;
  }
  if (field !== 'subtransactions') return row[field];
  const lines = ((row['subtransactions'] ?? []) as Row[]).filter((s) => s['deleted'] !== true);
  const wanted = Array.isArray(asked) ? (asked as Row[]) : [];
  return lines.map((line, i) =>
    Object.fromEntries(Object.keys(wanted[i] ?? { amount: 0 }).map((k) => [k, line[k] ?? null])),
  );
}

/** One bulk update of `patches`, judged against the transactions as they were before (`before`). */
export function patchWrite(
  deps: Deps,
  plan: string,
  patches: readonly TransactionPatch[],
  before: readonly YnabTransaction[],
): CheckedWrite {
  const asked: Asked[] = patches.map(({ id, ...fields }) => ({
    key: id,
    label: `transaction ${id}`,
    fields,
  }));
  return {
    asked,
    before: byId(before.filter((t) => patches.some((p) => p.id === t.id))),
    project: transactionField,
    send: async () => {
      const shown = await deps.ynab.transactions.updateShowing(plan, patches);
      return shown === null ? null : byId(shown);
    },
    read: async () => byId(await deps.ynab.transactions.list(plan)),
  };
}

/** The delete of one transaction: done when YNAB shows it deleted, or a read no longer lists it. */
export function deleteWrite(deps: Deps, plan: string, id: string): CheckedWrite {
  const gone: Row = { deleted: true };
  return {
    asked: [{ key: id, label: `transaction ${id}`, fields: { deleted: true } }],
    before: new Map([[id, { deleted: false }]]),
    send: async () => {
      const shown = await deps.ynab.transactions.delete(plan, id);
      return shown === null ? null : new Map([[id, { deleted: shown.deleted }]]);
    },
    read: async () => {
      const live = (await deps.ynab.transactions.list(plan)).some((t) => t.id === id);
      return new Map([[id, live ? { deleted: false } : gone]]);
    },
  };
}

/** What a created transaction is asked to hold (its account and split lines are how it is found). */
function createdFields(b: NewTransactionBody): Record<string, unknown> {
  return Object.fromEntries(Object.entries(b).filter(([k]) => k !== 'account_id'));
}

/**
 * The create of `bodies` (no import ids: nothing YNAB could skip as a duplicate). `created` is filled
 * with the new transactions by item key (`#1`, `#2`, ...) once they are known; `shown` holds the
 * keys of those YNAB showed whole (the others are only the ids it named, with the fields sent).
 */
export function createWrite(
  deps: Deps,
  plan: string,
  bodies: readonly NewTransactionBody[],
  money: MoneyText,
): CheckedWrite & { created: Map<string, YnabTransaction>; shown: Set<string> } {
  const knowledge = deps.ynab.knowledge(plan);
  const created = new Map<string, YnabTransaction>();
  const shown = new Set<string>();
  let said: readonly string[] | null = null;
  const asked: Asked[] = bodies.map((b, i) => ({
    key: `#${i + 1}`,
    label: `the new transaction of ${money.date(b.date)} for ${money(b.amount)}`,
    fields: createdFields(b),
  }));
  const keep = (rows: Map<string, YnabTransaction>, whole = true): Shown => {
    for (const [k, t] of rows) {
      created.set(k, t);
      if (whole) shown.add(k);
    }
    return new Map([...rows].map(([k, t]) => [k, t as unknown as Row]));
  };
  return {
    asked,
    before: new Map(),
    project: transactionField,
    created,
    shown,
    send: async () => {
      const answer = await deps.ynab.transactions.create(plan, bodies);
      const rows = answer.transactions;
      if (rows !== null && rows.length === bodies.length) {
        return keep(new Map(rows.map((t, i) => [`#${i + 1}`, t])));
      }
      const ids = answer.transaction_ids;
      // a success that does not say what it created cannot be understood: settled like a lost answer
      if (ids.length !== bodies.length) {
        throw new UnknownOutcome("YNAB answered success without the new transactions' ids");
      }
      // the ids without the transactions: what YNAB says it created (kept, and journaled, should
      // the read that checks them fail), then read by id
      said = ids;
      keep(
        new Map(ids.map((id, i) => [`#${i + 1}`, { ...bodies[i], id, deleted: false } as YnabTransaction])),
        false,
      );
      return null;
    },
    read: async () => {
      if (said === null) {
        return keep(
          findCreated(bodies, await deps.ynab.transactions.changedSince(plan, knowledge), knowledge, money),
        );
      }
      const ids = said;
      const now = await deps.ynab.transactions.list(plan);
      created.clear();
      shown.clear();
      return keep(
        new Map(
          ids.flatMap((id, i) => {
            const t = now.find((x) => x.id === id);
            return t === undefined ? [] : [[`#${i + 1}`, t] as const];
          }),
        ),
      );
    },
  };
}
