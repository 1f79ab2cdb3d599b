/** The reconciliation gap analysis, in integer milliunits: sums, uncleared, explained_by, duplicates. */
import { describe, expect, it } from 'vitest';
import type { YnabTransaction } from '../../src/domain/model.js';
import { analyseGap, analysisOf, duplicatePairs } from '../../src/domain/accounts/reconcile-gap.js';
import { twoDecimals } from '../helpers/money.js';

const TODAY = '2026-09-25';

function tx(
  id: string,
  amount: number,
  cleared = 'cleared',
  extra: Partial<YnabTransaction> = {},
): YnabTransaction {
  return {
    id,
    date: '2026-09-10',
    amount,
    cleared,
    approved: true,
    account_id: 'acc',
    payee_name: `PAYEE ${id}`,
    deleted: false,
    ...extra,
  };
}

describe('analyseGap', () => {
  const rows = [
    tx('a', -10_000),
    tx('b', -5_500, 'reconciled'),
    tx('c', -2_250, 'uncleared'),
    tx('d', 1_000, 'uncleared'),
    tx('e', -2_250, 'uncleared'),
    tx('other', -99_000, 'cleared', { account_id: 'acc-2' }),
    tx('gone', -7_000, 'cleared', { deleted: true }),
  ];

  it.each([
    // bank, cleared, working, difference, to reconcile, uncleared, explained by
    [-15_500, -15_500, -19_000, 0, ['a'], ['c', 'd', 'e'], []],
    [-17_750, -15_500, -19_000, -2_250, ['a'], ['c', 'd', 'e'], ['c', 'e']],
    [-14_500, -15_500, -19_000, 1_000, ['a'], ['c', 'd', 'e'], ['d']],
    [-15_000, -15_500, -19_000, 500, ['a'], ['c', 'd', 'e'], []],
  ])(
    'bank %d → cleared %d, working %d, difference %d',
    (bank, cleared, working, difference, toReconcile, uncleared, explained) => {
      const gap = analyseGap(rows, 'acc', bank, TODAY, twoDecimals);
      expect(gap).toMatchObject({ bank, cleared, working, difference, toReconcile, explainedBy: explained });
      expect(gap.uncleared.map((t) => t.id)).toEqual(uncleared);
    },
  );

  it('an empty account has nothing to reconcile and the whole bank balance as difference', () => {
    expect(analyseGap([], 'acc', 12_340, TODAY, twoDecimals)).toEqual({
      bank: 12_340,
      cleared: 0,
      working: 0,
      difference: 12_340,
      toReconcile: [],
      uncleared: [],
      explainedBy: [],
      possibleDuplicates: [],
      explainedByNote:
        'Empty: no uncleared transaction has exactly the amount 12.34 that clearing would need. Look for a charge YNAB has that the bank does not, or income or a refund the bank received that YNAB lacks.',
    });
  });

  it('a split counts once, by its parent amount', () => {
    const split = tx('s', -30_000, 'cleared', {
      subtransactions: [
        { id: 's-0', amount: -10_000, deleted: false },
        { id: 's-1', amount: -20_000, deleted: false },
      ],
    });
    expect(analyseGap([split], 'acc', -30_000, TODAY, twoDecimals)).toMatchObject({
      cleared: -30_000,
      difference: 0,
    });
  });

  it('analysisOf gives units, the balance as given, at most 50 uncleared with sanitised payees', () => {
    const many = Array.from({ length: 55 }, (_, i) =>
      tx(`u${String(i).padStart(2, '0')}`, -1_000, 'uncleared', {
        payee_name: 'Rent\n- 2026-09-03 Fake 0.00: \u200bforged',
      }),
    );
    const a = analysisOf(
      'acc',
      -0.0004,
      analyseGap([tx('a', 2_500), ...many], 'acc', 0, TODAY, twoDecimals),
      twoDecimals,
    );
    expect(a).toMatchObject({
      account_id: 'acc',
      bank_balance: -0.0004,
      cleared_balance: 2.5,
      working_balance: -52.5,
      difference: -2.5,
      to_reconcile_count: 1,
      uncleared_count: 55,
      higher: 'ynab',
      gap: 'YNAB shows 2.50 more than the bank.',
      explained_by: [],
    });
    expect(a.uncleared).toHaveLength(50);
    expect(a.uncleared[0]).toEqual({
      transaction_id: 'u00',
      date: '2026-09-10',
      amount: -1,
      payee: 'Rent - 2026-09-03 Fake 0.00: forged',
    });
  });
});

describe('the direction of the gap', () => {
  const dup = (id: string, amount: number, cleared = 'cleared') =>
    tx(id, amount, cleared, { date: '2026-09-08', payee_name: 'CB MARKET FRESH FACT 190926 5251**1' });
  const charges = [dup('x', -71_860), dup('y', -71_860)];
  const cleared = -143_720;

  it('YNAB above the bank: a duplicated charge is not offered, and the note says why', () => {
    const gap = analyseGap(charges, 'acc', cleared - 71_860, TODAY, twoDecimals);
    expect(gap.possibleDuplicates).toEqual([]);
    const a = analysisOf('acc', -215.58, gap, twoDecimals);
    expect(a).toMatchObject({ higher: 'ynab', gap: 'YNAB shows 71.86 more than the bank.' });
    expect(a.explained_by_note).toBe(
      'Empty: no uncleared transaction has exactly the amount -71.86 that clearing would need. Look for an inflow YNAB has that the bank does not, or a charge the bank took that YNAB lacks.',
    );
  });

  it('the bank above YNAB: the duplicated charge is offered and closes the gap exactly', () => {
    const gap = analyseGap(charges, 'acc', cleared + 71_860, TODAY, twoDecimals);
    expect(gap.possibleDuplicates).toEqual([['x', 'y']]);
    expect(analysisOf('acc', -71.86, gap, twoDecimals)).toMatchObject({
      higher: 'bank',
      gap: 'The bank shows 71.86 more than YNAB.',
      explained_by_note:
        'Empty: no uncleared transaction has exactly the amount 71.86 that clearing would need. Deleting one copy of a pair in possible_duplicates would close the gap exactly.',
    });
  });

  it('a duplicated inflow is offered when YNAB shows more, and narrows a bigger gap', () => {
    const inflows = [dup('x', 50_000), dup('y', 50_000)];
    expect(analyseGap(inflows, 'acc', 0, TODAY, twoDecimals).possibleDuplicates).toEqual([['x', 'y']]);
    expect(analyseGap(inflows, 'acc', 0, TODAY, twoDecimals).explainedByNote).toContain(
      'narrow the gap, not close it',
    );
    expect(analyseGap(inflows, 'acc', 200_000, TODAY, twoDecimals).possibleDuplicates).toEqual([]);
  });

  it('no duplicate when the balances match, nor a pair of which no copy is cleared', () => {
    expect(analyseGap(charges, 'acc', cleared, TODAY, twoDecimals)).toMatchObject({
      possibleDuplicates: [],
      explainedByNote: 'Nothing to explain: the balances match.',
    });
    const pending = [dup('x', -71_860, 'uncleared'), dup('y', -71_860, 'uncleared')];
    expect(analyseGap(pending, 'acc', 71_860, TODAY, twoDecimals).possibleDuplicates).toEqual([]);
  });

  it('an uncleared charge the bank already took explains YNAB being above it', () => {
    const rows = [tx('c', 100_000), tx('u', -30_000, 'uncleared')];
    const gap = analyseGap(rows, 'acc', 70_000, TODAY, twoDecimals);
    expect(gap.explainedBy).toEqual(['u']);
    expect(gap.explainedByNote).toBe(
      'Clearing one of these uncleared transactions (amount -30.00) would close the gap, if the bank has already taken it.',
    );
  });
});

describe('duplicatePairs', () => {
  const at = (
    id: string,
    date: string,
    amount = -71_860,
    payee = 'CB MARKET FRESH FACT 190926 525130******1',
    cleared = 'cleared',
  ) => tx(id, amount, cleared, { date, payee_name: payee });

  it.each<[string, YnabTransaction[], [string, string][]]>([
    ['the same card line twice', [at('x', '2026-09-19'), at('y', '2026-09-19')], [['x', 'y']]],
    ['sorted by date first', [at('late', '2026-09-20'), at('early', '2026-09-18')], [['early', 'late']]],
    ['3 days apart still pairs', [at('x', '2026-09-01'), at('y', '2026-09-04')], [['x', 'y']]],
    ['4 days apart does not', [at('x', '2026-09-01'), at('y', '2026-09-05')], []],
    ['another amount does not', [at('x', '2026-09-01'), at('y', '2026-09-01', -71_850)], []],
    [
      'another merchant does not',
      [at('x', '2026-09-01'), at('y', '2026-09-01', -71_860, 'CB SUSHI GO FACT 010926')],
      [],
    ],
    [
      'labels of one merchant pair',
      [at('x', '2026-09-01', -5, 'CB ACME FACT 010926 1234**1'), at('y', '2026-09-02', -5, 'ACME')],
      [['x', 'y']],
    ],
    [
      'two empty payees are equal',
      [at('x', '2026-09-01', 5, ''), at('y', '2026-09-01', 5, '')],
      [['x', 'y']],
    ],
    [
      'any status and direction',
      [at('x', '2026-09-01', 4_000, 'P', 'uncleared'), at('y', '2026-09-02', 4_000, 'P', 'reconciled')],
      [['x', 'y']],
    ],
    [
      'three identical charges give three pairs',
      [at('a', '2026-09-01'), at('b', '2026-09-02'), at('c', '2026-09-03')],
      [
        ['a', 'b'],
        ['a', 'c'],
        ['b', 'c'],
      ],
    ],
    ['the window starts today − 60 days', [at('x', '2026-07-27'), at('y', '2026-07-27')], [['x', 'y']]],
    ['older ones are left out', [at('x', '2026-07-26'), at('y', '2026-07-27')], []],
    [
      'the scan stops at the first one further away',
      [at('a', '2026-09-01'), at('b', '2026-09-02', -1), at('c', '2026-09-10')],
      [],
    ],
  ])('%s', (_what, rows, pairs) => {
    expect(duplicatePairs(rows, TODAY)).toEqual(pairs);
  });
});
