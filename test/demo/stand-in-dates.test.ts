/**
 * The stand-in dates transactions as YNAB does: from five years before its pinned today to one day
 * after it (YNAB allows a day for the zones ahead of its own), refusing any other date with YNAB's
 * 400 and the words bank importers report, on a POST and on a PATCH alike, and changing nothing.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startStandIn } from '../../src/demo/index.js';
import type { StandIn } from '../../src/demo/index.js';
import { P, call } from './helpers.js';

let si: StandIn;
beforeAll(async () => {
  si = await startStandIn();
});
afterAll(async () => {
  await si.close();
});
beforeEach(() => si.reset());

const REFUSED = {
  error: { id: '400', name: 'bad_request', detail: 'date must not be in the future or over 5 years ago' },
};
const newTx = (date: string) => ({
  account_id: 'acc-checking',
  date,
  amount: -12500,
  payee_name: 'CAFE DU COIN',
});
const post = (date: string) => call(si, 'POST', `${P}/transactions`, { transaction: newTx(date) });
const patch = (date: string) =>
  call(si, 'PATCH', `${P}/transactions`, { transactions: [{ id: 'tx-046', date }] });
const dateOf = (id: string) => si.state.transactions.find((t) => t.id === id)?.date;

describe('a transaction date, today being 2026-09-25', () => {
  it.each(['2026-09-27', '2027-01-01', '2021-09-24', '2019-01-01', '0000-01-01'])(
    '%s: 400 on a POST and on a PATCH, nothing stored',
    async (date) => {
      const count = si.state.transactions.length;
      const before = dateOf('tx-046');
      for (const res of [await post(date), await patch(date)]) {
        expect(res.status).toBe(400);
        expect(res.json).toEqual(REFUSED);
      }
      expect(si.state.transactions).toHaveLength(count);
      expect(dateOf('tx-046')).toBe(before);
      expect(si.knowledge()).toBe(1);
    },
  );

  it.each(['2026-09-26', '2026-09-25', '2021-09-25'])('%s: taken on a POST and on a PATCH', async (date) => {
    const created = await post(date);
    expect(created.status).toBe(201);
    expect(created.json.data.transaction.date).toBe(date);
    const changed = await patch(date);
    expect(changed.status).toBe(200);
    expect(dateOf('tx-046')).toBe(date);
  });

  it('the bounds move with the pinned today', async () => {
    si.setToday('2028-02-29');
    expect((await post('2023-02-28')).status).toBe(201);
    expect((await post('2023-02-27')).status).toBe(400);
    expect((await post('2028-03-01')).status).toBe(201);
    expect((await post('2028-03-02')).status).toBe(400);
  });
});
