/**
 * create_transfer planned without a client: the account checks, the date, the category rule of each
 * kind of transfer with its message, the one POST item (which side is sent, its sign, its payee, memo
 * and category) and the question.
 */
import { describe, expect, it } from 'vitest';
import { indexCategories } from '../../src/domain/categories/category-lists.js';
import {
  planTransfer,
  transferQuestion,
  type TransferRequest,
} from '../../src/domain/transactions/transfer.js';
import { transferAccount as account, cat, group } from '../helpers/rows.js';
import { twoDecimals } from '../helpers/money.js';

// balances that no transfer here overdraws (the warning has its own cases below)
const ACCOUNTS = [
  account('chk', 'Old checking', { deleted: true }),
  account('chk', 'Checking', { balance: 1_000_000 }),
  account('sav', 'Savings', { type: 'savings', balance: 1_000_000 }),
  account('car', 'Car loan', { on_budget: false, type: 'autoLoan', balance: -8_000_000 }),
  account('shut', 'Shut', { closed: true }),
];
const INDEX = indexCategories([group('Bills', [cat('misc', 'Misc')], { id: 'g' })]);
const req = (extra: Partial<TransferRequest>): TransferRequest => ({
  from_account_id: 'chk',
  to_account_id: 'sav',
  amount: 50,
  date: '2026-09-20',
  memo: null,
  category_id: null,
  ...extra,
});
const plan = (r: TransferRequest) => planTransfer(r, ACCOUNTS, INDEX, '2026-09-25');

describe('planTransfer refuses', () => {
  it.each<[Partial<TransferRequest>, string]>([
    [{ to_account_id: 'nope' }, 'Account nope is not in this plan: use an id from list_accounts.'],
    [
      { from_account_id: 'shut' },
      'Account Shut is closed: reopen it in YNAB before moving money to or from it.',
    ],
    [{ to_account_id: 'chk' }, 'A transfer needs two different accounts.'],
    [
      { date: '2026-09-27' },
      '2026-09-27 is in the future: YNAB only records transactions that happened, dated 2026-09-26 at the latest (today, 2026-09-25, and a day more for time zones). A transfer still to come is a scheduled transaction.',
    ],
    [
      { category_id: 'misc' },
      'A transfer between two budget accounts takes no category: leave category_id out.',
    ],
    [
      { to_account_id: 'car' },
      'A transfer between the budget account Checking and the tracking account Car loan is spending for the budget: YNAB needs a category on the Checking side. Give category_id.',
    ],
    [
      { from_account_id: 'car', to_account_id: 'chk' },
      'A transfer between the budget account Checking and the tracking account Car loan is income for the budget',
    ],
  ])('%j', (extra, message) => {
    expect(() => plan(req(extra))).toThrow(message);
  });
});

describe('planTransfer plans', () => {
  it('between two budget accounts: the source side is sent, no category, and the memo when given', () => {
    const p = plan(req({ date: '2026-09-25', memo: 'rainy day', amount: 12.5 }));
    expect(p.body).toEqual({
      account_id: 'chk',
      date: '2026-09-25',
      amount: -12_500,
      payee_id: 'tp-sav',
      memo: 'rainy day',
      cleared: 'uncleared',
      approved: true,
    });
    expect(p).toMatchObject({ category: null, categoryAccount: null });
    expect(
      transferQuestion(p, req({ date: '2026-09-25', memo: 'rainy day', amount: 12.5 }), twoDecimals),
    ).toBe(
      [
        'Transfer 12.50 from Checking to Savings on 2026-09-25?',
        '- Checking: -12.50 (Transfer : Savings)',
        '- Savings: +12.50 (Transfer : Checking)',
        '  memo: rainy day',
        '  both sides uncleared, until the bank shows them',
      ].join('\n'),
    );
    const noMemo = req({ memo: '' });
    expect(plan(noMemo).body).not.toHaveProperty('memo');
    expect(transferQuestion(plan(noMemo), noMemo, twoDecimals)).not.toContain('memo');
  });

  it('from budget to tracking: the budget side is sent, as spending, with its category', () => {
    const r = req({ to_account_id: 'car', category_id: 'misc' });
    const p = plan(r);
    expect(p.body).toEqual({
      account_id: 'chk',
      date: '2026-09-20',
      amount: -50_000,
      payee_id: 'tp-car',
      category_id: 'misc',
      cleared: 'uncleared',
      approved: true,
    });
    expect(p).toMatchObject({ category: 'Misc', categoryAccount: 'Checking' });
    expect(transferQuestion(p, r, twoDecimals)).toBe(
      [
        'Transfer 50.00 from Checking to Car loan on 2026-09-20?',
        '- Checking: -50.00 (Transfer : Car loan)',
        '- Car loan: +50.00 (Transfer : Checking)',
        '  category on Checking: Misc',
        '  both sides uncleared, until the bank shows them',
      ].join('\n'),
    );
  });
});

/*
 * Planning create_transfer at the edges the demo plan lacks: an account without a transfer payee, a
 * category given for a transfer between two tracking accounts, an amount that is not above 0, and a
 * transfer from tracking to budget (income on the budget side, which is the side sent).
 */
describe('beyond the demo plan', () => {
  const ACCOUNTS = [
    account('chk', 'Checking'),
    account('car', 'Car loan', { on_budget: false, type: 'autoLoan', balance: -8_000_000 }),
    account('house', 'House', { on_budget: false, type: 'otherAsset', balance: 300_000_000 }),
    account('bare', 'Imported', { transfer_payee_id: null }),
  ];
  const INDEX = indexCategories([group('Bills', [cat('misc', 'Misc')], { id: 'g' })]);
  const req = (extra: Partial<TransferRequest>): TransferRequest => ({
    from_account_id: 'chk',
    to_account_id: 'car',
    amount: 50,
    date: '2026-09-20',
    memo: null,
    category_id: null,
    ...extra,
  });
  const plan = (r: TransferRequest) => planTransfer(r, ACCOUNTS, INDEX, '2026-09-25');

  describe('planTransfer, edges', () => {
    it.each([
      [
        { to_account_id: 'bare' },
        'Account Imported has no transfer payee in YNAB: a transfer cannot be made to it.',
      ],
      [
        { from_account_id: 'car', to_account_id: 'house', category_id: 'misc' },
        'A transfer between two tracking accounts takes no category: leave category_id out.',
      ],
      [{ amount: 0 }, 'The amount of a transfer must be more than 0: it is what leaves the source account.'],
      [{ amount: -5, category_id: 'misc' }, 'The amount of a transfer must be more than 0'],
    ])('refuses %j', (extra, message) => {
      expect(() => plan(req(extra))).toThrow(message);
    });

    it('from tracking to budget: the budget side is sent, as income, with its category', () => {
      const r = req({ from_account_id: 'car', to_account_id: 'chk', category_id: 'misc', memo: '' });
      const p = plan(r);
      expect(p.body).toEqual({
        account_id: 'chk',
        date: '2026-09-20',
        amount: 50_000,
        payee_id: 'tp-car',
        category_id: 'misc',
        cleared: 'uncleared',
        approved: true,
      });
      expect(transferQuestion(p, r, twoDecimals)).toBe(
        [
          'Transfer 50.00 from Car loan to Checking on 2026-09-20?',
          '- Car loan: -50.00 (Transfer : Checking)',
          '- Checking: +50.00 (Transfer : Car loan)',
          '  category on Checking: Misc',
          '  both sides uncleared, until the bank shows them',
        ].join('\n'),
      );
    });

    it('asks for a category on the budget side of a tracking-to-budget transfer, calling it income', () => {
      expect(() => plan(req({ from_account_id: 'car', to_account_id: 'chk' }))).toThrow(
        'A transfer between the budget account Checking and the tracking account Car loan is income for the budget',
      );
    });
  });
});

describe('the overdraft warning of a transfer', () => {
  const withBalances = [
    account('chk', 'Checking', { type: 'checking', balance: 30_000 }),
    account('sav', 'Savings', { type: 'savings', balance: -5_000 }),
    account('card', 'Card', { type: 'creditCard', balance: 10_000 }),
  ];
  const question = (r: TransferRequest) =>
    transferQuestion(planTransfer(r, withBalances, INDEX, '2026-09-25'), r, twoDecimals)
      .split('\n')
      .at(-1);

  it('is said when a cash account that had money goes below zero', () => {
    expect(question(req({ amount: 42.5 }))).toBe(
      'Warning: Checking goes below zero (overdrawn): it holds 30.00, -12.50 after this transfer.',
    );
  });

  it('is not said when the account keeps money, already was below zero, or may live below zero', () => {
    expect(question(req({ amount: 30 }))).toBe('  both sides uncleared, until the bank shows them');
    expect(question(req({ from_account_id: 'sav', to_account_id: 'chk', amount: 1 }))).toBe(
      '  both sides uncleared, until the bank shows them',
    );
    expect(question(req({ from_account_id: 'card', to_account_id: 'chk', amount: 20 }))).toBe(
      '  both sides uncleared, until the bank shows them',
    );
  });
});
