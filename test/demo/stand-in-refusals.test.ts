/**
 * The stand-in refuses what YNAB refuses, on the routes the tools' own checks keep it from seeing:
 * a scheduled transaction with an unknown account, a bad, too old or too distant date, an unknown
 * frequency, or a transfer to its own account; a transaction PATCH naming neither id nor import_id,
 * or changing a split's amount without its lines. An item may also name a transaction by import_id.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startStandIn } from '../../src/demo/index.js';
import type { StandIn } from '../../src/demo/index.js';
import { NOT_FOUND, P, call } from './helpers.js';

let si: StandIn;
beforeAll(async () => {
  si = await startStandIn();
});
afterAll(async () => {
  await si.close();
});
beforeEach(() => si.reset());

const SCHEDULE = {
  account_id: 'acc-checking',
  date: '2026-10-01',
  frequency: 'monthly',
  amount: -20_000,
  payee_name: 'Gym',
};
const post = (fields: Record<string, unknown>) =>
  call(si, 'POST', `${P}/scheduled_transactions`, { scheduled_transaction: { ...SCHEDULE, ...fields } });
const detail = (json: unknown) => (json as { error: { detail: string } }).error.detail;

describe('scheduled transactions, refused', () => {
  it.each([
    [{ date: '2026-13-01' }, 'date must be a date YYYY-MM-DD.'],
    [{ date: 20261001 }, 'date must be a date YYYY-MM-DD.'],
    [{ date: '2026-09-17' }, 'date must not be more than a week in the past.'],
    [{ date: '2031-09-26' }, 'date must not be more than 5 years in the future.'],
    [{ frequency: 'fortnightly' }, 'frequency is not valid.'],
    [{ frequency: 7 }, 'frequency is not valid.'],
  ])('%j: 400, nothing stored', async (fields, message) => {
    const before = si.state.scheduled_transactions.length;
    const res = await post(fields);
    expect(res.status).toBe(400);
    expect(detail(res.json)).toBe(message);
    expect(si.state.scheduled_transactions).toHaveLength(before);
    expect(si.knowledge()).toBe(1);
  });

  it('an unknown or deleted account: 404.2', async () => {
    const res = await post({ account_id: 'acc-nowhere' });
    expect(res.status).toBe(404);
    expect(res.json).toEqual(NOT_FOUND);
  });

  it('a transfer to its own account: 400', async () => {
    const own = si.state.payees.find((p) => p.transfer_account_id === 'acc-checking');
    expect(own).toBeDefined();
    const res = await post({ payee_name: undefined, payee_id: own?.id });
    expect(res.status).toBe(400);
    expect(detail(res.json)).toBe('A transfer needs two different accounts.');
  });

  it('the earliest and latest dates allowed are stored, with memo, flag and category', async () => {
    for (const date of ['2026-09-18', '2031-09-25']) {
      const res = await post({ date, memo: 'club', flag_color: 'blue', category_id: 'cat-rent' });
      expect(res.status).toBe(201);
      expect(res.json.data.scheduled_transaction).toMatchObject({
        date_next: date,
        memo: 'club',
        flag_color: 'blue',
        category_id: 'cat-rent',
        category_name: 'Rent',
      });
    }
  });
});

describe('transaction PATCH items', () => {
  const patch = (item: Record<string, unknown>) =>
    call(si, 'PATCH', `${P}/transactions`, { transactions: [item] });

  it('names a transaction by import_id when it has no id', async () => {
    const made = await call(si, 'POST', `${P}/transactions`, {
      transaction: { account_id: 'acc-checking', date: '2026-09-20', amount: -1_000, import_id: 'imp-1' },
    });
    expect(made.status).toBe(201);
    const res = await patch({ import_id: 'imp-1', memo: 'found by import id' });
    expect(res.status).toBe(200);
    const id = String(made.json.data.transaction.id);
    expect(si.state.transactions.find((t) => t.id === id)?.memo).toBe('found by import id');
    expect((await patch({ import_id: 'imp-unknown', memo: 'x' })).json).toEqual(NOT_FOUND);
  });

  it('an item naming neither id nor import_id: 404.2', async () => {
    const res = await patch({ memo: 'whose?' });
    expect(res.status).toBe(404);
    expect(res.json).toEqual(NOT_FOUND);
    expect(si.writes).toEqual([]);
  });

  it("a split's amount changed without its lines: 400, the split kept", async () => {
    const split = await patch({
      id: 'tx-050',
      subtransactions: [
        { amount: -1_000, category_id: 'cat-rent' },
        { amount: (si.state.transactions.find((t) => t.id === 'tx-050')?.amount ?? 0) + 1_000 },
      ],
    });
    expect(split.status).toBe(200);
    const res = await patch({ id: 'tx-050', amount: -5 });
    expect(res.status).toBe(400);
    expect(detail(res.json)).toBe(
      'The amounts of subtransactions must add up to the amount of the transaction.',
    );
    expect(si.state.transactions.find((t) => t.id === 'tx-050')?.subtransactions).toHaveLength(2);
  });
});
