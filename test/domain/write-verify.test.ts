/**
 * Judging a write from what YNAB shows: every outcome and its sentence, and the creates found
 * again after a lost answer (never an older identical transaction).
 */
import { describe, expect, it } from 'vitest';
import type { NewTransactionBody, YnabTransaction } from '../../src/domain/model.js';
import {
  holds,
  judge,
  patchesHeld,
  unchecked,
  unseen,
  verdictText,
  type Asked,
} from '../../src/domain/write-verify.js';
import { findCreated } from '../../src/domain/transactions/find-created.js';
import { twoDecimals } from '../helpers/money.js';

const plain = (row: Readonly<Record<string, unknown>>, field: string) => row[field];
const A: Asked[] = [
  { key: 't1', label: 'transaction t1', fields: { memo: 'new', amount: -2000 } },
  { key: 't2', label: 'transaction t2', fields: { memo: 'new' } },
];
const BEFORE = new Map([
  ['t1', { memo: 'old', amount: -1000 }],
  ['t2', { memo: 'old' }],
]);
const judged = (shown: Record<string, Record<string, unknown>>, lost = false) =>
  judge(A, new Map(Object.entries(shown)), BEFORE, plain, lost);

describe('judge and verdictText', () => {
  it.each([
    ['applied', { t1: { memo: 'new', amount: -2000 }, t2: { memo: 'new' } }, ''],
    ['not_applied', { t1: { memo: 'old', amount: -1000 }, t2: { memo: 'old' } }, 'holds none of the change'],
    [
      'partial',
      { t1: { memo: 'old', amount: -2000 }, t2: { memo: 'old' } },
      "Only part of it applied: YNAB did not take memo of transaction t1 (YNAB holds 'old', not 'new'); transaction t2 not changed. The rest is in place.",
    ],
    [
      'unknown',
      { t1: { memo: 'other', amount: -2000 }, t2: { memo: 'new' } },
      "YNAB answered, but: memo of transaction t1 (YNAB holds 'other', not 'new'): neither the old nor the new value. Check with find_transactions",
    ],
  ])('%s', (status, shown, text) => {
    const v = judged(shown);
    expect(v.status).toBe(status);
    expect(verdictText(v, A, 'find_transactions', twoDecimals)).toContain(text);
  });

  it('a lost answer read back says so in each outcome', () => {
    expect(
      verdictText(
        judged({ t1: { memo: 'new', amount: -2000 }, t2: { memo: 'new' } }, true),
        A,
        'x',
        twoDecimals,
      ),
    ).toBe("YNAB's answer was lost, but a read-back shows the change in place.");
    // nothing of it shown after the window: unknown, never "not applied" (YNAB may still apply it late)
    const none = judged({ t1: BEFORE.get('t1') ?? {}, t2: { memo: 'old' } }, true);
    expect(none.status).toBe('not_applied');
    const late = unseen(none, 8);
    expect(late).toMatchObject({ status: 'unknown', lost: true, landed: false, why: null, unseenSeconds: 8 });
    expect(verdictText(late, A, 'x', twoDecimals)).toBe(
      "Do not repeat this change yet: YNAB's answer was lost, and reads over 8 s do not show the change. YNAB may still apply it late. Check with x in a few minutes: repeating it now may make it twice.",
    );
    expect(verdictText(judged({ t1: { memo: 'new', amount: -1000 } }, true), A, 'x', twoDecimals)).toMatch(
      /^YNAB's answer was lost; a read-back shows only part of it applied: YNAB did not take amount of transaction t1 \(YNAB holds -1\.00, not -2\.00\); transaction t2 not changed/,
    );
    expect(verdictText(judged({ t1: { memo: 'x', amount: -2000 } }, true), A, 'x', twoDecimals)).toMatch(
      /^Do not repeat this change yet: YNAB's answer was lost, and a read-back does not settle it/,
    );
    expect(verdictText(unchecked('no answer; no read'), A, 'x', twoDecimals)).toBe(
      'Do not repeat this change yet: it may or may not be in YNAB (no answer; no read). Check with x before anything else; repeating it now may make it twice.',
    );
  });

  it('holds names a field or a whole object', () => {
    const v = judged({ t1: { memo: 'old', amount: -2000 }, t2: { memo: 'new' } });
    expect([holds(v, A, 't1', 'amount'), holds(v, A, 't1'), holds(v, A, 't2'), holds(v, A, 'nope')]).toEqual([
      true,
      false,
      true,
      false,
    ]);
  });

  it('a create with a field not taken is partial, one not found is not changed', () => {
    const asked: Asked[] = [
      { key: '#1', label: 'new 1', fields: { memo: 'a', flag_color: null, tags: ['x'] } },
      { key: '#2', label: 'new 2', fields: { memo: 'b' } },
    ];
    const v = judge(asked, new Map([['#1', { memo: null, tags: ['x'] }]]), new Map(), plain, false);
    expect(v.status).toBe('partial');
    expect(verdictText(v, asked, 'x', twoDecimals)).toBe(
      "Only part of it applied: YNAB did not take memo of new 1 (YNAB holds none, not 'a'); new 2 not changed. The rest is in place.",
    );
  });

  it('patchesHeld: all, none, or not settled', () => {
    const rows = [
      { id: 'a', c: 1 },
      { id: 'b', c: 2 },
    ];
    expect(
      patchesHeld(rows, [
        { id: 'a', c: 1 },
        { id: 'b', c: 2 },
      ]),
    ).toBe(true);
    expect(
      patchesHeld(rows, [
        { id: 'a', c: 9 },
        { id: 'z', c: 2 },
      ]),
    ).toBe(false);
    expect(
      patchesHeld(rows, [
        { id: 'a', c: 1 },
        { id: 'b', c: 9 },
      ]),
    ).toBeNull();
  });
});

describe('findCreated', () => {
  const body = (payee: string): NewTransactionBody => ({
    account_id: 'acc',
    date: '2026-09-24',
    amount: -12_500,
    payee_name: payee,
    cleared: 'cleared',
    approved: false,
  });
  const row = (id: string, payee: string, extra: Partial<YnabTransaction> = {}): YnabTransaction => ({
    id,
    account_id: 'acc',
    date: '2026-09-24',
    amount: -12_500,
    payee_name: payee,
    cleared: 'cleared',
    approved: false,
    deleted: false,
    ...extra,
  });

  it('matches each group of identical items to as many candidates, by id order', () => {
    const found = findCreated(
      [body('Bakery'), body('Kiosk'), body('bakery ')],
      [row('t9', 'Bakery'), row('t8', 'Bakery'), row('t7', 'Kiosk', { deleted: true })],
      5,
      twoDecimals,
    );
    expect([...found].map(([k, t]) => [k, t.id])).toEqual([
      ['#1', 't8'],
      ['#3', 't9'],
    ]);
  });

  it('a transfer is matched by its payee id', () => {
    const transfer = { ...body(''), payee_id: 'pay-x' };
    const found = findCreated(
      [transfer],
      [row('t1', 'Transfer', { payee_id: 'pay-x' }), row('t2', '')],
      5,
      twoDecimals,
    );
    expect(found.get('#1')?.id).toBe('t1');
  });

  it.each([
    ['more candidates than sent', [row('t1', 'Bakery'), row('t2', 'Bakery')], 5],
    ['no knowledge to read since', [row('t1', 'Bakery')], undefined],
  ])('refuses to guess with %s', (_name, changed, knowledge) => {
    expect(() => findCreated([body('Bakery')], changed, knowledge, twoDecimals)).toThrow(
      /cannot tell them apart from older ones/,
    );
  });
});
