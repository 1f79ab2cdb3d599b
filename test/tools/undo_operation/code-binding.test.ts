/**
 * A confirmation code of undo_operation confirms exactly the undo the user previewed: the undo of
 * that operation, over the items that were still intact at the preview. Through a real client
 * without elicitation (so the server hands out codes), for every journal kind's handler: a code
 * issued for the undo of one operation is refused for another operation of the same kind, and a
 * code issued for the undo of created transactions is refused once one of them is deleted in YNAB
 * between the preview and the confirming call. Nothing is written either time.
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { describe, expect } from 'vitest';
import { loadConfig } from '../../../src/config.js';
import { createDeps } from '../../../src/deps.js';
import { silentLog } from '../../../src/log.js';
import { E_CODE_REFUSED } from '../../../src/safety/confirm.js';
import { targetDescription } from '../../../src/domain/months/targets.js';
import { bodyOf } from '../../../src/domain/transactions/scheduled-writes.js';
import { call, connect, textOf, type Harness } from '../../helpers/harness.js';
import { it } from '../../helpers/fixture.js';
import { deletedDetail, journalLine } from '../../helpers/writes.js';
import { req } from '../../requirements.js';
import { twoDecimals } from '../../helpers/money.js';

const PLAN = 'demo-budget';

type Pair = Record<string, unknown>[];

/** Two operations of one kind, each left intact in the stand-in, so that each has an undo to preview. */
async function pairOf(h: Harness, kind: string): Promise<Pair> {
  const ynab = createDeps(loadConfig(h.env), silentLog).ynab;
  const live = h.standIn.state.transactions.filter(
    (t) => !t.deleted && t.transfer_account_id == null && (t.subtransactions ?? []).length === 0,
  );
  const [a, b] = [live[0]!, live[1]!];
  switch (kind) {
    case 'create':
      return [{ transaction_ids: [a.id] }, { transaction_ids: [b.id] }];
    case 'flag':
      return [a, b].map((t) => ({
        changes: [{ transaction_id: t.id, from: 'purple', to: t.flag_color ?? null }],
      }));
    case 'edit':
      return [a, b].map((t) => ({
        changes: [
          { transaction_id: t.id, fields: [{ field: 'amount', from: t.amount + 1000, to: t.amount }] },
        ],
      }));
    case 'transfer':
      return [a, b].map((t) => ({
        transaction_id: t.id,
        account_id: t.account_id,
        date: t.date,
        amount: t.amount,
      }));
    case 'delete':
      return [a, b].map((t, i) => ({ transactions: [deletedDetail(t, i)] }));
    case 'reconcile':
      for (const t of [a, b]) t.cleared = 'reconciled';
      return [a, b].map((t) => ({
        account_id: t.account_id,
        reconciled_ids: [t.id],
        adjustment_id: null,
      }));
    case 'payee': {
      const payees = (await ynab.payees.list(PLAN)).filter(
        (p) => !p.deleted && p.transfer_account_id == null,
      );
      return [payees[0]!, payees[1]!].map((p) => ({
        payee_id: p.id,
        from: 'Earlier name',
        to: p.name,
      }));
    }
    case 'budget': {
      const month = '2026-09-01';
      const cats = (await ynab.months.get(PLAN, month)).categories.filter((c) => !c.deleted && !c.hidden);
      return [cats[0]!, cats[1]!].map((c) => ({
        month,
        category_id: c.id,
        from: (c.budgeted ?? 0) + 1000,
        to: c.budgeted,
      }));
    }
    case 'target': {
      const cats = (await ynab.categories.groups(PLAN))
        .flatMap((g) => g.categories)
        .filter((c) => !c.deleted && !c.hidden);
      return [cats[0]!, cats[1]!].map((c) => ({
        category_id: c.id,
        undo: { goal_target: null },
        after: targetDescription(c, twoDecimals),
      }));
    }
    default: {
      const schedules = (await ynab.scheduled.list(PLAN)).filter((s) => !s.deleted);
      return [schedules[0]!, schedules[1]!].map((s) => ({
        scheduled_transaction_id: s.id,
        body: bodyOf(s),
      }));
    }
  }
}

const KINDS = [
  'create',
  'flag',
  'edit',
  'transfer',
  'delete',
  'reconcile',
  'payee',
  'budget',
  'target',
  'schedule_create',
];

describe(`${req('yes-bound')} a code confirms only the undo that was previewed`, () => {
  it.for(KINDS)(
    '%s: a code issued for one operation is refused for another',
    async (kind, { h, journal }) => {
      h.standIn.reset();
      const [first, second] = await pairOf(h, kind);
      mkdirSync(dirname(journal), { recursive: true });
      appendFileSync(
        journal,
        journalLine('aaaaaaaaaaaa', kind, first) + journalLine('bbbbbbbbbbbb', kind, second),
      );
      const s = await connect(h, 'modern', { env: { AVENIR_MCP_JOURNAL: journal } });
      const preview = await call(s, 'undo_operation', { plan_id: PLAN, operation_id: 'aaaaaaaaaaaa' });
      const code = (preview.structuredContent as { confirmation: string | null }).confirmation;
      expect(code).toEqual(expect.any(String));
      const other = await call(s, 'undo_operation', { plan_id: PLAN, operation_id: 'bbbbbbbbbbbb' });
      expect((other.structuredContent as { confirmation: string | null }).confirmation).toEqual(
        expect.any(String),
      );
      h.standIn.clearRequests();
      const misused = await call(s, 'undo_operation', {
        plan_id: PLAN,
        operation_id: 'bbbbbbbbbbbb',
        confirmation: code,
      });
      expect(misused.isError).toBe(true);
      expect(textOf(misused)).toBe(E_CODE_REFUSED);
      expect(h.standIn.writes).toEqual([]);
    },
  );

  it('a code for deleting created transactions is refused once one of them is gone', async ({
    h,
    journal,
  }) => {
    h.standIn.reset();
    const live = h.standIn.state.transactions.filter((t) => !t.deleted && t.transfer_account_id == null);
    const ids = [live[0]!.id, live[1]!.id, live[2]!.id];
    mkdirSync(dirname(journal), { recursive: true });
    appendFileSync(journal, journalLine('cccccccccccc', 'create', { transaction_ids: ids }));
    const s = await connect(h, 'modern', { env: { AVENIR_MCP_JOURNAL: journal } });
    const preview = await call(s, 'undo_operation', { plan_id: PLAN });
    const code = (preview.structuredContent as { confirmation: string | null }).confirmation;
    expect(code).toEqual(expect.any(String));
    // the user agreed to delete three; one is deleted in YNAB before the code comes back
    await createDeps(loadConfig(h.env), silentLog).ynab.transactions.delete(PLAN, ids[2]!);
    h.standIn.clearRequests();
    const late = await call(s, 'undo_operation', { plan_id: PLAN, confirmation: code });
    expect(late.isError).toBe(true);
    expect(textOf(late)).toBe(E_CODE_REFUSED);
    expect(h.standIn.writes).toEqual([]);
    expect(live.slice(0, 2).every((t) => !t.deleted)).toBe(true);
  });
});
