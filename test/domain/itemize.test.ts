/**
 * The itemising domain, table by table: which transactions a receipt can be, the category each item
 * gets (and from what), the plan a charge's items make, an order export read and paired, and the
 * apply plan's checks and question.
 */
import { describe, expect, it } from 'vitest';
import type { YnabCategory, YnabTransaction } from '../../src/domain/model.js';
import { chargeCandidates, chosen, splittable } from '../../src/domain/itemize/charges.js';
import { itemHistory, itemKey, placeItems, type Evidence } from '../../src/domain/itemize/place.js';
import { itemPlan, itemWords } from '../../src/domain/itemize/split-plan.js';
import { readOrders, MAX_ORDER_LINES } from '../../src/domain/itemize/orders.js';
import { matchOrders, orderGroups } from '../../src/domain/itemize/order-match.js';
import { ordersMessage } from '../../src/domain/itemize/orders-message.js';
import { itemizationQuestion, planItemization } from '../../src/domain/itemize/apply-plan.js';
import { indexCategories } from '../../src/domain/categories/category-lists.js';
import { moneyText } from '../../src/domain/money.js';
import type { Rule } from '../../src/domain/rules/rule.js';

const money = moneyText(2);
const tx = (over: Partial<YnabTransaction>): YnabTransaction => ({
  id: 't',
  date: '2026-09-10',
  amount: -10_000,
  account_id: 'acc',
  payee_name: 'SHOP',
  category_id: null,
  transfer_account_id: null,
  deleted: false,
  memo: null,
  cleared: 'cleared',
  approved: true,
  ...over,
});
const cat = (id: string, name: string) => ({ id, name, hidden: false, deleted: false }) as YnabCategory;
const CATEGORIES = [cat('c-food', 'Groceries'), cat('c-tennis', 'Tennis'), cat('c-gift', 'Gift cards')];
const evidence = (over: Partial<Evidence> = {}): Evidence => ({
  rules: [],
  history: { out: new Map(), in: new Map() },
  items: new Map(),
  categories: CATEGORIES,
  threshold: 0.5,
  ...over,
});
const rule = (number: number, condition: Partial<Rule['condition']>, category: string | null): Rule => ({
  number,
  said: '',
  condition: { merchant: null, amount: null, account_id: null, memo_words: [], ...condition },
  action: { category_id: category, payee_name: null, flag_color: null, note: null },
  created_at: '2026-01-01T00:00:00Z',
});

describe('charges', () => {
  it('leaves out what cannot be split', () => {
    const off = new Set(['acc-off']);
    expect(
      [
        tx({}),
        tx({ deleted: true }),
        tx({ transfer_account_id: 'x' }),
        tx({ account_id: 'acc-off' }),
        tx({ subtransactions: [{ deleted: false } as never] }),
        tx({ subtransactions: [{ deleted: true } as never] }),
      ].map((t) => splittable(t, off)),
    ).toEqual([true, false, false, false, false, true]);
  });

  it('ranks by likeness, then amount, then date; chooses only a clear first', () => {
    const found = chargeCandidates(
      { merchant: 'SHOP', date: '2026-09-09', total: 10_000, tip: true },
      [
        tx({ id: 'b', amount: -11_000, payee_name: null, import_payee_name: 'SHOP' }),
        tx({ id: 'a' }),
        tx({ id: 'c', payee_name: 'OTHER' }),
        tx({ id: 'late', date: '2026-09-20' }),
        tx({ id: 'much', amount: -20_000 }),
      ],
      new Set(),
      10,
    );
    expect(found.map((c) => c.transaction.id)).toEqual(['a', 'b', 'c']);
    expect(chosen(found)).toBeNull();
    expect(chosen([])).toBeNull();
    expect(chosen(found.slice(2))?.transaction.id).toBe('c');
    expect(chosen([found[0]!, found[2]!])?.transaction.id).toBe('a');
  });
});

describe('placing items', () => {
  it('reads the items of past split memos, skipping what names nothing', () => {
    const history = itemHistory([
      tx({
        deleted: true,
        subtransactions: [{ memo: 'Milk', category_id: 'c-food', deleted: false } as never],
      }),
      tx({
        subtransactions: [
          { memo: 'Milk, Bread', category_id: 'c-food', deleted: false },
          { memo: 'Milk', category_id: 'c-tennis', deleted: false },
          { memo: 'Milk', category_id: 'c-food', deleted: true },
          { memo: 'Balls', category_id: null, deleted: false },
          { memo: null, category_id: 'c-food', deleted: false },
          { memo: '12', category_id: 'c-food', deleted: false },
        ] as never,
      }),
    ]);
    expect([...history.keys()]).toEqual(['milk', 'bread']);
    expect(history.get('milk')).toEqual(
      new Map([
        ['c-food', 1],
        ['c-tennis', 1],
      ]),
    );
    expect(itemKey('2 × Lait 1L écrémé')).toBe('lait ecreme');
  });

  it('takes a rule naming the item, then past items, then the charge’s rule, the merchant, a name', () => {
    const charge = { payee_name: 'SHOP', amount: -10_000, account_id: 'acc' };
    const items = (texts: string[]) => texts.map((text) => ({ text, amount: -1000 }));
    const rules = [
      rule(1, { memo_words: ['voucher'] }, 'c-gift'),
      rule(2, { merchant: 'SHOP' }, 'c-food'),
      rule(3, { amount: { min: null, max: null } as never }, 'c-tennis'),
      rule(4, { memo_words: ['nothing'] }, null),
    ];
    const past = new Map([
      [
        'tennis balls',
        new Map([
          ['c-tennis', 2],
          ['c-gone', 5],
        ]),
      ],
      ['old', new Map([['c-gone', 1]])],
    ]);
    expect(
      placeItems(
        items(['Gift voucher', 'Tennis balls', 'Old', 'Bread']),
        charge,
        evidence({ rules, items: past }),
      ).map((p) => [p.category_id, p.by]),
    ).toEqual([
      ['c-gift', 'rule'],
      ['c-tennis', 'items'],
      ['c-food', 'rule'],
      ['c-food', 'rule'],
    ]);
    const history = { out: new Map([['SHOP', new Map([['c-food', 3]])]]), in: new Map() };
    expect(placeItems(items(['Bread']), charge, evidence({ history })).map((p) => p.by)).toEqual([
      'merchant',
    ]);
    expect(
      placeItems(items(['Tennis balls', 'Gift cards for Anna', 'Stuff', '']), charge, evidence()).map(
        (p) => p.category_id,
      ),
    ).toEqual(['c-tennis', 'c-gift', null, null]);
  });
});

describe('the plan of a charge', () => {
  const share = (
    text: string,
    amount: number,
    category_id: string | null,
    quantity: number | null = null,
  ) => ({
    text,
    amount,
    quantity,
    category_id,
    category: null,
    by: null,
  });
  it('groups by category, keeps an unplaced item alone, cuts a long memo', () => {
    const long = 'x'.repeat(300);
    const plan = itemPlan('t', [
      share(long, -1000, 'a'),
      share(long, -1000, 'a', 1),
      share('b', -500, null, 2),
    ]);
    expect(plan.split?.lines.map((l) => [l.amount, l.category_id, Array.from(l.memo).length])).toEqual([
      [-2, 'a', 500],
      [-0.5, null, 5],
    ]);
    expect(plan.split?.lines[0]?.memo.endsWith('…')).toBe(true);
    expect(itemPlan('t', [share('a', -1000, 'a')])).toEqual({
      split: null,
      category: { transaction_id: 't', category_id: 'a' },
    });
    expect(itemWords({ text: 'Milk', quantity: 2 })).toBe('2 × Milk');
  });
});

describe('order exports', () => {
  it('reads unit prices, quantities, decimal commas, a preamble, and refuses too many lines', () => {
    const text =
      'Export of orders\nOrder number;Date;Article;Prix unitaire;Quantité;Statut\nA;03/09/2026;Pens;1,50;2;Annulé\nA;03/09/2026;Ink;2,00;x;livré\n';
    const { shop, lines } = readOrders(text, 'dmy');
    expect(shop).toBeNull();
    expect(lines).toEqual([
      {
        order: 'A',
        date: '2026-09-03',
        shipped: '2026-09-03',
        item: 'Ink',
        price: 2000,
        quantity: null,
        shipment: 'A 2026-09-03',
        refund: 0,
        gift: 0,
      },
    ]);
    const many = [
      'Order ID,Order Date,Item,Total',
      ...Array.from({ length: MAX_ORDER_LINES + 1 }, () => 'A,2026-09-01,X,1'),
    ].join('\n');
    expect(() => readOrders(many, null)).toThrow(
      `The export holds 2001 lines, over ${MAX_ORDER_LINES}: give a shorter period.`,
    );
  });

  it('says what pairs with nothing, and nothing more than there is', () => {
    const { lines } = readOrders('Order ID,Order Date,Item,Total\nA,2026-09-01,X,5\n', null);
    const m = matchOrders(orderGroups(lines), [tx({ id: 'x', amount: -9_000 })], null);
    expect(m.unexplained).toEqual([]);
    expect(ordersMessage(m, 'Card', money)).toBe(
      'Card: 0 charge(s) and 0 refund(s) match the orders. 1 shipment(s) or refund(s) match no transaction: not in YNAB yet, or charged otherwise.',
    );
    expect(matchOrders([], [], null)).toEqual({ paired: [], unmatched: [], unpaid: [], unexplained: [] });
  });
});

describe('the apply plan', () => {
  const groups = [
    {
      id: 'g',
      name: 'G',
      hidden: false,
      deleted: false,
      categories: CATEGORIES.map((c) => ({ ...c, category_group_id: 'g' })),
    },
  ] as never;
  it('asks only what it does: categories alone, splits alone', () => {
    const index = indexCategories(groups);
    const t = [tx({ id: 'a' }), tx({ id: 'b' })];
    const only = planItemization(
      { splits: [], categories: [{ transaction_id: 'a', category_id: 'c-food' }] },
      t,
      index,
      new Set(),
      money,
    );
    expect(itemizationQuestion(only, money)).toBe(
      'Apply 0 split(s) and 1 category change(s)?\nRecategorise 1 transaction(s)?\n- 2026-09-10 SHOP -10.00: no category → Groceries\nundo_operation can revert the category changes.',
    );
    const split = planItemization(
      {
        splits: [
          {
            transaction_id: 'b',
            lines: [
              { amount: -6, category_id: 'c-food', memo: null },
              { amount: -4, category_id: 'c-tennis', memo: 'Balls' },
            ],
          },
        ],
        categories: [],
      },
      t,
      index,
      new Set(),
      money,
    );
    expect(itemizationQuestion(split, money)).toBe(
      'Apply 1 split(s) and 0 category change(s)?\nSplit 2026-09-10 SHOP -10.00 into 2 lines:\n- -6.00 Groceries\n- -4.00 Tennis (Balls)\nThe splits cannot be undone: undo_operation cannot revert a split: to undo it, edit the transaction in YNAB.',
    );
  });
});
