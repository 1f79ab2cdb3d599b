/**
 * The ISO 8601 week of an instant, in UTC, as `2026-W49`: the key of a weekly digest's send, the same
 * on every instance whatever its zone. Weeks start on Monday; week 1 holds the year's first Thursday,
 * so the last days of December can belong to the next year's week 1 and the first of January to the
 * previous year's last week.
 */
const DAY_MS = 86_400_000;

export function isoWeek(epochMs: number): string {
  const day = new Date(Math.floor(epochMs / DAY_MS) * DAY_MS);
  // the Thursday of the same week decides the year
  const weekday = (day.getUTCDay() + 6) % 7;
  const thursday = new Date(day.getTime() + (3 - weekday) * DAY_MS);
  const year = thursday.getUTCFullYear();
  const firstOfYear = Date.UTC(year, 0, 1);
  const week = Math.floor((thursday.getTime() - firstOfYear) / DAY_MS / 7) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}
