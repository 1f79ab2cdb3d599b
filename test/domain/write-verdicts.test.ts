/**
 * Verdicts on writes, field by field: a field sent as it already was, creates with fields not taken,
 * objects holding neither value, the verdict when nothing could be checked, and the sentences naming
 * several misses and objects.
 */
import { describe, expect, it } from 'vitest';
import { judge, unchecked, verdictText, type Asked, type Row } from '../../src/domain/write-verify.js';
import { twoDecimals } from '../helpers/money.js';

const plain = (row: Row, field: string) => row[field];
const rows = (o: Record<string, Row>) => new Map(Object.entries(o));
const verdictOf = (asked: Asked[], shown: Record<string, Row>, before: Record<string, Row> = {}) =>
  judge(asked, rows(shown), rows(before), plain, false);
const summary = (v: ReturnType<typeof judge>) => ({
  status: v.status,
  landed: v.landed,
  held: [...v.held].map((k) => k.replace('\u0000', '.')),
  ignored: v.ignored.map((m) => `${m.label}.${m.field}`),
  strange: v.strange.map((m) => `${m.label}.${m.field}`),
  untouched: v.untouched,
});

describe('judge', () => {
  it('takes a field sent as it already was as held but as no change: alone, nothing was applied', () => {
    const asked = [{ key: 't1', label: 'T1', fields: { category_id: 'c1' } }];
    const v = verdictOf(asked, { t1: { category_id: 'c1' } }, { t1: { category_id: 'c1' } });
    expect(summary(v)).toEqual({
      status: 'not_applied',
      landed: false,
      held: ['t1.category_id'],
      ignored: [],
      strange: [],
      untouched: ['t1'],
    });
  });

  it('counts every field a create took as landed', () => {
    const v = verdictOf([{ key: 'n1', label: 'N1', fields: { amount: 5, memo: 'x' } }], {
      n1: { amount: 5, memo: 'x' },
    });
    expect(summary(v)).toEqual({
      status: 'applied',
      landed: true,
      held: ['n1.amount', 'n1.memo'],
      ignored: [],
      strange: [],
      untouched: [],
    });
  });

  it('lists the fields a create did not take as ignored, partial when others landed, not applied when none did', () => {
    const partial = verdictOf([{ key: 'n1', label: 'N1', fields: { amount: 5, memo: 'x' } }], {
      n1: { amount: 5, memo: null },
    });
    expect(summary(partial)).toMatchObject({
      status: 'partial',
      landed: true,
      ignored: ['N1.memo'],
      strange: [],
      untouched: [],
    });
    const none = verdictOf([{ key: 'n1', label: 'N1', fields: { amount: 5, memo: 'x' } }], {
      n1: { amount: 0, memo: null },
    });
    expect(summary(none)).toMatchObject({
      status: 'not_applied',
      landed: false,
      ignored: ['N1.amount', 'N1.memo'],
      untouched: [],
    });
  });

  it('keeps an object that holds neither value out of the untouched ones', () => {
    const asked = [
      { key: 't1', label: 'T1', fields: { memo: 'new' } },
      { key: 't2', label: 'T2', fields: { memo: 'new' } },
    ];
    const v = verdictOf(
      asked,
      { t1: { memo: 'new' }, t2: { memo: 'someone else' } },
      { t1: { memo: 'old' }, t2: { memo: 'old' } },
    );
    expect(summary(v)).toMatchObject({ status: 'unknown', strange: ['T2.memo'], untouched: [], ignored: [] });
  });

  it('is partial when one object changed and another was not', () => {
    const asked = [
      { key: 't1', label: 'T1', fields: { memo: 'new' } },
      { key: 't2', label: 'T2', fields: { memo: 'new' } },
    ];
    const v = verdictOf(
      asked,
      { t1: { memo: 'new' }, t2: { memo: 'old' } },
      { t1: { memo: 'old' }, t2: { memo: 'old' } },
    );
    expect(summary(v)).toMatchObject({ status: 'partial', landed: true, untouched: ['t2'], ignored: [] });
  });
});

describe('unchecked and verdictText', () => {
  it('gives a verdict of nothing known when no check was possible', () => {
    expect(unchecked('the read timed out')).toEqual({
      status: 'unknown',
      lost: true,
      why: 'the read timed out',
      landed: false,
      held: new Set(),
      ignored: [],
      strange: [],
      untouched: [],
    });
  });

  it("says it is YNAB's word when YNAB answered but the read to check it failed", () => {
    const v = { ...unchecked('YNAB 503'), lost: false };
    expect(verdictText(v, [], 'find_transactions', twoDecimals)).toBe(
      "YNAB answered that it made the change, but its answer did not show the result, and the one read to check it failed (YNAB 503): this is YNAB's word, not checked. Check with find_transactions.",
    );
  });

  it('says nothing more of a plain applied write', () => {
    const v = verdictOf([{ key: 'n1', label: 'N1', fields: { amount: 5 } }], { n1: { amount: 5 } });
    expect(verdictText(v, [], 'find_transactions', twoDecimals)).toBe('');
  });

  it('names several objects left unchanged, and several misses, each value as the user knows it', () => {
    const asked: Asked[] = [
      {
        key: 't1',
        label: 'T1',
        fields: { memo: 'new', goal_day: 15, approved: true, amount: -2000, flag_color: 'red' },
      },
      { key: 't2', label: 'T2', fields: { memo: 'new' } },
      { key: 't3', label: 'T3', fields: { memo: 'new' } },
    ];
    const before = {
      t1: { memo: 'old', goal_day: 1, approved: false, amount: -1000 },
      t2: { memo: 'old' },
      t3: { memo: 'old' },
    };
    const none = verdictOf(asked.slice(1), { t2: { memo: 'old' }, t3: { memo: 'old' } }, before);
    expect(verdictText(none, asked, 'find_transactions', twoDecimals)).toBe(
      'YNAB answered, but holds none of the change: T2, T3 unchanged.',
    );
    const shown = {
      t1: { memo: 'new', goal_day: 1, approved: false, amount: -1000 },
      t2: { memo: 'x' },
      t3: { memo: 'y' },
    };
    expect(verdictText(verdictOf(asked, shown, before), asked, 'find_transactions', twoDecimals)).toBe(
      "Do not repeat this change yet: YNAB answered, but: YNAB did not take goal_day of T1 (YNAB holds 1, not 15); approved of T1 (YNAB holds false, not true); amount of T1 (YNAB holds -1.00, not -2.00); flag_color of T1 (YNAB holds none, not 'red'); memo of T2 (YNAB holds 'x', not 'new'); memo of T3 (YNAB holds 'y', not 'new'): neither the old nor the new value. Check with find_transactions before anything else; do not repeat it blindly.",
    );
  });
});
