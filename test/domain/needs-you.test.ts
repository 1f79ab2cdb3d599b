import { describe, expect, it } from 'vitest';
import { digestMessage, needsYou, type DigestInput } from '../../src/domain/digest/needs-you.js';
import type { YnabAccount, YnabTransaction } from '../../src/domain/model.js';

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
