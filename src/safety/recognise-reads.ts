/**
 * How a pending write is read again from its recognise data: one read of YNAB per expectation, and
 * the journal entry a change that shows is recorded with (recognise.ts says why each is safe).
 */
import { moneyText } from '../domain/money.js';
import { monthIndex } from '../domain/categories/budget-writes.js';
import { categoriesOf, categoryField } from '../domain/categories/category-rows.js';
import type {
  NewTransactionBody,
  ScheduledBody,
  YnabScheduledTransaction,
  YnabTransaction,
} from '../domain/model.js';
import { milliOf } from '../domain/months/month-categories.js';
import { findCreated, findCreatedSchedule } from '../domain/transactions/find-created.js';
import { bodyOf } from '../domain/transactions/scheduled-writes.js';
import { bothSides, sideState } from '../domain/transactions/transfer-sides.js';
import { patchesHeld } from '../domain/write-verify.js';
import type { YnabClient } from '../ynab/api.js';
import { detailsOf, isKind } from './journal-kinds.js';
import type { Landed, Recognise, Seen } from './recognise.js';

type Expect<E extends Recognise['expect']> = Extract<Recognise, { expect: E }>;

/** The record, when its kind and details are ones undo can read (a damaged file journals nothing). */
function valid(r: { kind: string; details: Record<string, unknown>; moves: Landed['moves'] }): Landed | null {
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
  const sides = bothSides(sent, await ynab.transactions.list(plan));
  const { account_id, date, amount } = body;
  return valid({
    kind: 'transfer',
    details: {
      transaction_id: sent.id,
      account_id,
      date,
      amount,
      ...(sides === undefined ? {} : { sides }),
    },
    moves: [],
  });
}

const live = (rows: readonly { id: string; deleted?: boolean }[]) =>
  new Set(rows.filter((t) => t.deleted !== true).map((t) => t.id));

const seen = (record: Landed | null, complete: boolean): Seen => ({ record, complete });

/** Whether a scheduled transaction holds every field of `body` (a payee named anew: by its name). */
function holdsBody(now: YnabScheduledTransaction, body: ScheduledBody): boolean {
  const held = bodyOf(now);
  const payee =
    body.payee_id !== undefined && body.payee_id !== null
      ? held.payee_id === body.payee_id
      : body.payee_name === undefined
        ? held.payee_id === null
        : (now.payee_name ?? '').trim().toLowerCase() === body.payee_name.trim().toLowerCase();
  const same = (
    ['account_id', 'date', 'amount', 'category_id', 'memo', 'flag_color', 'frequency'] as const
  ).every((k) => held[k] === (k === 'memo' && body.memo === '' ? null : body[k]));
  return payee && same;
}

type Read<E extends Recognise['expect']> = (
  ynab: YnabClient,
  plan: string,
  r: Expect<E>,
) => Promise<Seen | null>;

/** The objects a `fields` expectation is read on, each field as the write sent it. */
async function rowsOn(
  ynab: YnabClient,
  plan: string,
  on: Expect<'fields'>['on'],
): Promise<readonly object[]> {
  if (on === 'payees') return ynab.payees.list(plan);
  if (on === 'transactions') return ynab.transactions.list(plan);
  // a target's rhythm is sent as a frequency, and YNAB shows it as a cadence
  return [...categoriesOf(await ynab.categories.groups(plan)).values()].map((c) => ({
    ...c,
    goal_frequency: categoryField(c, 'goal_frequency'),
  }));
}

const fieldsNow: Read<'fields'> = async (ynab, plan, r) => {
  const rows = await rowsOn(ynab, plan, r.on);
  const held = patchesHeld(rows, r.patches);
  if (held === false) return null;
  return seen(r.record === null ? null : valid(r.record), held === true);
};

/** A field YNAB shows against one sent (kept as JSON data): an absent field reads as null. */
const same = (held: unknown, sent: unknown): boolean => JSON.stringify(held ?? null) === JSON.stringify(sent);

const splitNow: Read<'split'> = async (ynab, plan, r) => {
  const t = (await ynab.transactions.list(plan)).find((x) => x.id === r.transaction_id);
  const lines = (t?.subtransactions ?? []).filter((l) => l.deleted !== true) as unknown as Record<
    string,
    unknown
  >[];
  const held =
    lines.length === r.lines.length &&
    r.lines.every((want, i) =>
      Object.entries(want).every(([k, v]) => same((lines[i] as Record<string, unknown>)[k], v)),
    );
  return held ? seen(null, true) : null;
};

const categoryCreatedNow: Read<'category_created'> = async (ynab, plan, r) => {
  const all = [...categoriesOf(await ynab.categories.groups(plan)).values()];
  const found = all.some((c) => !c.deleted && c.name === r.name && c.category_group_id === r.group_id);
  return found ? seen(null, true) : null;
};

const goneNow: Read<'gone'> = async (ynab, plan, r) => {
  const there = live(
    r.on === 'scheduled' ? await ynab.scheduled.list(plan) : await ynab.transactions.list(plan),
  );
  const gone = new Set(r.ids.filter((i) => !there.has(i)));
  if (gone.size === 0) return null;
  if (r.record === null) return seen(null, gone.size === r.ids.length);
  // a delete of transactions is journaled for those gone only (its undo recreates them)
  const all = (r.record.details['transactions'] ?? []) as { transaction_id: string }[];
  const kept = all.filter((t) => gone.has(t.transaction_id));
  const record = valid(
    r.record.kind === 'delete'
      ? { ...r.record, details: { ...r.record.details, transactions: kept } }
      : r.record,
  );
  return seen(record, gone.size === r.ids.length);
};

const budgetedNow: Read<'budgeted'> = async (ynab, plan, r) => {
  const index = monthIndex((await ynab.months.get(plan, r.month)).categories);
  const held = r.amounts.filter((a) => {
    const c = index.get(a.category_id);
    return c !== undefined && milliOf(c.budgeted) === a.to;
  });
  if (held.length === 0) return null;
  return seen(r.record === null ? null : valid(r.record), held.length === r.amounts.length);
};

const createdNow: Read<'created'> = async (ynab, plan, r) => {
  const bodies = r.bodies as unknown as NewTransactionBody[];
  const since = r.knowledge ?? undefined;
  let found: Map<string, YnabTransaction>;
  try {
    // its refusal's text is not shown here, so the currency and date formats it would use do not matter
    found = findCreated(bodies, await ynab.transactions.changedSince(plan, since), since, moneyText(2));
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
};

const scheduleCreatedNow: Read<'schedule_created'> = async (ynab, plan, r) => {
  const body = r.body as unknown as ScheduledBody;
  const since = r.knowledge ?? undefined;
  let found: YnabScheduledTransaction | undefined;
  try {
    found = findCreatedSchedule(body, await ynab.scheduled.changedSince(plan, since), since);
  } catch {
    return null; // look-alikes it cannot tell apart: not taken as the new one
  }
  if (found === undefined) return null;
  const details = { scheduled_transaction_id: found.id, body: bodyOf(found) };
  return seen(valid({ kind: 'schedule_create', details, moves: [] }), true);
};

const scheduleReplacedNow: Read<'schedule_replaced'> = async (ynab, plan, r) => {
  const now = (await ynab.scheduled.list(plan)).find((s) => s.id === r.id && s.deleted !== true);
  if (now === undefined || !holdsBody(now, r.body as unknown as ScheduledBody)) return null;
  const details = { scheduled_transaction_id: r.id, before: r.before, after: bodyOf(now) };
  return seen(valid({ kind: 'schedule_update', details, moves: [] }), true);
};

/**
 * Reads YNAB once: what shows of the change, or null while none of it does (or when what shows
 * cannot be told apart from older transactions).
 */
export function landedNow(ynab: YnabClient, plan: string, r: Recognise): Promise<Seen | null> {
  switch (r.expect) {
    case 'fields':
      return fieldsNow(ynab, plan, r);
    case 'gone':
      return goneNow(ynab, plan, r);
    case 'budgeted':
      return budgetedNow(ynab, plan, r);
    case 'created':
      return createdNow(ynab, plan, r);
    case 'schedule_created':
      return scheduleCreatedNow(ynab, plan, r);
    case 'schedule_replaced':
      return scheduleReplacedNow(ynab, plan, r);
    case 'split':
      return splitNow(ynab, plan, r);
    case 'category_created':
      return categoryCreatedNow(ynab, plan, r);
  }
}
