/** Corrections of the suggestion, counted across writes until one is worth proposing as a rule. */
import { describe, expect, it } from 'vitest';
import { countCorrections, proposal } from '../../src/domain/rules/corrections.js';

const fresh = { merchant: 'MARKET FRESH', outflow: true, category_id: 'cat-restaurants' };

describe('countCorrections', () => {
  it.each([
    ['a first correction is counted, not proposed', [], [fresh], [{ ...fresh, count: 1 }], []],
    [
      'the second is proposed',
      [{ ...fresh, count: 1 }],
      [fresh],
      [{ ...fresh, count: 2 }],
      [{ ...fresh, count: 2 }],
    ],
    ['a third is not proposed again', [{ ...fresh, count: 2 }], [fresh], [{ ...fresh, count: 3 }], []],
    ['one write counts a merchant once', [], [fresh, fresh], [{ ...fresh, count: 1 }], []],
    [
      'money in and another category are counted apart',
      [{ ...fresh, count: 1 }],
      [
        { ...fresh, outflow: false },
        { ...fresh, category_id: 'cat-groceries' },
      ],
      [
        { ...fresh, count: 1 },
        { ...fresh, outflow: false, count: 1 },
        { ...fresh, category_id: 'cat-groceries', count: 1 },
      ],
      [],
    ],
  ])('%s', (_name, kept, made, corrections, reached) => {
    expect(countCorrections(kept, made)).toEqual({ corrections, reached });
  });

  it('words the proposal in the person’s terms', () => {
    expect(proposal({ ...fresh, count: 2 }, 'Restaurants', 'Groceries')).toBe(
      'MARKET FRESH was given Restaurants rather than the suggested Groceries twice now: if the user wants that always, offer set_rule (payee "MARKET FRESH", category_id cat-restaurants); nothing is kept without their yes.',
    );
  });
});
