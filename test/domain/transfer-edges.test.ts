/**
 * Planning create_transfer at the edges the demo plan lacks: an account without a transfer payee, a
 * category given for a transfer between two tracking accounts, an amount that is not above 0, and a
 * transfer from tracking to budget (income on the budget side, which is the side sent).
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

const ACCOUNTS = [
  account('chk', 'Checking'),
  account('car', 'Car loan', { on_budget: false }),
  account('house', 'House', { on_budget: false }),
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
