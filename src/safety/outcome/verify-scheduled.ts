/**
 * Verified writes of scheduled transactions (see verify.ts): a create (found again after a lost
 * answer among those changed since the newest server knowledge avenir-mcp had, as creates of
 * transactions are), a whole replacement judged field by field, and a delete.
 */
import type { Deps } from '../../deps.js';
import { type MoneyText } from '../../domain/money.js';
import type { ScheduledBody, YnabScheduledTransaction } from '../../domain/model.js';
import { findCreatedSchedule } from '../../domain/transactions/find-created.js';
import type { Row } from '../../domain/write-verify.js';
import { UnknownOutcome } from '../../domain/write-outcome.js';
import type { CheckedWrite, Shown } from './checked-step.js';

const row = (s: YnabScheduledTransaction): Row => s as unknown as Row;

/** A field of a scheduled transaction the way a write sends it: `date` is the next date. */
function scheduledField(r: Row, field: string, asked: unknown): unknown {
  if (field === 'date') return r['date_next'];
  const held = r[field];
  if (field === 'memo' && held === '') return null;
  if (field === 'payee_name' && typeof asked === 'string' && typeof held === 'string') {
    return held.trim().toLowerCase() === asked.trim().toLowerCase() ? asked : held;
  }
  return held;
}

const fieldsOf = (body: ScheduledBody): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(body).filter(
      // a payee named anew gets its id from YNAB: the name is what was asked
      ([k, v]) =>
        k !== 'account_id' && v !== undefined && !(k === 'payee_id' && body.payee_name !== undefined),
    ),
  );

/** A scheduled transaction as YNAB said it stored `body` under `id`, when its answer showed no more. */
export const asStored = (id: string, body: ScheduledBody): YnabScheduledTransaction =>
  ({
    id,
    account_id: body.account_id,
    date_next: body.date,
    amount: body.amount,
    payee_id: body.payee_id ?? null,
    category_id: body.category_id ?? null,
    memo: body.memo ?? null,
    flag_color: body.flag_color ?? null,
    frequency: body.frequency,
    deleted: false,
  }) as YnabScheduledTransaction;

/** The create of one scheduled transaction; `created` holds it once known. */
export function newScheduledWrite(
  deps: Deps,
  plan: string,
  body: ScheduledBody,
  money: MoneyText,
): CheckedWrite & { created: { value: YnabScheduledTransaction | null } } {
  const knowledge = deps.ynab.knowledge(plan);
  const created: { value: YnabScheduledTransaction | null } = { value: null };
  let said: string | null = null;
  const keep = (s: YnabScheduledTransaction | undefined): Shown => {
    if (s === undefined) return new Map();
    created.value = s;
    return new Map([['new', row(s)]]);
  };
  return {
    asked: [
      {
        key: 'new',
        label: `the new scheduled transaction of ${money.date(body.date)} for ${money(body.amount)}`,
        fields: fieldsOf(body),
      },
    ],
    before: new Map(),
    project: scheduledField,
    created,
    send: async () => {
      const shown: unknown = await deps.ynab.scheduled.create(plan, body);
      const s = (typeof shown === 'object' && shown !== null ? shown : {}) as YnabScheduledTransaction;
      // a success that does not name what it created cannot be understood: settled like a lost answer
      if (typeof s.id !== 'string') {
        throw new UnknownOutcome('YNAB answered success without the new scheduled transaction');
      }
      if (typeof s.date_next === 'string') return keep(s);
      // its id without its fields: what YNAB says it created (kept, and journaled, should the read
      // that checks it fail), then read by id
      said = s.id;
      created.value = asStored(s.id, body);
      return null;
    },
    read: async () => {
      if (said !== null) {
        const id = said;
        const now = await deps.ynab.scheduled.list(plan);
        created.value = null;
        return keep(now.find((x) => x.id === id));
      }
      return keep(
        findCreatedSchedule(body, await deps.ynab.scheduled.changedSince(plan, knowledge), knowledge),
      );
    },
  };
}

/** The replacement of a scheduled transaction whole, judged against it before. */
export function replaceScheduledWrite(
  deps: Deps,
  plan: string,
  current: YnabScheduledTransaction,
  body: ScheduledBody,
): CheckedWrite & { saved: { value: YnabScheduledTransaction | null } } {
  const saved: { value: YnabScheduledTransaction | null } = { value: null };
  const keep = (s: YnabScheduledTransaction): Shown => {
    saved.value = s;
    return new Map([[current.id, row(s)]]);
  };
  return {
    asked: [{ key: current.id, label: `scheduled transaction ${current.id}`, fields: fieldsOf(body) }],
    before: new Map([[current.id, row(current)]]),
    project: scheduledField,
    saved,
    send: async () => {
      const shown = await deps.ynab.scheduled.replace(plan, current.id, body);
      return typeof shown === 'object' && shown !== null ? keep(shown) : null;
    },
    read: async () => {
      const now = (await deps.ynab.scheduled.list(plan)).find((s) => s.id === current.id);
      // deleted in YNAB since: whether the change landed before cannot be told, and it is not
      // "nothing changed, safe to ask again" (there is nothing left to change)
      if (now === undefined) throw new Error(`scheduled transaction ${current.id} is no longer in the plan`);
      return keep(now);
    },
  };
}

/** The delete of a scheduled transaction: done when YNAB shows it deleted or no longer lists it. */
export function deleteScheduledWrite(deps: Deps, plan: string, id: string): CheckedWrite {
  return {
    asked: [{ key: id, label: `scheduled transaction ${id}`, fields: { deleted: true } }],
    before: new Map([[id, { deleted: false }]]),
    send: async () => {
      const shown = await deps.ynab.scheduled.delete(plan, id);
      return shown === null ? null : new Map([[id, { deleted: shown.deleted }]]);
    },
    read: async () => {
      const live = (await deps.ynab.scheduled.list(plan)).some((s) => s.id === id);
      return new Map([[id, { deleted: !live }]]);
    },
  };
}
