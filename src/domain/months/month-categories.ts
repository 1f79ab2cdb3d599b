/**
 * The categories of a YNAB month detail: flattened whether YNAB nests them in groups or lists them flat,
 * and the "usable" rule of the month tools. Pure.
 */
import type { YnabCategory, YnabMonthDetail } from '../model.js';
import { isInternalCategory } from '../categories/internal.js';

/** A month detail as the month tools read it: YNAB's month plus its categories. */
export type MonthDetail = Pick<YnabMonthDetail, 'month'> &
  Partial<Omit<YnabMonthDetail, 'month' | 'categories'>> & { categories?: readonly YnabCategory[] };

/** A number YNAB sent, or 0 when the field is missing. */
export const milliOf = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : 0;

const isGroup = (item: YnabCategory): boolean => Array.isArray(item['categories']);

/**
 * The month's categories in YNAB's order, flat. An item holding a `categories` array is a group: its
 * categories take the group's name as `category_group_name` when they carry none.
 */
export function monthCategories(detail: Pick<MonthDetail, 'categories'>): YnabCategory[] {
  const out: YnabCategory[] = [];
  for (const item of detail.categories ?? []) {
    if (!isGroup(item)) {
      out.push(item);
      continue;
    }
    for (const c of item['categories'] as YnabCategory[]) {
      out.push({ ...c, category_group_name: c.category_group_name ?? item.name });
    }
  }
  return out;
}

/** Usable: not hidden, not deleted, and not one of YNAB's internal categories. */
export const isUsableCategory = (c: YnabCategory): boolean =>
  c.hidden !== true && c.deleted !== true && !isInternalCategory(c);

/** The usable categories of a month, in YNAB's order. */
export const usableCategories = (detail: Pick<MonthDetail, 'categories'>): YnabCategory[] =>
  monthCategories(detail).filter(isUsableCategory);
