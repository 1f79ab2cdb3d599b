/**
 * undo_operation through a real client: categories put back, later changes never overwritten, full
 * conflicts close the operation (so the next undo moves on), damaged journals reported.
 */
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { describe, expect } from 'vitest';
import { it } from '../../helpers/fixture.js';
import {
  ERAS,
  call,
  connect,
  requestLines,
  textOf,
  type Harness,
  type Session,
  out,
} from '../../helpers/harness.js';
import { ACCEPT, answering, tempJournal } from '../../helpers/writes.js';

const ASSIGN = {
  plan_id: 'demo-budget',
  assignments: [
    { transaction_id: 'tx-046', category_id: 'cat-groceries' },
    { transaction_id: 'tx-048', category_id: 'cat-groceries' },
  ],
};

const categoryOf = (h: Harness, id: string) =>
  h.standIn.state.transactions.find((t) => t.id === id)?.category_id ?? null;
const recategorise = (h: Harness, id: string, category: string) =>
  fetch(`${h.standIn.url}/plans/demo-budget/transactions`, {
    method: 'PATCH',
    headers: { Authorization: 'Bearer t', 'Content-Type': 'application/json' },
    body: JSON.stringify({ transactions: [{ id, category_id: category }] }),
  });

describe.each(ERAS)('undo_operation, %s era', (era) => {
  let journal: string;
  let s: Session;
  let questions: string[];
  it.beforeEach(async ({ h }) => {
    h.standIn.reset();
    journal = tempJournal();
    const a = answering(ACCEPT);
    questions = a.questions;
    s = await connect(h, era, { env: { AVENIR_MCP_JOURNAL: journal }, elicit: a.handler });
  });

  it('puts the previous categories back after a yes, then finds nothing more to undo', async ({ h }) => {
    const applied = out(await call(s, 'apply_categories', ASSIGN));
    h.standIn.clearRequests();
    const undone = out(await call(s, 'undo_operation', { plan_id: 'demo-budget' }));
    expect(questions[1]).toBe(
      [
        'Undo: recategorise 2 transaction(s)?',
        '- 2026-09-05 CB MARKET FRESH FACT 050926 525130******1 -66.12: Groceries → no category',
        '- 2026-09-08 TELCO MOBILE - PRELEV -19.99: Groceries → Phone',
      ].join('\n'),
    );
    expect(undone).toMatchObject({
      status: 'applied',
      message: 'Categories restored.',
      operation_id: null,
      conflicts: [],
    });
    expect((undone.changes as { to_category_id: string | null }[]).map((c) => c.to_category_id)).toEqual([
      null,
      'cat-phone',
    ]);
    // the preview reads 2 lists; the answer round re-reads them (the call is re-entered), then 1 PATCH
    const read = ['GET /plans/demo-budget/transactions', 'GET /plans/demo-budget/categories'];
    expect(requestLines(h.standIn)).toEqual([...read, ...read, 'PATCH /plans/demo-budget/transactions']);
    expect(h.standIn.writes[0]?.body).toEqual({
      transactions: [
        { id: 'tx-046', category_id: null },
        { id: 'tx-048', category_id: 'cat-phone' },
      ],
    });
    expect([categoryOf(h, 'tx-046'), categoryOf(h, 'tx-048')]).toEqual([null, 'cat-phone']);
    expect(readFileSync(journal, 'utf8').trim().split('\n').at(-1)).toBe(
      `{"undone":"${String(applied.operation_id)}"}`,
    );
    const again = await call(s, 'undo_operation', { plan_id: 'demo-budget' });
    expect(again.isError).toBe(true);
    expect(textOf(again)).toBe('Nothing to undo: no operation of this plan is still in effect.');
    const byId = await call(s, 'undo_operation', {
      plan_id: 'demo-budget',
      operation_id: applied.operation_id,
    });
    expect(textOf(byId)).toBe(
      `Nothing to undo: no operation of this plan is still in effect with id ${String(applied.operation_id)}.`,
    );
  });

  it('leaves alone a transaction changed since, and reverts the rest', async ({ h }) => {
    await call(s, 'apply_categories', ASSIGN);
    await recategorise(h, 'tx-048', 'cat-transport');
    const undone = out(await call(s, 'undo_operation', { plan_id: 'demo-budget' }));
    expect(undone).toMatchObject({ status: 'applied', conflicts: ['tx-048'] });
    expect([categoryOf(h, 'tx-046'), categoryOf(h, 'tx-048')]).toEqual([null, 'cat-transport']);
  });

  it('a full conflict asks nothing, writes nothing to YNAB and closes the operation', async ({ h }) => {
    const first = out(
      await call(s, 'apply_categories', {
        plan_id: 'demo-budget',
        assignments: [{ transaction_id: 'tx-052', category_id: 'cat-subscriptions' }],
      }),
    );
    const second = out(await call(s, 'apply_categories', ASSIGN));
    await recategorise(h, 'tx-046', 'cat-transport');
    await recategorise(h, 'tx-048', 'cat-transport');
    const asked = questions.length;
    const knowledge = h.standIn.knowledge();
    const undone = out(await call(s, 'undo_operation', { plan_id: 'demo-budget' }));
    expect(undone).toEqual({
      status: 'nothing_to_do',
      message: 'Nothing to change. 2 transaction(s) changed since and were left alone.',
      changes: [],
      unchanged_count: 0,
      conflicts: ['tx-046', 'tx-048'],
      confirmation: null,
      operation_id: null,
    });
    expect(questions.length).toBe(asked);
    expect(h.standIn.knowledge()).toBe(knowledge);
    expect(readFileSync(journal, 'utf8').trim().split('\n').at(-1)).toBe(
      `{"undone":"${String(second.operation_id)}","conflict":true}`,
    );
    const next = out(await call(s, 'undo_operation', { plan_id: 'demo-budget' }));
    expect(next.status).toBe('applied');
    expect(categoryOf(h, 'tx-052')).toBeNull();
    expect(first.operation_id).not.toBe(second.operation_id);
  });

  it('skips a damaged journal line instead of failing: with nothing else, nothing to undo', async ({ h }) => {
    mkdirSync(dirname(journal), { recursive: true });
    writeFileSync(journal, 'this is not json\n');
    const r = await call(s, 'undo_operation', { plan_id: 'demo-budget' });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toBe('Nothing to undo: no operation of this plan is still in effect.');
    expect(h.standIn.writes).toEqual([]);
  });

  it('skips an operation of a kind this version does not know (never undone as a categorize) and other plans', async () => {
    await call(s, 'apply_categories', ASSIGN);
    appendFileSync(
      journal,
      '{"operation_id":"ffffffffffff","plan_id":"demo-budget","kind":"teleport","applied_at":"2026-09-25T09:12:04+00:00","moves":[],"details":{}}\n' +
        '{"operation_id":"eeeeeeeeeeee","plan_id":"other-plan","kind":"categorize","applied_at":"2026-09-25T09:12:04+00:00","moves":[],"details":{}}\n',
    );
    expect(
      textOf(await call(s, 'undo_operation', { plan_id: 'demo-budget', operation_id: 'ffffffffffff' })),
    ).toContain('Nothing to undo');
    expect(out(await call(s, 'undo_operation', { plan_id: 'demo-budget' })).message).toBe(
      'Categories restored.',
    );
  });
});

describe('undo is a write like any other', () => {
  it('without elicitation it is previewed with its own code, and survives a restart', async ({ h }) => {
    h.standIn.reset();
    const journal = tempJournal();
    const first = await connect(h, 'legacy', { env: { AVENIR_MCP_JOURNAL: journal } });
    const code = out(await call(first, 'apply_categories', ASSIGN)).confirmation;
    await call(first, 'apply_categories', { ...ASSIGN, confirmation: code });
    await first.close();
    const restarted = await connect(h, 'modern', { env: { AVENIR_MCP_JOURNAL: journal } });
    const preview = out(await call(restarted, 'undo_operation', { plan_id: 'demo-budget' }));
    expect(preview.status).toBe('confirmation_required');
    expect(categoryOf(h, 'tx-046')).toBe('cat-groceries');
    const undone = out(
      await call(restarted, 'undo_operation', { plan_id: 'demo-budget', confirmation: preview.confirmation }),
    );
    expect(undone.status).toBe('applied');
    expect(categoryOf(h, 'tx-046')).toBeNull();
  });
});
