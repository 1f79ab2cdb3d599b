/**
 * Money and the one rounding helper (half to even on the exact value, for milliunit conversion,
 * two-decimal texts and every computed figure alike, so that they never disagree by a cent). Inside the
 * server every amount is an integer of milliunits (1.00 = 1000); outside, currency units.
 */

/**
 * Rounds `x` to `digits` decimals (negative digits: tens, hundreds…) on the exact binary value of the
 * double, an exact tie going to the even neighbour. `Math.round` and `toFixed` are both wrong at ties.
 */
export function roundHalfEven(x: number, digits = 0): number {
  if (!Number.isFinite(x)) return x;
  const negative = x < 0; // -0 rounds to 0 like every result of 0 (never -0)
  const exact = Math.abs(x).toFixed(100); // exact decimal expansion at these magnitudes
  const [intPart = '0', fracPart = ''] = exact.split('.');
  const all = intPart + fracPart; // digits with the point after intPart.length
  const cut = intPart.length + digits; // keep all[0..cut)
  if (cut < 0) return 0;
  const kept = all.slice(0, cut) || '0';
  const rest = all.slice(cut);
  const first = rest.charCodeAt(0) - 48;
  const tail = rest.slice(1);
  let up = false;
  if (first > 5) up = true;
  else if (first === 5) {
    if (/[1-9]/.test(tail)) up = true;
    else up = (kept.charCodeAt(kept.length - 1) - 48) % 2 === 1;
  }
  let n = BigInt(kept);
  if (up) n += 1n;
  const scaled = Number(n);
  const result = digits >= 0 ? scaled / 10 ** digits : scaled * 10 ** -digits;
  return negative && result !== 0 ? -result : result;
}

/** Milliunits → currency units (a number), exactly `milli / 1000`. */
export const toUnits = (m: number): number => m / 1000;

/** An agent amount in currency units → milliunits (rounded half to even); refuses non-finite values. */
export function toMilli(units: number): number {
  if (!Number.isFinite(units)) throw new RangeError(`An amount must be a finite number, got ${units}.`);
  return roundHalfEven(units * 1000);
}

/** The most decimals an amount can have: YNAB counts in milliunits. */
const MAX_DIGITS = 3;

/**
 * An amount given in milliunits as text, with the plan's number of decimals: half to even, never
 * `-0.00`. `450.00` in euros, `450` in yen, `450.000` in dinars.
 */
export function fmtMoney(m: number, digits: number): string {
  const d = Number.isInteger(digits) ? Math.min(Math.max(digits, 0), MAX_DIGITS) : 2;
  const units = roundHalfEven(m / 1000, d);
  const text = Math.abs(units).toFixed(d);
  return units < 0 && /[1-9]/.test(text) ? `-${text}` : text;
}

/**
 * How one call writes amounts, dates and months in its texts (messages, questions, previews), as its
 * plan does: `22,50 €`, `14/09/2026` and `September 2026` in the demo plan (domain/plan-text.ts), plain
 * numbers with the plan's decimals and ISO dates while the plan's formats are not known. Handed down
 * explicitly from the tool call to every function that writes an amount or a date, so that no text can
 * take another plan's format, or a default, by accident. Structured figures and data lines are plain
 * numbers and ISO dates and never go through it.
 */
export interface MoneyText {
  /** An amount in milliunits. */
  (m: number): string;
  /** A date (YYYY-MM-DD) as the plan writes its dates. */
  date(iso: string): string;
  /** A month (YYYY-MM-01) in words. */
  month(iso: string): string;
  /**
   * The same call's writer for data: plain numbers with the plan's decimals and ISO dates, for the
   * texts inside rows and fields a model reads as data (a target's description, a change's line) and
   * for the texts kept to compare later (the journal's), which must not change with the formats.
   */
  readonly plain: MoneyText;
}

const asIs = (iso: string): string => iso;

/** Amounts as plain text with a fixed number of decimals, dates and months in ISO (formats not known). */
export function moneyText(digits: number): MoneyText {
  return plainWriter((m) => fmtMoney(m, digits));
}

/** A writer of plain numbers (`amount`), ISO dates and months, its own `plain`. */
export function plainWriter(amount: (m: number) => string): MoneyText {
  const text = Object.assign(amount, { date: asIs, month: asIs }) as Omit<MoneyText, 'plain'>;
  return Object.defineProperty(text, 'plain', { value: text, enumerable: true }) as MoneyText;
}

/** `{x}` of a computed float: shortest round-trip digits, always with a decimal point (`3.0`). */
export const floatText = (x: number): string => (Number.isInteger(x) ? x.toFixed(1) : String(x));
