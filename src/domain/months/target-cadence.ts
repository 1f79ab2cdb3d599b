/**
 * When a target's amount is due, as YNAB holds it (OpenAPI 1.86.0): `goal_cadence` with
 * `goal_cadence_frequency` (every n months, weeks or years; cadences 3–12 and 14 are "every 2 to 11
 * months" and "every 2 years" on their own), `goal_day` (the weekday of a weekly target, 0 = Sunday,
 * else the day of the month, null = its last day) and `goal_target_date` (the next due date of a
 * repeating target, the only date of a one-time one). Pure.
 */
import type { YnabCategory } from '../model.js';
import type { MoneyText } from '../money.js';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const UNITS: ReadonlyMap<number, [string, string]> = new Map([
  [1, ['month', 'months']],
  [2, ['week', 'weeks']],
  [13, ['year', 'years']],
]);

const whole = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) ? v : null);

/** `each month`, `every 2 weeks`, `every 3 months`…; null for a target that does not repeat. */
export function cadenceWords(c: YnabCategory): string | null {
  // 0 is YNAB's "no cadence"; neither it nor an absent cadence has a unit below
  const cadence = whole(c.goal_cadence) ?? 0;
  if (cadence >= 3 && cadence <= 12) return `every ${cadence - 1} months`;
  if (cadence === 14) return 'every 2 years';
  const unit = UNITS.get(cadence);
  if (unit === undefined) return null;
  const n = whole(c.goal_cadence_frequency) ?? 1;
  return n <= 1 ? `each ${unit[0]}` : `every ${n} ${unit[1]}`;
}

/** ` on Friday`, ` on day 15`, or '' (no day: a month's last day, or none given). */
export function dueDayWords(c: YnabCategory): string {
  const day = whole(c.goal_day);
  if (day === null) return '';
  if (whole(c.goal_cadence) === 2) return WEEKDAYS[day] === undefined ? '' : ` on ${WEEKDAYS[day]}`;
  return day >= 1 && day <= 31 ? ` on day ${day}` : '';
}

/**
 * A spending target's rhythm in words, after its amount: `each month`, `each week on Friday`,
 * `each year, next due 2026-12-15`, `by 2026-10-01`; null when YNAB gives neither cadence nor date.
 */
export function needRhythm(c: YnabCategory, money: MoneyText): string | null {
  const words = cadenceWords(c);
  // the plan's date format in a question, ISO in data (money.plain)
  const date = c.goal_target_date ? money.date(c.goal_target_date) : null;
  if (words === null) return date === null ? null : `by ${date}`;
  return date === null ? `${words}${dueDayWords(c)}` : `${words}, next due ${date}`;
}
