/**
 * The dates YNAB takes, checked without a client: a transaction from five years back to one day past
 * today, a scheduled transaction's next date after today and at most five years ahead; each refusal
 * names the bound. The day arithmetic at month, year and leap-day edges.
 */
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/domain/errors.js';
import {
  addDays,
  addYears,
  checkScheduledDate,
  checkTransactionDate,
  transactionDates,
} from '../../src/domain/transactions/date-bounds.js';

const TODAY = '2026-09-25';
const FUTURE =
  'is in the future: YNAB only records transactions that happened, dated 2026-09-26 at the latest (today, 2026-09-25, and a day more for time zones).';

describe('day arithmetic', () => {
  it.each([
    ['2026-09-25', 1, '2026-09-26'],
    ['2026-09-30', 1, '2026-10-01'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2026-03-01', -1, '2026-02-28'],
  ])('addDays(%s, %s) = %s', (date, days, want) => {
    expect(addDays(date, days)).toBe(want);
  });

  it.each([
    ['2026-09-25', -5, '2021-09-25'],
    ['2026-09-25', 5, '2031-09-25'],
    ['2028-02-29', -5, '2023-02-28'],
    ['2028-02-29', 5, '2033-02-28'],
    ['2028-02-29', 4, '2032-02-29'],
    ['2000-02-29', 100, '2100-02-28'],
    ['0004-01-01', -4, '0000-01-01'],
  ])('addYears(%s, %s) = %s', (date, years, want) => {
    expect(addYears(date, years)).toBe(want);
  });

  it('a transaction is dated from five years back to a day past today', () => {
    expect(transactionDates(TODAY)).toEqual({ earliest: '2021-09-25', latest: '2026-09-26' });
  });
});

describe('checkTransactionDate', () => {
  it.each(['2021-09-25', '2024-02-29', '2026-09-24', TODAY, '2026-09-26'])('takes %s', (date) => {
    expect(() => checkTransactionDate(date, TODAY)).not.toThrow();
  });

  it.each([
    ['2026-09-27', `2026-09-27 ${FUTURE}`],
    ['2027-01-01', `2027-01-01 ${FUTURE}`],
    [
      '2021-09-24',
      '2021-09-24 is more than five years ago: YNAB takes no transaction dated before 2021-09-25.',
    ],
    [
      '2019-01-01',
      '2019-01-01 is more than five years ago: YNAB takes no transaction dated before 2021-09-25.',
    ],
    [
      '0000-01-01',
      '0000-01-01 is more than five years ago: YNAB takes no transaction dated before 2021-09-25.',
    ],
  ])('refuses %s', (date, message) => {
    expect(() => checkTransactionDate(date, TODAY)).toThrow(new AppError(message));
  });

  it('puts the prefix before and the advice after', () => {
    const wording = { prefix: 'Transaction tx-1: ', future: ' Schedule it.' };
    expect(() => checkTransactionDate('2026-10-01', TODAY, wording)).toThrow(
      new AppError(`Transaction tx-1: 2026-10-01 ${FUTURE} Schedule it.`),
    );
    // the advice is about the future: an old date gets none
    expect(() => checkTransactionDate('2020-01-01', TODAY, wording)).toThrow(
      new AppError(
        'Transaction tx-1: 2020-01-01 is more than five years ago: YNAB takes no transaction dated before 2021-09-25.',
      ),
    );
  });
});

describe('checkScheduledDate', () => {
  it.each(['2026-09-26', '2027-01-01', '2031-09-25'])('takes %s', (date) => {
    expect(() => checkScheduledDate(date, TODAY)).not.toThrow();
  });

  it.each([
    [
      TODAY,
      "2026-09-25 is not after today (2026-09-25): a scheduled transaction's next date lies in the future. For one that happened, use create_transactions.",
    ],
    [
      '2019-01-01',
      "2019-01-01 is not after today (2026-09-25): a scheduled transaction's next date lies in the future. For one that happened, use create_transactions.",
    ],
    ['2031-09-26', '2031-09-26 is more than five years ahead: YNAB takes a next date up to 2031-09-25.'],
  ])('refuses %s', (date, message) => {
    expect(() => checkScheduledDate(date, TODAY)).toThrow(new AppError(message));
  });

  it('a leap day today: five years ahead ends on the 28th', () => {
    expect(() => checkScheduledDate('2033-02-28', '2028-02-29')).not.toThrow();
    expect(() => checkScheduledDate('2033-03-01', '2028-02-29')).toThrow(
      'YNAB takes a next date up to 2033-02-28.',
    );
  });
});
