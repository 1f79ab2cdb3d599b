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
import type { NewTransactionBody, ScheduledBody } from '../domain/model.js';
import type { StoredSchedule } from '../domain/transactions/scheduled-writes.js';
import type { Kind, KindDetails } from './journal-kinds.js';
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
    on: z.enum(['transactions', 'payees', 'categories']),
    patches: z.array(fields),
    /** Null for a write that journals nothing (a category's name or group): the entry just closes. */
    record: record.nullable(),
    /**
     * The operation id to journal the record under, when the pending id names another entry already
     * (a reconciliation whose adjustment was journaled on its own while its PATCH was in flight).
     */
    record_id: id.optional(),
  }),
  /** The transaction holds these split lines, in order, each in the fields sent; nothing is journaled. */
  z.strictObject({ expect: z.literal('split'), transaction_id: id, lines: z.array(fields) }),
  /** A category of this name is in the group (the create checked none was); nothing is journaled. */
  z.strictObject({ expect: z.literal('category_created'), group_id: id, name: z.string() }),
  /**
   * The transactions (or scheduled transactions) are gone; a record of transactions is a `delete`,
   * kept for those gone only.
   */
  z.strictObject({
    expect: z.literal('gone'),
    on: z.enum(['transactions', 'scheduled']),
    ids: z.array(id),
    /** Null for a step of an undo: what is left of it is journaled already, and the entry just closes. */
    record: record.nullable(),
  }),
  /** Each category holds its new budgeted amount (milliunits) in the month. */
  z.strictObject({
    expect: z.literal('budgeted'),
    month: z.string(),
    amounts: z.array(z.strictObject({ category_id: id, to: z.number().int() })),
    /** Null for a step of an undo (as for `gone`). */
    record: record.nullable(),
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
  /** A scheduled transaction like `body` is found among those changed since the knowledge before. */
  z.strictObject({
    expect: z.literal('schedule_created'),
    body: fields,
    knowledge: z.number().int().nullable(),
  }),
  /** The scheduled transaction holds the whole body sent; journaled with the body `before`. */
  z.strictObject({ expect: z.literal('schedule_replaced'), id, body: fields, before: fields }),
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
  r: Record_ | null,
  on: 'transactions' | 'payees' | 'categories' = 'transactions',
): Extract<Recognise, { expect: 'fields' }> => ({
  expect: 'fields',
  on,
  // a field not sent is not expected either
  patches: patches.map((p) => Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined))),
  record: r,
});

/** A step of an undo setting one category's budgeted amount, recognised by the month holding it. */
export const budgetedHeld = (month: string, categoryId: string, to: number): Recognise => ({
  expect: 'budgeted',
  month,
  amounts: [{ category_id: categoryId, to }],
  record: null,
});

/** A split recognised by the transaction holding its lines. */
export const splitHeld = (transactionId: string, lines: readonly object[]): Recognise => ({
  expect: 'split',
  transaction_id: transactionId,
  lines: lines.map((l) => ({ ...(l as Record<string, unknown>) })),
});

/** A new category recognised by its name in its group. */
export const categoryFound = (groupId: string, name: string): Recognise => ({
  expect: 'category_created',
  group_id: groupId,
  name,
});

/** A created scheduled transaction, found again like a created transaction. */
export const scheduleFound = (body: ScheduledBody, knowledge: number | undefined): Recognise => ({
  expect: 'schedule_created',
  body: { ...(body as unknown as Record<string, unknown>) },
  knowledge: knowledge ?? null,
});

/** A replaced scheduled transaction, recognised by holding the body sent. */
export const scheduleReplaced = (id: string, body: ScheduledBody, before: StoredSchedule): Recognise => ({
  expect: 'schedule_replaced',
  id,
  body: { ...(body as unknown as Record<string, unknown>) },
  before: { ...before },
});

/** A delete recognised by the objects being gone (a delete of transactions keeps its record for those gone). */
export const goneFrom = (
  ids: readonly string[],
  r: Record_ | null,
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

/**
 * What a read shows of a pending write: the journal entry to record (null when the entry carries
 * none undo could read), and whether the whole of the write shows — part of it (one of a move's two
 * categories, some of several deletes) may still be landing.
 */
export interface Seen {
  record: Landed | null;
  complete: boolean;
}
