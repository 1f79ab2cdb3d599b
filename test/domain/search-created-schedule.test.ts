/**
 * Where the first tests of the transaction reads left mutants alive: the pages of find_transactions
 * (a last page exactly full, the period's bounds), the account names of a plan, the transactions a
 * lost create's read-back finds among look-alikes, and schedules of a daily step that start after the
 * window opens or lie in a year below 1000.
 */
import { describe, expect, it } from 'vitest';
import type { NewTransactionBody, YnabTransaction } from '../../src/domain/model.js';
import { findCreated } from '../../src/domain/transactions/find-created.js';
import { duplicateCopies } from '../../src/domain/transactions/row-payee.js';
import { occurrenceDate, occurrenceDates } from '../../src/domain/transactions/schedule.js';
import { accountNames, findTransactions, type SearchFilter } from '../../src/domain/transactions/search.js';
import { twoDecimals } from '../helpers/money.js';

const tx = (id: string, extra: Partial<YnabTransaction> = {}): YnabTransaction => ({
  id,
  date: '2026-09-24',
  amount: -12_500,
  cleared: 'cleared',
  approved: false,
  account_id: 'acc',
  payee_name: 'Bakery',
  deleted: false,
  ...extra,
});

describe('findTransactions', () => {
  const rows = ['05', '04', '03', '02', '01'].map((d) =>
    tx(`t${d}`, { date: `2026-09-${d}`, payee_name: `P${d}` }),
  );
  const filter: SearchFilter = {
    since: null,
    until: '2026-09-30',
    amount: null,
    accountIds: null,
    categoryIds: null,
    payee: null,
  };
  const ids = (f: Partial<SearchFilter>, limit = 50, offset = 0) =>
    findTransactions(rows, { ...filter, ...f }, new Map(), limit, offset);

  it('pages: a last page exactly full has no next page', () => {
    expect(ids({}, 2)).toMatchObject({ total_count: 5, truncated: true, next_offset: 2 });
    expect(ids({}, 2, 2)).toMatchObject({ truncated: true, next_offset: 4 });
    const last = ids({}, 1, 4);
    expect(last).toMatchObject({ total_count: 5, truncated: false, next_offset: null });
    expect(last.transactions.map((t) => t.transaction_id)).toEqual(['t01']);
    expect(ids({}, 5)).toMatchObject({ truncated: false, next_offset: null });
  });

  it('keeps the period, both ends included', () => {
    const within = ids({ since: '2026-09-02', until: '2026-09-04' });
    expect(within.transactions.map((t) => t.transaction_id)).toEqual(['t04', 't03', 't02']);
    expect(ids({ until: '2026-09-01' }).transactions.map((t) => t.transaction_id)).toEqual(['t01']);
    expect(ids({ since: '2026-09-06' }).total_count).toBe(0);
  });

  it('shows the account YNAB names, and none when it names none', () => {
    const named = findTransactions([tx('a', { account_name: 'Joint' }), tx('b')], filter, new Map(), 50);
    expect(named.transactions.map((t) => t.account)).toEqual(['Joint', '']);
  });
});

describe('accountNames', () => {
  it('maps each account id to its name', () => {
    expect(
      accountNames([
        { id: 'a', name: 'Checking' },
        { id: 'b', name: 'Savings' },
      ]),
    ).toEqual(
      new Map([
        ['a', 'Checking'],
        ['b', 'Savings'],
      ]),
    );
  });
});

describe('findCreated among look-alikes', () => {
  const body = (extra: Partial<NewTransactionBody> = {}): NewTransactionBody => ({
    account_id: 'acc',
    date: '2026-09-24',
    amount: -12_500,
    payee_name: 'Bakery',
    cleared: 'cleared',
    approved: false,
    ...extra,
  });

  it('takes only the candidate of the same account, date, amount and payee', () => {
    const changed = [
      tx('other-account', { account_id: 'sav' }),
      tx('other-day', { date: '2026-09-23' }),
      tx('other-amount', { amount: -12_000 }),
      tx('other-payee', { payee_name: 'Kiosk' }),
      tx('same', { payee_name: '  BAKERY ' }),
    ];
    expect(
      findCreated([body({ payee_id: null, payee_name: 'bakery ' })], changed, 5, twoDecimals).get('#1')?.id,
    ).toBe('same');
  });

  it('groups only identical items: a different account, date, amount or payee is its own group', () => {
    const bodies = [
      body(),
      body({ account_id: 'sav' }),
      body({ date: '2026-09-23' }),
      body({ amount: -1 }),
      body({ payee_id: 'p-bakery' }),
    ];
    const changed = [
      tx('a'),
      tx('b', { account_id: 'sav' }),
      tx('c', { date: '2026-09-23' }),
      tx('d', { amount: -1 }),
      tx('e', { payee_id: 'p-bakery', payee_name: 'Other name' }),
    ];
    const found = findCreated(bodies, changed, 5, twoDecimals);
    expect([...found].map(([k, t]) => [k, t.id])).toEqual([
      ['#1', 'a'],
      ['#2', 'b'],
      ['#3', 'c'],
      ['#4', 'd'],
      ['#5', 'e'],
    ]);
  });

  it('tells apart items by payee id and by payee name, and finds one sent without a payee', () => {
    const bodies = [
      body({ payee_id: 'p-to-sav' }),
      body({ payee_id: 'p-to-car' }),
      body({ payee_id: null, payee_name: 'Kiosk' }),
      body({ payee_id: null }),
    ];
    const unnamed = tx('d');
    delete unnamed.payee_name;
    const changed = [
      tx('a', { payee_id: 'p-to-sav', payee_name: 'Transfer : Savings' }),
      tx('b', { payee_id: 'p-to-car', payee_name: 'Transfer : Car' }),
      tx('c', { payee_name: 'Kiosk' }),
      tx('e', { payee_name: 'Bakery' }),
    ];
    const found = findCreated(bodies, changed, 5, twoDecimals);
    expect([...found].map(([k, t]) => [k, t.id])).toEqual([
      ['#1', 'a'],
      ['#2', 'b'],
      ['#3', 'c'],
      ['#4', 'e'],
    ]);
    const noPayee: NewTransactionBody = { ...body() };
    delete noPayee.payee_name;
    expect(findCreated([noPayee], [tx('e'), unnamed], 5, twoDecimals).get('#1')?.id).toBe('d');
  });

  it('says how many were sent when the candidates are too many', () => {
    const two = [tx('a'), tx('b')];
    expect(() => findCreated([body()], two, 5, twoDecimals)).toThrow(
      'a read-back finds 2 transaction(s) like the one of 2026-09-24 for -12.50, where 1 was sent, and cannot tell them apart from older ones',
    );
    expect(() => findCreated([body(), body(), body()], two, 5, twoDecimals)).toThrow('where 3 were sent');
  });
});

describe('schedules', () => {
  it('a daily step from a next date after the window opens starts at that date', () => {
    const daily = { date_first: '2026-10-05', date_next: '2026-10-05', frequency: 'daily' };
    expect(occurrenceDates(daily, '2026-10-01', '2026-10-06')).toEqual(['2026-10-05', '2026-10-06']);
  });

  it('keeps the four digits of a year below 1000', () => {
    const monthly = { date_first: '0999-11-30', date_next: '0999-11-30', frequency: 'monthly' };
    expect([occurrenceDate(monthly, 0), occurrenceDate(monthly, 1), occurrenceDate(monthly, 2)]).toEqual([
      '0999-11-30',
      '0999-12-30',
      '1000-01-30',
    ]);
  });
});

describe('duplicateCopies', () => {
  it('a label YNAB left out is the same as an empty one', () => {
    const unnamed = tx('b');
    delete unnamed.payee_name;
    const rows = [tx('a', { payee_name: '' }), unnamed, tx('c', { payee_name: 'x' })];
    expect([...duplicateCopies(rows)].map(([id, copy]) => [id, copy.of])).toEqual([
      ['a', 'b'],
      ['b', 'a'],
    ]);
  });
});
