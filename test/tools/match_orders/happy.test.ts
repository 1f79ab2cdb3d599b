/**
 * `match_orders` through a real MCP client, in both protocol eras, against the stand-in serving the
 * demo plan with the orders' charges planted (test/helpers/itemize-plan.ts): a generic export with
 * two shipments of one order, a partial refund, a gift card paying one order whole and part of
 * another, an order never charged and a charge no order explains; Amazon's order history with a
 * cancelled line. Every planted charge is paired with its shipment; nothing is written or kept.
 */
import { describe, expect } from 'vitest';
import { it } from '../../helpers/fixture.js';
import { ERAS, call, connect, requestLines, textOf } from '../../helpers/harness.js';
import { PLANTED, itemizePlan, orderText } from '../../helpers/itemize-plan.js';

const PLAN = 'demo-budget';

interface Row {
  transaction_id: string;
  amount: number;
  order: string;
  items: { text: string; amount: number; category_id: string | null }[];
  split: {
    transaction_id: string;
    lines: { amount: number; category_id: string | null; memo: string }[];
  } | null;
  category: { transaction_id: string; category_id: string | null } | null;
}
interface Answer {
  message: string;
  matched: Row[];
  orders_left: { order: string; date: string; amount: number }[];
  charges_left: { transaction_id: string; amount: number }[];
  next_cursor: string | null;
}

const milli = (units: number) => Math.round(units * 1000);

describe.each(ERAS)('match_orders, %s era', (era) => {
  it.beforeEach(({ h }) => h.standIn.reset(itemizePlan()));

  it('pairs each shipment and the refund with its charge, and lists what pairs with nothing', async ({
    h,
  }) => {
    const s = await connect(h, era);
    h.standIn.clearRequests();
    const r = await call(s, 'match_orders', {
      plan_id: PLAN,
      account_id: 'Checking',
      orders: orderText('generic-orders.csv'),
    });
    expect(r.isError, textOf(r)).toBeFalsy();
    const a = r.structuredContent as Answer;
    const g = PLANTED.generic;
    expect(a.matched.map((m) => [m.transaction_id, m.order])).toEqual([
      [g['S-1'].id, 'A-1001'],
      [g['S-2'].id, 'A-1001'],
      [g['S-3'].id, 'A-1002'],
      [g['S-5'].id, 'A-1004'],
      [g.refund.id, 'A-1002'],
    ]);
    for (const m of a.matched) {
      expect(m.items.reduce((sum, i) => sum + milli(i.amount), 0)).toBe(milli(m.amount));
      const lines = m.split?.lines ?? [{ amount: m.amount }];
      expect(lines.reduce((sum, l) => sum + milli(l.amount), 0)).toBe(milli(m.amount));
    }
    // two items of two categories (by their names) make a split, in split_transaction's shape
    expect(a.matched[0]!.split).toEqual({
      transaction_id: g['S-1'].id,
      lines: [
        { amount: -15.9, category_id: 'cat-tennis', memo: 'Tennis racket strings' },
        { amount: -9.99, category_id: 'cat-phone', memo: 'Phone case' },
      ],
    });
    // one item: one category to give, here left for the person
    expect(a.matched[1]!.category).toEqual({ transaction_id: g['S-2'].id, category_id: null });
    // the gift card paid 10.00 of the lamp: the card's 20.00 is the lamp's
    expect(a.matched[3]!.items).toEqual([
      { text: 'Desk lamp', amount: -20, category_id: null, category: null, by: null },
    ]);
    // the refund is the returned headphones', money in
    expect(a.matched[4]!.items.map((i) => [i.text, i.amount])).toEqual([['Headphones', 49]]);
    expect(a.orders_left).toEqual([{ order: 'A-1005', date: '2026-09-13', amount: -13 }]);
    expect(a.charges_left).toEqual([
      {
        transaction_id: g.stray.id,
        date: g.stray.date,
        amount: g.stray.amount / 1000,
        payee: PLANTED.genericPayee,
      },
    ]);
    expect(a.message).toBe(
      'Checking: 4 charge(s) and 1 refund(s) match the orders. 1 shipment(s) or refund(s) match no transaction: not in YNAB yet, or charged otherwise. 1 shipment(s) were paid whole by gift card or promotion (12,00 €): no charge to find. 1 charge(s) of the same shop match no order: ask the person what they were. apply_itemization applies the splits and categories the person agrees to, in one confirmation.',
    );
    expect(a.next_cursor).toBeNull();
    // the account's name is read first (the accounts list), then the plan, and its currency once
    expect(requestLines(h.standIn)).toEqual([
      `GET /plans/${PLAN}/accounts`,
      `GET /plans/${PLAN}/transactions`,
      `GET /plans/${PLAN}/categories`,
      'GET /plans',
    ]);
    expect(h.standIn.writes).toEqual([]);
  });

  it("reads Amazon's order history: a charge per shipment, the cancelled line left out", async ({ h }) => {
    const s = await connect(h, era);
    const r = await call(s, 'match_orders', {
      plan_id: PLAN,
      account_id: 'acc-checking',
      orders: orderText('amazon-order-history.csv'),
    });
    const a = r.structuredContent as Answer;
    expect(a.matched.map((m) => m.transaction_id)).toEqual([
      PLANTED.amazon['405-1111111-1111111'].id,
      PLANTED.amazon['405-2222222-2222222'].id,
    ]);
    expect(a.matched[0]!.split?.lines.map((l) => [l.amount, l.category_id, l.memo])).toEqual([
      [-12.99, 'cat-tennis', 'Tennis overgrip 3-pack'],
      [-19.99, 'cat-phone', 'Phone stand, aluminium'],
    ]);
    expect(a.matched[1]!.items).toEqual([
      { text: 'Olive oil 1L', amount: -25, category_id: null, category: null, by: null },
    ]);
    expect([a.orders_left, a.charges_left]).toEqual([[], []]);
  });

  it('pages the matches', async ({ h }) => {
    // eleven more shipments of a few cents each, charged: sixteen matches, two pages
    const more = Array.from({ length: 11 }, (_, i) => {
      const day = `2026-09-0${String(1 + (i % 9))}`;
      return {
        line: `B-${i},${day},,Pencil ${i},0.0${1 + (i % 9)},1,P-${i},,`,
        day,
        amount: -10 * (1 + (i % 9)),
      };
    });
    const plan = itemizePlan();
    const template = plan.transactions.find((t) => t.id === PLANTED.generic['S-1'].id)!;
    more.forEach((m, i) =>
      plan.transactions.push({ ...template, id: `tx-pencil-${i}`, date: m.day, amount: m.amount }),
    );
    h.standIn.reset(plan);
    const s = await connect(h, era);
    const orders = [orderText('generic-orders.csv').trimEnd(), ...more.map((m) => m.line)].join('\n');
    const args = { plan_id: PLAN, account_id: 'acc-checking', orders };
    const paged = (await call(s, 'match_orders', args)).structuredContent as Answer;
    expect(paged.matched).toHaveLength(10);
    expect(paged.message).toMatch(/ 6 more matched charges: pass next_cursor as cursor\.$/);
    const next = (await call(s, 'match_orders', { ...args, cursor: paged.next_cursor }))
      .structuredContent as Answer;
    expect(next.matched).toHaveLength(6);
    expect(next.next_cursor).toBeNull();
    const all = [...paged.matched, ...next.matched].map((m) => m.transaction_id);
    expect(new Set(all).size).toBe(16);
  });

  it('refuses what is no order export, or an unknown account, saying what to fix', async ({ h }) => {
    const s = await connect(h, era);
    const args = { plan_id: PLAN, account_id: 'acc-checking' };
    h.standIn.clearRequests();
    expect(
      textOf(await call(s, 'match_orders', { ...args, orders: 'Date,Label,Amount\n2026-09-01,X,1' })),
    ).toBe(
      'The order export has no header naming an order id, a date, an item and a price (or total): give the CSV with its header row.',
    );
    expect(
      textOf(await call(s, 'match_orders', { ...args, orders: 'Order ID,Order Date,Item,Total\n' })),
    ).toBe('The order export holds no order line: nothing was matched.');
    expect(
      textOf(
        await call(s, 'match_orders', { ...args, orders: 'Order ID,Order Date,Item,Total\nA,soon,X,1' }),
      ),
    ).toBe('The order date on line 2 is not a date: "soon".');
    expect(textOf(await call(s, 'match_orders', { ...args, orders: 'x'.repeat(210 * 1024) }))).toBe(
      'The order export is over the 200 kB one call can carry: give a shorter period.',
    );
    expect(textOf(await call(s, 'match_orders', { ...args, orders: '"a\n' }))).toMatch(
      /^The order export is not a CSV file csv-parse can read: /,
    );
    expect(h.standIn.writes).toEqual([]);
    const unknown = await call(s, 'match_orders', {
      ...args,
      account_id: 'acc-nope',
      orders: orderText('generic-orders.csv'),
    });
    expect(textOf(unknown)).toBe('Account acc-nope is not in this plan: use an id from list_accounts.');
  });
});
