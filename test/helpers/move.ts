/**
 * The move of the demo plan that the move and undo outcome tests share: 10.00 from Holidays to
 * Restaurants in 2026-09, the stand-in paths of its two writes, and the journal as parsed lines.
 */
import { existsSync, readFileSync } from 'node:fs';

export const MONTH_PATH = '/plans/demo-budget/months/2026-09-01';
export const HOLIDAYS = `${MONTH_PATH}/categories/cat-holidays`;
export const RESTAURANTS = `${MONTH_PATH}/categories/cat-restaurants`;
export const MOVE = {
  plan_id: 'demo-budget',
  month: '2026-09-01',
  from_category_id: 'cat-holidays',
  to_category_id: 'cat-restaurants',
  amount: 10,
};
export type Out = { status: string; message: string; operation_id: string | null };
export const out = (r: { structuredContent?: unknown }) => r.structuredContent as Out;
/** The journal's entries, none when the file does not exist. */
export const lines = (path: string) =>
  existsSync(path)
    ? readFileSync(path, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Record<string, unknown>)
    : [];
