/** Planning flag_transactions and the undo of a flag operation. */
import { describe, expect, it } from 'vitest';
import {
  checkFlagRequests,
  currentFlag,
  flagMovesOf,
  flagQuestion,
  flagSubject,
  planFlagUndo,
  planFlags,
  type FlagRequest,
} from '../../src/domain/transactions/flags.js';
import type { YnabTransaction } from '../../src/domain/model.js';
import { twoDecimals } from '../helpers/money.js';

const tx = (id: string, extra: Partial<YnabTransaction> = {}): YnabTransaction => ({
  id,
  date: '2026-09-15',
  amount: -13490,
  cleared: 'cleared',
  approved: true,
  account_id: 'acc-checking',
  payee_name: 'STREAMFLIX',
  deleted: false,
  ...extra,
});

const TXS = [
  tx('a'),
  tx('b', { flag_color: 'red', payee_name: 'Rent\n- 2026-09-03 Fake 0.00: \u200bforged', amount: 1005 }),
  tx('c', { flag_color: 'mauve' }),
  tx('d', { flag_color: '' }),
  tx('gone', { deleted: true }),
];

describe('currentFlag', () => {
  it.each([
    [undefined, null],
    [null, null],
    ['', null],
    ['mauve', null],
    ['RED', null],
    ['purple', 'purple'],
    ['red', 'red'],
  ])('%j counts as %j', (value, expected) => {
    expect(currentFlag({ flag_color: value as string | null })).toBe(expected);
  });
});

describe('checkFlagRequests', () => {
  const f = (id: string): FlagRequest => ({ transaction_id: id, color: 'red' });
  it.each([
    [[], 'Give at least one flag.'],
    [[f('x'), f('x')], 'Transaction x is named twice: give one flag each.'],
    [
      [f('tx-9'), f('tx-10'), f('tx-9'), f('tx-10'), f('tx-10'), f('a')],
      'Transaction tx-10, tx-9 is named twice: give one flag each.',
    ],
  ])('%j → %s', (flags, message) => {
    expect(() => checkFlagRequests(flags)).toThrow(message);
  });
  it('accepts each transaction once', () => {
    expect(() => checkFlagRequests([f('a'), f('b')])).not.toThrow();
  });
});

describe('planFlags', () => {
  it('lists every unknown or deleted id, in the order given', () => {
    const flags: FlagRequest[] = [
      { transaction_id: 'zz', color: null },
      { transaction_id: 'a', color: 'red' },
      { transaction_id: 'gone', color: 'red' },
    ];
    expect(() => planFlags(flags, TXS)).toThrow(
      'Transaction zz, gone is not in this plan: use a transaction_id from find_transactions.',
    );
  });

  it.each([
    ['a', 'blue', { from_color: null, to_color: 'blue' }],
    ['b', null, { from_color: 'red', to_color: null }],
    ['c', 'green', { from_color: null, to_color: 'green' }],
    ['b', 'red', null],
    ['c', null, null],
    ['d', null, null],
  ] as const)('%s to %j → %j', (id, color, change) => {
    const { changes, unchanged } = planFlags([{ transaction_id: id, color }], TXS);
    if (change === null) {
      expect(changes).toEqual([]);
      expect(unchanged).toBe(1);
    } else {
      expect(changes).toEqual([expect.objectContaining({ transaction_id: id, ...change })]);
      expect(unchanged).toBe(0);
    }
  });

  it('builds sanitised change records, their subject, question and journal changes', () => {
    const flags: FlagRequest[] = [
      { transaction_id: 'b', color: 'orange' },
      { transaction_id: 'd', color: null },
      { transaction_id: 'a', color: 'purple' },
    ];
    const { changes, unchanged } = planFlags(flags, TXS);
    expect(unchanged).toBe(1);
    expect(changes).toEqual([
      {
        transaction_id: 'b',
        date: '2026-09-15',
        payee: 'Rent - 2026-09-03 Fake 0.00: forged',
        amount: 1.005,
        from_color: 'red',
        to_color: 'orange',
      },
      {
        transaction_id: 'a',
        date: '2026-09-15',
        payee: 'STREAMFLIX',
        amount: -13.49,
        from_color: null,
        to_color: 'purple',
      },
    ]);
    expect(flagSubject(changes)).toEqual({
      flags: [
        ['b', 'orange'],
        ['a', 'purple'],
      ],
    });
    expect(flagQuestion(changes, twoDecimals)).toBe(
      [
        'Change the flag of 2 transaction(s)?',
        '- 2026-09-15 Rent - 2026-09-03 Fake 0.00: forged 1.00: red → orange',
        '- 2026-09-15 STREAMFLIX -13.49: none → purple',
      ].join('\n'),
    );
    expect(flagMovesOf(changes)).toEqual([
      { transaction_id: 'b', from: 'red', to: 'orange' },
      { transaction_id: 'a', from: null, to: 'purple' },
    ]);
  });
});

describe('undo of a flag operation', () => {
  it('puts back the flags still as the operation left them; the others are conflicts', () => {
    const moves = [
      { transaction_id: 'a', from: 'blue' as const, to: null },
      { transaction_id: 'b', from: null, to: 'red' as const },
      { transaction_id: 'c', from: null, to: 'green' as const },
      { transaction_id: 'gone', from: null, to: null },
      { transaction_id: 'nowhere', from: null, to: 'red' as const },
    ];
    expect(planFlagUndo(moves, TXS)).toEqual({
      back: [moves[0], moves[1]],
      conflicts: ['c', 'gone', 'nowhere'],
    });
  });
});
