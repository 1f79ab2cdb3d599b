/**
 * undo_operation on journals and plans that changed under it, through a real client: a journal path
 * that cannot be read, entries whose details do not match their kind (written by hand or by another
 * version), and a categorised transaction deleted in YNAB since.
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { describe, expect } from 'vitest';
import { it } from '../../helpers/fixture.js';
import { call, connect, textOf, type Session } from '../../helpers/harness.js';
import { ACCEPT, answering, tempJournal } from '../../helpers/writes.js';

const entry = (id: string, kind: string, details: Record<string, unknown>, moves: unknown[] = []): string =>
  `${JSON.stringify({
    operation_id: id,
    plan_id: 'demo-budget',
    kind,
    applied_at: '2026-09-25T09:12:04+00:00',
    moves,
    details,
  })}\n`;

describe('undo_operation on damaged journals and changed plans', () => {
  let journal: string;
  let s: Session;
  it.beforeEach(async ({ h }) => {
    h.standIn.reset();
    journal = tempJournal();
    s = await connect(h, 'modern', {
      env: { AVENIR_MCP_JOURNAL: journal },
      elicit: answering(ACCEPT).handler,
    });
    h.standIn.clearRequests();
  });

  it('reports a journal path it cannot read, asking YNAB nothing', async ({ h }) => {
    mkdirSync(journal, { recursive: true }); // a directory where the file should be
    const r = await call(s, 'undo_operation', { plan_id: 'demo-budget' });
    expect(r.isError).toBe(true);
    expect(h.standIn.requests).toEqual([]);
    await s.close();
  });

  it('refuses a budget entry without its amounts: they cannot be guessed', async ({ h }) => {
    mkdirSync(dirname(journal), { recursive: true });
    appendFileSync(journal, entry('aaaaaaaaaaaa', 'budget', { category_id: 'cat-restaurants' }));
    const r = await call(s, 'undo_operation', { plan_id: 'demo-budget' });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toBe(
      'Operation aaaaaaaaaaaa of the journal lacks the amounts its undo needs: nothing was changed. Set the amounts back in YNAB.',
    );
    expect(h.standIn.writes).toEqual([]);
    await s.close();
  });

  it('closes an unreadable payee entry as left alone, naming its payee', async ({ h }) => {
    mkdirSync(dirname(journal), { recursive: true });
    appendFileSync(journal, entry('bbbbbbbbbbbb', 'payee', { payee_id: 'pay-001', from: 7 }));
    const r = await call(s, 'undo_operation', { plan_id: 'demo-budget' });
    expect(r.isError).toBeFalsy();
    expect(JSON.stringify(r.structuredContent)).toContain('pay-001');
    expect(h.standIn.writes).toEqual([]);
    await s.close();
  });

  it.for<[string, Record<string, unknown>, string]>([
    ['categorize', {}, 'Nothing to change. 0 transaction(s) changed since and were left alone.'],
    ['target', { category_id: 5 }, 'The target changed since: left alone.'],
  ])('closes an unreadable %s entry as left alone', async ([kind, details, message], { h }) => {
    mkdirSync(dirname(journal), { recursive: true });
    appendFileSync(journal, entry('cccccccccccc', kind, details));
    const r = await call(s, 'undo_operation', { plan_id: 'demo-budget' });
    expect(r.isError).toBeFalsy();
    expect((r.structuredContent as { message: string }).message).toBe(message);
    expect(h.standIn.writes).toEqual([]);
    await s.close();
  });

  it('leaves alone a transaction YNAB now sends without a category', async ({ h }) => {
    const assign = {
      plan_id: 'demo-budget',
      assignments: [{ transaction_id: 'tx-046', category_id: 'cat-groceries' }],
    };
    expect((await call(s, 'apply_categories', assign)).structuredContent).toMatchObject({
      status: 'applied',
    });
    await s.close();
    const row = h.standIn.state.transactions.find((t) => t.id === 'tx-046')!;
    delete (row as { category_id?: unknown }).category_id;
    const fresh = await connect(h, 'modern', {
      env: { AVENIR_MCP_JOURNAL: journal },
      elicit: answering(ACCEPT).handler,
    });
    const undone = await call(fresh, 'undo_operation', { plan_id: 'demo-budget' });
    expect(JSON.stringify(undone.structuredContent)).toContain('tx-046');
    expect(h.standIn.writes.filter((w) => w.method !== 'GET')).toHaveLength(1); // the apply only
    await fresh.close();
  });

  it('leaves alone a categorised transaction deleted since, and restores the others', async ({ h }) => {
    const assign = {
      plan_id: 'demo-budget',
      assignments: [
        { transaction_id: 'tx-046', category_id: 'cat-groceries' },
        { transaction_id: 'tx-048', category_id: 'cat-groceries' },
      ],
    };
    const applied = await call(s, 'apply_categories', assign);
    expect(applied.structuredContent).toMatchObject({ status: 'applied' });
    const deleted = await fetch(`${h.standIn.url}/plans/demo-budget/transactions/tx-048`, {
      method: 'DELETE',
      headers: { Authorization: 'Bearer t' },
    });
    expect(deleted.status).toBe(200);
    const undone = await call(s, 'undo_operation', { plan_id: 'demo-budget' });
    expect(undone.structuredContent).toMatchObject({ status: 'applied' });
    expect(JSON.stringify(undone.structuredContent)).toContain('tx-048');
    expect(h.standIn.state.transactions.find((t) => t.id === 'tx-046')?.category_id ?? null).toBeNull();
    await s.close();
  });
});
