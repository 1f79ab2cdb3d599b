/** Dates and months as strings: `YYYY-MM-DD`, months `YYYY-MM-01`. */

export const MONTH_PARAM = /^\d{4}-(0[1-9]|1[0-2])-01$/;

/**
 * True for a real calendar date written `YYYY-MM-DD`: read as a UTC midnight and written back, it gives
 * the same ten characters (a 30 February rolls over to March, any other form differs or does not read).
 */
export function isIsoDate(text: string): boolean {
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

/** The first day of the month of a date: `2026-09-25` → `2026-09-01`. */
export const monthOf = (date: string): string => `${date.slice(0, 7)}-01`;
