/** The schedules of forecast_balance summed one line each: how many times each falls due, and its total. */
import { describe, expect, it } from 'vitest';
import { byMonth } from '../../src/domain/analytics/forecast.js';
import { forecastScheduleLines } from '../../src/domain/analytics/forecast-schedules.js';
import type { OccurrenceView } from '../../src/domain/transactions/schedule.js';

const occurrence = (scheduled_id: string, payee: string, date: string, amount: number): OccurrenceView => ({
  scheduled_id,
  date,
  amount,
  account: 'Checking',
  category: 'Bills',
  payee,
  payee_id: null,
  merchant: payee,
  memo: null,
  frequency: 'monthly',
  transfer: false,
});

describe('forecastScheduleLines', () => {
  it('sums a schedule over the months: its first date, the times it falls due and the total to the cent', () => {
    const months = byMonth([
      occurrence('s-rent', 'Rent', '2026-10-01', -0.1),
      occurrence('s-rent', 'Rent', '2026-11-01', -0.1),
      occurrence('s-rent', 'Rent', '2026-12-01', -0.1),
    ]);
    expect(forecastScheduleLines(months)).toEqual([
      {
        scheduled_id: 's-rent',
        payee: 'Rent',
        amount: -0.1,
        frequency: 'monthly',
        account: 'Checking',
        category: 'Bills',
        next_date: '2026-10-01',
        count: 3,
        total: -0.3,
      },
    ]);
  });

  it('orders the lines by first date, then by payee, whatever the order of the occurrences', () => {
    const months = byMonth([
      occurrence('s-z', 'Zoo pass', '2026-10-05', -5),
      occurrence('s-b', 'Bakery', '2026-10-01', -2),
      occurrence('s-a', 'Allowance', '2026-10-01', 20),
      occurrence('s-z', 'Zoo pass', '2026-11-05', -5),
    ]);
    expect(forecastScheduleLines(months).map((l) => [l.payee, l.next_date, l.count, l.total])).toEqual([
      ['Allowance', '2026-10-01', 1, 20],
      ['Bakery', '2026-10-01', 1, -2],
      ['Zoo pass', '2026-10-05', 2, -10],
    ]);
  });

  it('gives no line when nothing falls due', () => {
    expect(forecastScheduleLines([])).toEqual([]);
  });
});
