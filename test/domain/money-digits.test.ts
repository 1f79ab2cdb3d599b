import { describe, expect, it } from 'vitest';
import { fmtMoney, moneyText } from '../../src/domain/money.js';
import { twoDecimals } from '../helpers/money.js';

describe('fmtMoney: the texts of amounts in the plan currency decimals', () => {
  it.each([
    [54_500, 0, '54'],
    [55_500, 0, '56'],
    [-54_500, 0, '-54'],
    [-400, 0, '0'],
    [150_125, 3, '150.125'],
    [-1, 3, '-0.001'],
    [150_125, 2, '150.12'],
    [-4, 2, '0.00'],
    [150_125, 5, '150.125'],
    [150_125, -1, '150'],
    [150_125, 1.5, '150.12'],
  ])('%d milliunits with %d decimals → %s', (milli, digits, text) => {
    expect(fmtMoney(milli, digits)).toBe(text);
  });

  it('moneyText keeps its decimals for every amount of a call', () => {
    expect(twoDecimals(54_500)).toBe('54.50');
    expect(twoDecimals(-54_500)).toBe('-54.50');
    expect(moneyText(0)(54_500)).toBe('54');
    expect(moneyText(3)(-1)).toBe('-0.001');
  });
});
