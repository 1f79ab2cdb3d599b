/**
 * How any process recognises a pending write in YNAB: what the write changes, kept as data in its
 * pending entry before the first request leaves, with the journal entry that makes it undoable once
 * YNAB shows it. The process that made a write settles it from memory; one that did not (after a
 * restart, a crash mid-write, or another instance on the same journal) settles it from this alone,
 * so that a write YNAB applied late is journaled and undoable whichever process reads it first.
 *
 * A write that landed only in part is journaled whole: every undo re-reads YNAB and reverts only
 * what is still as the operation left it, so a part that never landed is simply left as it is. The
 * exceptions are those whose undo recreates something (a delete is journaled only for the
 * transactions gone) and creates, whose ids are known only once found.
 */
import { z } from 'zod';
import { monthIndex } from '../domain/categories/budget-writes.js';
import type { NewTransactionBody, YnabTransaction } from '../domain/model.js';
import { milliOf } from '../domain/months/month-categories.js';
import { linkedSide } from '../domain/transactions/delete-transactions.js';
import { findCreated } from '../domain/transactions/find-created.js';
import { sideState } from '../domain/transactions/transfer-sides.js';
import { patchesHeld } from '../domain/write-verify.js';
import type { YnabClient } from '../ynab/api.js';
import { detailsOf, isKind, type Kind, type KindDetails } from './journal-kinds.js';
import type { Move } from './journal.js';

const id = z.string().min(1);
const fields = z.record(z.string(), z.unknown());
const move = z.strictObject({
  transaction_id: id,
  from_category_id: z.string().nullable(),
  to_category_id: z.string().nullable(),
});
/** The journal entry to write once YNAB shows the change (checked against its kind's schema then). */
const record = z.strictObject({ kind: z.string(), details: fields, moves: z.array(move) });

export const recogniseSchema = z.discriminatedUnion('expect', [
  /** Each object holds the fields sent (`{ id, ...fields }`, as the update sent them). */
  z.strictObject({
    expect: z.literal('fields'),
    on: z.enum(['transactions', 'payees']),
    patches: z.array(fields),
    record,
  }),
  /**
   * The transactions (or scheduled transactions) are gone; a record of transactions is a `delete`,
   * kept for those gone only.
   */
  z.strictObject({
    expect: z.literal('gone'),
    on: z.enum(['transactions', 'scheduled']),
    ids: z.array(id),
    record,
  }),
  /** Each category holds its new budgeted amount (milliunits) in the month. */
  z.strictObject({
    expect: z.literal('budgeted'),
    month: z.string(),
    amounts: z.array(z.strictObject({ category_id: id, to: z.number().int() })),
    record,
  }),
  /**
   * The transactions sent are found among those changed since the knowledge before sending, and
   * journaled as a `create`, or as a `transfer` (one body, its sent side; the other side read).
   */
  z.strictObject({
    expect: z.literal('created'),
    as: z.enum(['create', 'transfer']),
    bodies: z.array(fields),
    knowledge: z.number().int().nullable(),
  }),
]);

export type Recognise = z.infer<typeof recogniseSchema>;
export type Landed = { kind: Kind; details: Record<string, unknown>; moves: Move[] };

type Record_ = z.infer<typeof record>;

/** The journal entry a write records once it shows, in the form `Recognise` keeps it. */
export function recordOf<K extends Kind>(kind: K, details: KindDetails<K>, moves: Move[] = []): Record_ {
  return { kind, details, moves };
}

/** An update recognised by each object (transactions unless said) holding the fields sent. */
export const fieldsHeld = (
  patches: readonly object[],
  r: Record_,
  on: 'transactions' | 'payees' = 'transactions',
): Recognise => ({
  expect: 'fields',
  on,
  patches: patches.map((p) => ({ ...(p as Record<string, unknown>) })),
  record: r,
});

/** A delete recognised by the objects being gone (a delete of transactions keeps its record for those gone). */
export const goneFrom = (
  ids: readonly string[],
  r: Record_,
  on: 'transactions' | 'scheduled' = 'transactions',
): Recognise => ({ expect: 'gone', on, ids: [...ids], record: r });

/** A create recognised by finding what was sent among what changed since `knowledge`. */
export const createdFound = (
  bodies: readonly NewTransactionBody[],
  knowledge: number | undefined,
  as: 'create' | 'transfer' = 'create',
): Recognise => ({
  expect: 'created',
  as,
  bodies: bodies.map((b) => ({ ...(b as unknown as Record<string, unknown>) })),
  knowledge: knowledge ?? null,
});

/** The record, when its kind and details are ones undo can read (a damaged file journals nothing). */
function valid(r: Record_): Landed | null {
  if (!isKind(r.kind) || detailsOf(r.kind, r.details) === null) return null;
  return { kind: r.kind, details: r.details, moves: r.moves };
}

/** A transfer found again: its sent side, and both sides whole when YNAB shows the other one. */
async function transferOf(
  ynab: YnabClient,
  plan: string,
  body: NewTransactionBody,
  sent: YnabTransaction,
): Promise<Landed | null> {
  const other = linkedSide(sent, await ynab.transactions.list(plan));
  const { account_id, date, amount } = body;
  return valid({
    kind: 'transfer',
    details: {
      transaction_id: sent.id,
      account_id,
      date,
      amount,
      ...(other === undefined ? {} : { sides: [sideState(sent), sideState(other)] }),
    },
    moves: [],
  });
}

const live = (rows: readonly { id: string; deleted?: boolean }[]) =>
  new Set(rows.filter((t) => t.deleted !== true).map((t) => t.id));

/**
 * What a read shows of a pending write: the journal entry to record (null when the entry carries
 * none undo could read), and whether the whole of the write shows — part of it (one of a move's two
 * categories, some of several deletes) may still be landing.
 */
export interface Seen {
  record: Landed | null;
  complete: boolean;
}

const seen = (record: Landed | null, complete: boolean): Seen => ({ record, complete });

/**
 * Reads YNAB once: what shows of the change, or null while none of it does (or when what shows
 * cannot be told apart from older transactions).
 */
export async function landedNow(ynab: YnabClient, plan: string, r: Recognise): Promise<Seen | null> {
  switch (r.expect) {
    case 'fields': {
      const rows = r.on === 'payees' ? await ynab.payees.list(plan) : await ynab.transactions.list(plan);
      const held = patchesHeld(rows, r.patches);
      return held === false ? null : seen(valid(r.record), held === true);
    }
    case 'gone': {
      const there = live(
        r.on === 'scheduled' ? await ynab.scheduled.list(plan) : await ynab.transactions.list(plan),
      );
      const gone = new Set(r.ids.filter((i) => !there.has(i)));
      if (gone.size === 0) return null;
      // a delete of transactions is journaled for those gone only (its undo recreates them)
      const all = (r.record.details['transactions'] ?? []) as { transaction_id: string }[];
      const kept = all.filter((t) => gone.has(t.transaction_id));
      const record = valid(
        r.record.kind === 'delete'
          ? { ...r.record, details: { ...r.record.details, transactions: kept } }
          : r.record,
      );
      return seen(record, gone.size === r.ids.length);
    }
    case 'budgeted': {
      const index = monthIndex((await ynab.months.get(plan, r.month)).categories);
      const held = r.amounts.filter((a) => {
        const c = index.get(a.category_id);
        return c !== undefined && milliOf(c.budgeted) === a.to;
      });
      return held.length === 0 ? null : seen(valid(r.record), held.length === r.amounts.length);
    }
    case 'created': {
      const bodies = r.bodies as unknown as NewTransactionBody[];
      const since = r.knowledge ?? undefined;
      let found: Map<string, YnabTransaction>;
      try {
        found = findCreated(bodies, await ynab.transactions.changedSince(plan, since), since);
      } catch {
        return null; // look-alikes it cannot tell apart: not taken as the new ones
      }
      if (found.size === 0) return null;
      const made = [...found.values()];
      // a transfer is one body, found as one transaction: its sent side
      if (r.as === 'transfer') {
        const sent = made[0] as YnabTransaction;
        return seen(await transferOf(ynab, plan, bodies[0] as NewTransactionBody, sent), true);
      }
      const record = valid({
        kind: 'create',
        details: { transaction_ids: made.map((t) => t.id), states: made.map(sideState) },
        moves: [],
      });
      return seen(record, found.size === bodies.length);
    }
  }
}
