/**
 * `itemize_transaction` through a real MCP client, in both protocol eras, against the stand-in
 * serving the demo plan with the receipts' charges planted (test/helpers/itemize-plan.ts): each
 * receipt of test/fixtures/receipts/ finds its charge and yields lines that add up to it to the cent,
 * categories from the household's rules, past split memos, the merchant's history and category
 * names; several candidates, none, a misread receipt; nothing written.
 */
import { describe, expect } from 'vitest';
import { it } from '../../helpers/fixture.js';
import { ERAS, call, connect, requestLines, textOf } from '../../helpers/harness.js';
import { PLANTED, itemizePlan, receiptText } from '../../helpers/itemize-plan.js';

const PLAN = 'demo-budget';

interface Answer {
  message: string;
  candidates: { transaction_id: string; score: number }[];
  items: { text: string; amount: number; category_id: string | null; by: string | null }[];
  split: {
    transaction_id: string;
    lines: { amount: number; category_id: string | null; memo: string }[];
  } | null;
  category: { transaction_id: string; category_id: string | null } | null;
}

const milli = (units: number) => Math.round(units * 1000);
const sum = (xs: readonly number[]) => xs.reduce((s, x) => s + milli(x), 0);
/** A date as the demo plan writes it (`DD/MM/YYYY`): itemize reads the plans list, so its texts do too. */
const planDate = (iso: string) => iso.split('-').reverse().join('/');

describe.each(ERAS)('itemize_transaction, %s era', (era) => {
  it.beforeEach(({ h }) => h.standIn.reset(itemizePlan()));

  it.for(Object.entries(PLANTED.receipts))(
    '%s finds its charge, and the lines add up to it',
    async ([file, tx], { h }) => {
      const s = await connect(h, era);
      h.standIn.clearRequests();
      const r = await call(s, 'itemize_transaction', { plan_id: PLAN, ...receiptText(file) });
      expect(r.isError, textOf(r)).toBeFalsy();
      const a = r.structuredContent as Answer;
      expect(a.candidates[0]?.transaction_id).toBe(tx.id);
      expect(sum(a.items.map((i) => i.amount))).toBe(tx.amount);
      const plan = a.split ?? { lines: [{ amount: tx.amount / 1000 }] };
      expect(sum(plan.lines.map((l) => l.amount))).toBe(tx.amount);
      expect(a.message).toContain(`is ${planDate(tx.date)}`);
      expect(requestLines(h.standIn)).toEqual([
        `GET /plans/${PLAN}/transactions`,
        `GET /plans/${PLAN}/categories`,
        `GET /plans/${PLAN}/accounts`,
        'GET /plans',
      ]);
      expect(h.standIn.writes).toEqual([]);
    },
  );

  it('French receipt: past split memos and the merchant history place each line', async ({ h }) => {
    const s = await connect(h, era);
    const r = await call(s, 'itemize_transaction', { plan_id: PLAN, ...receiptText('market-fresh-fr.json') });
    const a = r.structuredContent as Answer;
    expect(a.items.map((i) => [i.text, i.category_id, i.by])).toEqual([
      ['LAIT DEMI-ÉCRÉMÉ 1L', 'cat-groceries', 'items'],
      ['PAIN COMPLET', 'cat-groceries', 'items'],
      ['FROMAGE COMTÉ 250G', 'cat-groceries', 'merchant'],
      ['BALLES DE TENNIS', 'cat-tennis', 'items'],
      ['COFFRET BOUGIES', 'cat-groceries', 'merchant'],
    ]);
    // the line discount comes off the cheese (8.90 - 1.50); the 2.00 coupon is spread in proportion:
    // the tennis balls' 12.99 of 44.99 is 12.41 of the 42.99 charged, the rest is groceries
    expect(a.split).toEqual({
      transaction_id: 'tx-rcpt-fr',
      lines: [
        {
          amount: -30.58,
          category_id: 'cat-groceries',
          memo: '2 × LAIT DEMI-ÉCRÉMÉ 1L, PAIN COMPLET, FROMAGE COMTÉ 250G, COFFRET BOUGIES',
        },
        { amount: -12.41, category_id: 'cat-tennis', memo: 'BALLES DE TENNIS' },
      ],
    });
    expect(a.category).toBeNull();
  });

  it('English receipt: category names place some lines, the others are left for the person', async ({
    h,
  }) => {
    const s = await connect(h, era);
    const r = await call(s, 'itemize_transaction', { plan_id: PLAN, ...receiptText('corner-store-en.json') });
    const a = r.structuredContent as Answer;
    expect(a.items.map((i) => [i.category_id, i.by])).toEqual([
      [null, null],
      [null, null],
      ['cat-tennis', 'name'],
      ['cat-phone', 'name'],
      [null, null],
    ]);
    expect(a.message).toContain('3 item(s) have no category yet: ask the person for them.');
    expect(a.split?.lines.map((l) => l.category_id)).toEqual([null, null, 'cat-tennis', 'cat-phone', null]);
  });

  it('restaurant bill with a tip added at the terminal: one category, proposed as such', async ({ h }) => {
    const s = await connect(h, era);
    const r = await call(s, 'itemize_transaction', {
      plan_id: PLAN,
      ...receiptText('chez-lucie-restaurant.json'),
    });
    const a = r.structuredContent as Answer;
    expect(a.split).toBeNull();
    expect(a.category).toEqual({ transaction_id: 'tx-rcpt-resto', category_id: 'cat-restaurants' });
    expect(a.items.every((i) => i.by === 'merchant')).toBe(true);
    expect(a.message).toContain('apply_categories');
    // without the tip line, the 55.40 charge is no 48.40 bill
    const bill = receiptText('chez-lucie-restaurant.json');
    const none = await call(s, 'itemize_transaction', {
      plan_id: PLAN,
      ...bill,
      lines: (bill.lines as { kind?: string }[]).filter((l) => l.kind !== 'tip'),
    });
    const n = none.structuredContent as Answer;
    expect(n.candidates).toEqual([]);
    expect(n.split).toBeNull();
    expect(n.message).toMatch(/^No transaction matches the receipt of Chez Lucie 48,40 €/);
  });

  it('a household rule naming an item comes before any history', async ({ h, journal }) => {
    const s = await connect(h, era, { env: { AVENIR_MCP_WRITE: '1', AVENIR_MCP_JOURNAL: journal } });
    const set = await call(s, 'set_rule', {
      plan_id: PLAN,
      said: 'candles are gifts',
      memo_words: 'bougies',
      category_id: 'cat-holidays',
    });
    const code = (set.structuredContent as { confirmation: string }).confirmation;
    await call(s, 'set_rule', {
      plan_id: PLAN,
      said: 'candles are gifts',
      memo_words: 'bougies',
      category_id: 'cat-holidays',
      confirmation: code,
    });
    const r = await call(s, 'itemize_transaction', { plan_id: PLAN, ...receiptText('market-fresh-fr.json') });
    const a = r.structuredContent as Answer;
    expect(a.items.at(-1)).toMatchObject({ category_id: 'cat-holidays', by: 'rule' });
    expect(a.split?.lines.map((l) => l.category_id)).toEqual(['cat-groceries', 'cat-tennis', 'cat-holidays']);
  });

  it('several charges could be it: they are listed, the plan made for the first, the person asked', async ({
    h,
  }) => {
    const plan = itemizePlan();
    const twin = plan.transactions.find((t) => t.id === 'tx-rcpt-en')!;
    plan.transactions.push({ ...twin, id: 'tx-rcpt-twin', date: '2026-09-14' });
    h.standIn.reset(plan);
    const s = await connect(h, era);
    const r = await call(s, 'itemize_transaction', { plan_id: PLAN, ...receiptText('corner-store-en.json') });
    const a = r.structuredContent as Answer;
    expect(a.candidates.map((c) => c.transaction_id)).toEqual(['tx-rcpt-en', 'tx-rcpt-twin']);
    expect(a.split?.transaction_id).toBe('tx-rcpt-en');
    expect(a.message).toBe(
      '2 transactions could be the receipt of Corner Store 24,22 €; the plan is for the first, 13/09/2026 CORNER STORE 0042 -24,22 €: ask the person which. For another of the same amount, put its transaction_id in the plan; for another amount, call again with the difference as a tip line.',
    );
  });

  it('refuses a receipt whose lines do not come to its total, or that is not one, writing nothing', async ({
    h,
  }) => {
    const s = await connect(h, era);
    h.standIn.clearRequests();
    const receipt = receiptText('corner-store-en.json');
    const cases: [Record<string, unknown>, string][] = [
      [{ merchant: ' ' }, 'merchant is empty: give the name on the receipt.'],
      [{ total: -5 }, 'total must be what was paid, above 0 (at most 1,000,000).'],
      [{ lines: [] }, "Give the receipt's lines, 1 to 100."],
      [{ date: '12/09/2026' }, 'date must be the receipt\'s day as YYYY-MM-DD, not "12/09/2026".'],
      [{ lines: [{ text: '', amount: 1 }] }, 'lines[0].text is empty: give the words printed.'],
      [{ lines: [{ text: 'x', amount: 1e9 }] }, 'lines[0].amount is out of range.'],
      [{ lines: [{ text: 'x', amount: 1, quantity: 0 }] }, 'lines[0].quantity must be above 0, or null.'],
      [
        { lines: [{ text: 'TVA', amount: 1, kind: 'tax' }] },
        'The receipt has no item line (one without a kind): give the items bought.',
      ],
    ];
    for (const [change, message] of cases) {
      const r = await call(s, 'itemize_transaction', { plan_id: PLAN, ...receipt, ...change });
      expect(textOf(r)).toBe(message);
    }
    expect(h.standIn.requests.every((r) => r.method === 'GET')).toBe(true);
    const misread = await call(s, 'itemize_transaction', { plan_id: PLAN, ...receipt, total: 30 });
    expect(textOf(misread)).toBe(
      "The items come to 23,35 €; with the receipt's tip, fee, tax and discount lines, that is not its total 30,00 €: check the lines read from it.",
    );
    const zero = await call(s, 'itemize_transaction', {
      plan_id: PLAN,
      ...receipt,
      lines: [{ text: 'free bag', amount: 0 }],
    });
    expect(textOf(zero)).toBe('lines[0].amount is 0: an item costs something: leave it out.');
    const offFirst = await call(s, 'itemize_transaction', {
      plan_id: PLAN,
      ...receipt,
      lines: [{ text: 'COUPON', amount: -1 }],
    });
    expect(textOf(offFirst)).toBe(
      'lines[0] (COUPON) takes off more than the item above it: give a discount on the whole receipt as a line of kind discount.',
    );
    expect(h.standIn.writes).toEqual([]);
  });
});
