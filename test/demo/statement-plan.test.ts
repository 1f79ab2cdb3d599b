/**
 * The demo plan the statement fixtures are held against (scripts/statement-fixtures.mjs
 * `statementPlan`), served by the stand-in and read through a real MCP client: the imported copy of
 * a card payment and the uncleared cheque the statement does not show are there as YNAB would give
 * them, and nothing else of the checking account changed.
 */
import { describe, expect } from 'vitest';
import { it } from '../helpers/fixture.js';
import { ACCOUNT, PLANTED, cardRow, statementPlan } from '../../scripts/statement-fixtures.mjs';
import { buildDemoPlan } from '../../src/demo/index.js';
import { call, connect, textOf } from '../helpers/harness.js';

const PLAN = 'demo-budget';
const demo = buildDemoPlan();

describe('the statement fixtures’ plan at the stand-in', () => {
  it.beforeEach(({ h }) => h.standIn.reset(statementPlan(buildDemoPlan())));

  it('serves the copy of the card payment beside the original, and the cheque uncleared', async ({ h }) => {
    const s = await connect(h, 'modern');
    const original = cardRow(demo, PLANTED.duplicate.merchant, PLANTED.duplicate.date);
    const copy = await call(s, 'get_transaction', {
      plan_id: PLAN,
      transaction_id: PLANTED.duplicate.copyId,
    });
    expect(copy.isError, textOf(copy)).toBeFalsy();
    expect(copy.structuredContent).toMatchObject({
      transaction_id: PLANTED.duplicate.copyId,
      date: PLANTED.duplicate.copyDate,
      amount: original.amount / 1000,
      payee: original.payee_name,
      account_id: ACCOUNT,
      cleared: 'cleared',
    });
    const cheque = await call(s, 'get_transaction', { plan_id: PLAN, transaction_id: PLANTED.cheque.id });
    expect(cheque.isError, textOf(cheque)).toBeFalsy();
    expect(cheque.structuredContent).toMatchObject({
      date: PLANTED.cheque.date,
      amount: PLANTED.cheque.amount / 1000,
      payee: PLANTED.cheque.payee,
      payee_id: 'pay-stmt-cheque',
      memo: PLANTED.cheque.memo,
      cleared: 'uncleared',
    });
  });

  it('holds the demo plan’s checking rows unchanged, the two planted rows added', ({ h }) => {
    const checking = (rows: { account_id: string; id: string }[]) =>
      rows.filter((t) => t.account_id === ACCOUNT).map((t) => t.id);
    expect(checking(h.standIn.state.transactions)).toEqual([
      ...checking(demo.transactions),
      PLANTED.duplicate.copyId,
      PLANTED.cheque.id,
    ]);
  });
});
