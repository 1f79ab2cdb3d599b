import { describe, expect, it } from 'vitest';
import { digestMessage, needsYou, type DigestInput } from '../../src/domain/digest/needs-you.js';
import type { YnabAccount, YnabTransaction } from '../../src/domain/model.js';
import { twoDecimals } from '../helpers/money.js';

const account = (id: string, extra: Partial<YnabAccount> = {}): YnabAccount => ({
  id,
  name: id,
  type: 'checking',
  on_budget: true,
  closed: false,
  balance: 1_000_000,
  cleared_balance: 1_000_000,
  uncleared_balance: 0,
  deleted: false,
  last_reconciled_at: '2026-09-20T10:00:00Z',
  ...extra,
});

let n = 0;
const tx = (
  date: string,
  amount: number,
  payee: string,
  extra: Partial<YnabTransaction> = {},
): YnabTransaction => ({
  id: `t${++n}`,
  date,
  amount,
  account_id: 'a',
  payee_name: payee,
  category_id: 'cat',
  approved: true,
  cleared: 'cleared',
  deleted: false,
  ...extra,
});

const input = (extra: Partial<DigestInput> = {}): DigestInput => ({
  money: twoDecimals,
  today: '2026-09-25',
  accounts: [account('a')],
  transactions: [],
  schedules: [],
  groups: [],
  month: { month: '2026-09-01', categories: [] },
  writes: false,
  ...extra,
});

describe('needsYou', () => {
  it('finds nothing in a quiet plan', () => {
    expect(needsYou(input())).toEqual([]);
    expect(digestMessage([])).toBe('Nothing needs you: no overspending, no short payment, nothing waiting.');
  });

  it('names an account reconciled more than 30 days ago by its date, and leaves closed and tracking ones out', () => {
    const accounts = [
      account('old', { last_reconciled_at: '2026-08-01T00:00:00Z' }),
      account('closed', { closed: true, last_reconciled_at: null }),
      account('tracking', { on_budget: false, last_reconciled_at: null }),
    ];
    expect(needsYou(input({ accounts, writes: true }))).toEqual([
      {
        kind: 'not_reconciled',
        what: 'old was last reconciled on 2026-08-01.',
        tool: 'reconcile_account',
        ids: ['old'],
      },
    ]);
  });

  it('calls a charge outsized only against three earlier ones, three times the usual and 20.00 above it', () => {
    const earlier = [
      tx('2026-06-01', -5000, 'CAFE'),
      tx('2026-07-01', -5000, 'CAFE'),
      tx('2026-08-01', -5000, 'CAFE'),
    ];
    // 18.00 is over three times 5.00 but not 20.00 above it; 30.00 is both
    const small = tx('2026-09-10', -18_000, 'CAFE');
    const big = tx('2026-09-12', -30_000, 'CAFE');
    const fewer = [tx('2026-07-02', -5000, 'BAR'), tx('2026-09-11', -90_000, 'BAR')];
    const out = needsYou(input({ transactions: [...earlier, small, big, ...fewer] }));
    expect(out.map((x) => [x.kind, x.ids])).toEqual([['outsized_charge', [big.id]]]);
    expect(out[0]!.what).toBe('CAFE charged 30.00 on 2026-09-12, against 5.00 usually.');
  });

  it('leaves a payment the balance covers alone', () => {
    const schedule = {
      id: 's',
      date_first: '2026-09-27',
      date_next: '2026-09-27',
      frequency: 'never',
      amount: -500_000,
      account_id: 'a',
      deleted: false,
    };
    expect(needsYou(input({ schedules: [schedule] }))).toEqual([]);
    const short = needsYou(input({ schedules: [{ ...schedule, amount: -1_500_000 }] }));
    expect(short.map((x) => x.kind)).toEqual(['scheduled_short']);
  });
});

describe('needsYou, recurring charges', () => {
  const monthly = (payee: string, months: string[], amount: number, extra: Partial<YnabTransaction> = {}) =>
    months.map((m) => tx(`${m}-15`, amount, payee, extra));
  const fourBefore = ['2026-05', '2026-06', '2026-07', '2026-08'];
  // the account is in use long before, so that no charge of these tables looks new for want of history
  const opening = tx('2025-01-01', 100_000, 'Starting Balance');
  const kinds = (transactions: YnabTransaction[], extra: Partial<DigestInput> = {}) =>
    needsYou(input({ transactions: [opening, ...transactions], ...extra })).map((x) => [x.kind, x.what]);

  it.each([
    {
      case: "this month's charge 20 % above",
      rows: [...monthly('TV', fourBefore, -10_000), tx('2026-09-05', -12_000, 'TV')],
      want: [['price_change', 'TV now charges 12.00 a month, 10.00 before.']],
    },
    {
      case: "this month's charge 20 % below",
      rows: [...monthly('TV', fourBefore, -10_000), tx('2026-09-05', -8_000, 'TV')],
      want: [['price_change', 'TV now charges 8.00 a month, 10.00 before.']],
    },
    {
      case: "this month's charge 10 % above (not more)",
      rows: [...monthly('TV', fourBefore, -10_000), tx('2026-09-05', -11_000, 'TV')],
      want: [],
    },
    {
      case: "last month's charge, none yet this month",
      rows: [
        ...monthly('TV', ['2026-04', '2026-05', '2026-06', '2026-07'], -10_000),
        tx('2026-08-15', -15_000, 'TV'),
      ],
      want: [['price_change', 'TV now charges 15.00 a month, 10.00 before.']],
    },
    {
      case: "last month's new price, repeated this month",
      rows: [
        ...monthly('TV', ['2026-04', '2026-05', '2026-06', '2026-07'], -10_000),
        tx('2026-08-15', -15_000, 'TV'),
        tx('2026-09-15', -15_000, 'TV'),
      ],
      want: [],
    },
    {
      case: 'spending at varying amounts, not a fixed charge',
      rows: [
        ...[-10_000, -11_000, -9_000, -10_500].map((a, i) => tx(`${fourBefore[i]}-15`, a, 'SHOP')),
        tx('2026-09-05', -14_000, 'SHOP'),
      ],
      want: [],
    },
    {
      case: 'a loan’s interest',
      rows: [
        ...monthly('INTEREST', fourBefore, -10_000, { account_id: 'loan' }),
        tx('2026-09-04', -5_000, 'INTEREST', { account_id: 'loan' }),
      ],
      extra: { accounts: [account('a'), account('loan', { type: 'autoLoan', on_budget: false })] },
      want: [],
    },
    {
      case: 'a charge dated after today',
      rows: [...monthly('TV', fourBefore, -10_000), tx('2026-09-28', -12_000, 'TV')],
      want: [],
    },
    {
      case: 'an outsized charge, named once',
      rows: [...monthly('TV', fourBefore, -10_000), tx('2026-09-05', -90_000, 'TV')],
      want: [['outsized_charge', 'TV charged 90.00 on 2026-09-05, against 10.00 usually.']],
    },
  ])('price change: $case', ({ rows, want, extra }) => {
    expect(kinds(rows, extra)).toEqual(want);
  });

  const lastThree = ['2026-06', '2026-07', '2026-08'];
  it.each([
    {
      case: 'charged in each of the last 3 months, never before',
      rows: monthly('GYM', lastThree, -29_000),
      want: [['new_recurring', 'GYM is charged every month since 2026-06 (29.00).']],
    },
    {
      case: 'charged once in the 6 months before',
      rows: [...monthly('GYM', lastThree, -29_000), tx('2026-01-10', -29_000, 'GYM')],
      want: [],
    },
    {
      case: 'charged before the 6 months only',
      rows: [...monthly('GYM', lastThree, -29_000), tx('2025-11-10', -29_000, 'GYM')],
      want: [['new_recurring', 'GYM is charged every month since 2026-06 (29.00).']],
    },
    {
      case: 'in 2 of the 3 months',
      rows: monthly('GYM', ['2026-06', '2026-08'], -29_000),
      want: [],
    },
    {
      case: 'on an account opened since (moved over from another bank)',
      rows: monthly('GYM', lastThree, -29_000, { account_id: 'new' }),
      extra: { accounts: [account('a'), account('new')] },
      want: [],
    },
    {
      case: 'money in, or a transfer',
      rows: [
        ...monthly('EMPLOYER', lastThree, 2_000_000),
        ...monthly('Transfer : Savings', lastThree, -100_000, { transfer_account_id: 'a' }),
      ],
      want: [],
    },
  ])('new recurring: $case', ({ rows, want, extra }) => {
    expect(kinds(rows, extra)).toEqual(want);
  });

  it('lists a price change before a new recurring charge, and both after an outsized one', () => {
    const rows = [
      ...monthly('CAFE', fourBefore, -5_000),
      tx('2026-09-12', -30_000, 'CAFE'),
      ...monthly('TV', fourBefore, -10_000),
      tx('2026-09-05', -12_000, 'TV'),
      ...monthly('GYM', lastThree, -29_000),
    ];
    const out = needsYou(input({ transactions: [opening, ...rows] }));
    expect(out.map((x) => x.kind)).toEqual(['outsized_charge', 'price_change', 'new_recurring']);
    expect(out[2]!.ids).toHaveLength(3);
    expect(digestMessage(out)).toBe(
      '3 item(s) need you: outsized charge, price change, new recurring. The most pressing first.',
    );
  });
});
