/**
 * undo_operation of a `reconcile` operation through real clients in both eras: back to cleared, the
 * adjustment deleted only while it still exists and is still reconciled, everything changed since
 * listed in conflicts and left alone (an undo never overwrites a later change), the question naming the
 * exact ids, and a full conflict closing the operation so the next undo moves on.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect } from 'vitest';
import { it } from '../../helpers/fixture.js';
import { AGREEMENT_NOTICE } from '../../../src/safety/confirm.js';
import {
  ERAS,
  call,
  connect,
  requestLines,
  type Harness,
  type Session,
  out,
  writes,
} from '../../helpers/harness.js';
import { ACCEPT, answering, tempJournal } from '../../helpers/writes.js';
import { req } from '../../requirements.js';

const RECONCILE = { plan_id: 'demo-budget', account_id: 'acc-savings', bank_balance: 612.34, adjust: true };
const UNDO = { plan_id: 'demo-budget' };
const TX = 'GET /plans/demo-budget/transactions';
const cleared = (...ids: string[]) => ({ transactions: ids.map((id) => ({ id, cleared: 'cleared' })) });

const lastLine = (path: string) => readFileSync(path, 'utf8').trim().split('\n').at(-1);
const statusOf = (h: Harness, id: string) => h.standIn.state.transactions.find((t) => t.id === id);
const ynab = (h: Harness, method: string, path: string, body?: unknown) =>
  fetch(`${h.standIn.url}/plans/demo-budget/${path}`, {
    method,
    headers: { Authorization: 'Bearer t', 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
/** Someone changes statuses in YNAB after the reconciliation. */
const setCleared = (h: Harness, status: string, ...ids: string[]) =>
  ynab(h, 'PATCH', 'transactions', { transactions: ids.map((id) => ({ id, cleared: status })) });

describe.each(ERAS)(`${req('undo-no-overwrite')} undo of reconcile_account, %s era`, (era) => {
  let journal: string;
  let s: Session;
  let questions: string[];
  let operation: string;
  it.beforeEach(async ({ h }) => {
    h.standIn.reset();
    journal = tempJournal();
    const a = answering(ACCEPT);
    questions = a.questions;
    s = await connect(h, era, { env: { AVENIR_MCP_JOURNAL: journal }, elicit: a.handler });
    operation = String(out(await call(s, 'reconcile_account', RECONCILE)).operation_id);
    h.standIn.clearRequests();
  });
  afterEach(async () => s.close());

  const empty = { changes: [], unchanged_count: 0, confirmation: null, operation_id: null };

  it('puts the transactions back to cleared and deletes the adjustment', async ({ h }) => {
    const r = out(await call(s, 'undo_operation', UNDO));
    expect(questions[1]).toBe(
      'Undo reconciliation: mark 3 transaction(s) back to cleared and delete the balance adjustment?',
    );
    expect(r).toEqual({ status: 'applied', message: 'Reconciliation undone.', conflicts: [], ...empty });
    expect(requestLines(h.standIn)).toEqual([
      TX,
      TX,
      'PATCH /plans/demo-budget/transactions',
      'DELETE /plans/demo-budget/transactions/tx-226',
    ]);
    expect(writes(h)).toEqual([
      ['PATCH', '/plans/demo-budget/transactions', cleared('tx-013', 'tx-028', 'tx-043')],
      ['DELETE', '/plans/demo-budget/transactions/tx-226', null],
    ]);
    expect(statusOf(h, 'tx-013')?.cleared).toBe('cleared');
    expect(statusOf(h, 'tx-226')?.deleted).toBe(true);
    expect(lastLine(journal)).toBe(`{"undone":"${operation}"}`);
  });

  it('leaves alone what changed since, the adjustment too, and reverts the rest', async ({ h }) => {
    await setCleared(h, 'cleared', 'tx-028');
    await setCleared(h, 'uncleared', 'tx-226');
    await ynab(h, 'DELETE', 'transactions/tx-043');
    h.standIn.clearRequests();
    const r = out(await call(s, 'undo_operation', UNDO));
    expect(questions[1]).toBe('Undo reconciliation: mark 1 transaction(s) back to cleared?');
    expect(r).toEqual({
      status: 'applied',
      message: 'Reconciliation undone.',
      conflicts: ['tx-028', 'tx-043', 'tx-226'],
      ...empty,
    });
    expect(writes(h)).toEqual([['PATCH', '/plans/demo-budget/transactions', cleared('tx-013')]]);
    expect(statusOf(h, 'tx-226')).toMatchObject({ cleared: 'uncleared', deleted: false });
    expect(lastLine(journal)).toBe(`{"undone":"${operation}"}`);
  });

  it('only deletes the adjustment when no transaction is left to revert, without a PATCH', async ({ h }) => {
    await setCleared(h, 'cleared', 'tx-013', 'tx-028', 'tx-043');
    h.standIn.clearRequests();
    const r = out(await call(s, 'undo_operation', UNDO));
    expect(questions[1]).toBe(
      'Undo reconciliation: mark 0 transaction(s) back to cleared and delete the balance adjustment?',
    );
    expect(r).toMatchObject({ status: 'applied', conflicts: ['tx-013', 'tx-028', 'tx-043'] });
    expect(writes(h)).toEqual([['DELETE', '/plans/demo-budget/transactions/tx-226', null]]);
  });

  it('a full conflict asks nothing, writes nothing to YNAB and closes the operation', async ({ h }) => {
    await setCleared(h, 'cleared', 'tx-013', 'tx-028', 'tx-043');
    await ynab(h, 'DELETE', 'transactions/tx-226');
    const knowledge = h.standIn.knowledge();
    h.standIn.clearRequests();
    const r = out(await call(s, 'undo_operation', UNDO));
    expect(r).toEqual({
      status: 'nothing_to_do',
      message: 'Every transaction changed since: left alone.',
      conflicts: ['tx-013', 'tx-028', 'tx-043', 'tx-226'],
      ...empty,
    });
    expect(questions).toHaveLength(1);
    expect(requestLines(h.standIn)).toEqual([TX]);
    expect(h.standIn.knowledge()).toBe(knowledge);
    expect(lastLine(journal)).toBe(`{"undone":"${operation}","conflict":true}`);
  });
});

describe.each(ERAS)('undo of reconcile_account without elicitation, %s era', (era) => {
  it('previews with a code after one read, then reverts with it', async ({ h }) => {
    h.standIn.reset();
    const journal = tempJournal();
    const s = await connect(h, era, { env: { AVENIR_MCP_JOURNAL: journal } });
    const args = { ...RECONCILE, bank_balance: 600, adjust: false };
    const code = out(await call(s, 'reconcile_account', args)).confirmation;
    await call(s, 'reconcile_account', { ...args, confirmation: code });
    h.standIn.clearRequests();
    const preview = out(await call(s, 'undo_operation', UNDO));
    const question = 'Undo reconciliation: mark 3 transaction(s) back to cleared?';
    expect(preview).toMatchObject({
      status: 'confirmation_required',
      changes: [],
      conflicts: [],
      operation_id: null,
    });
    expect(preview.message).toBe(
      `Nothing changed yet. ${AGREEMENT_NOTICE} ${question} If they agree, call again with this code.`,
    );
    expect(requestLines(h.standIn)).toEqual([TX]);
    const applied = out(await call(s, 'undo_operation', { ...UNDO, confirmation: preview.confirmation }));
    expect(applied).toMatchObject({ status: 'applied', message: 'Reconciliation undone.' });
    expect(writes(h).slice(-1)).toEqual([
      ['PATCH', '/plans/demo-budget/transactions', cleared('tx-013', 'tx-028', 'tx-043')],
    ]);
  });
});
