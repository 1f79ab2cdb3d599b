/** The payee listing of `list_payees`, pure. */
import { perSnapshot } from '../memo.js';
import { merchant } from './merchant.js';
import { casefold, clean, compareCodePoints } from '../text.js';

export interface PayeeRow {
  id: string;
  name: string;
  transfer_account_id?: string | null;
  deleted: boolean;
}

export interface PayeeUse {
  payee_id?: string | null;
  date: string;
  deleted: boolean;
}

export interface PayeeLine {
  payee_id: string;
  name: string;
  merchant: string;
  transactions: number;
  last_date: string | null;
}

/** A listed payee with its casefolded name and merchant, the keys of every search and of the order. */
interface Ranked {
  line: PayeeLine;
  name: string;
  merchant: string;
}

/**
 * Every listable payee (neither deleted nor a transfer payee) with its use, most transactions first
 * (ties by casefolded name, in code-point order): once per snapshot of the payees and transactions, so
 * that a search of a large plan's tens of thousands of payees normalises and sorts none of them again.
 */
const ranked = perSnapshot(
  (payees: readonly PayeeRow[], transactions: readonly PayeeUse[]): readonly Ranked[] => {
    const usage = new Map<string, { count: number; last: string }>();
    for (const t of transactions) {
      if (t.deleted || !t.payee_id) continue;
      const u = usage.get(t.payee_id);
      if (!u) usage.set(t.payee_id, { count: 1, last: t.date });
      else {
        u.count += 1;
        if (t.date > u.last) u.last = t.date;
      }
    }
    const rows = payees
      .filter((p) => !p.deleted && !p.transfer_account_id)
      .map((p): Ranked => {
        const u = usage.get(p.id);
        const line: PayeeLine = Object.freeze({
          payee_id: p.id,
          name: clean(p.name),
          merchant: merchant(p.name),
          transactions: u?.count ?? 0,
          last_date: u?.last ?? null,
        });
        return { line, name: casefold(line.name), merchant: casefold(line.merchant) };
      });
    rows.sort((a, b) => b.line.transactions - a.line.transactions || compareCodePoints(a.name, b.name));
    return Object.freeze(rows);
  },
);

/** Payees most transactions name first, filtered by a casefolded search on name or merchant. */
export function rankPayees(
  payees: readonly PayeeRow[],
  transactions: readonly PayeeUse[],
  search: string | null,
  limit: number,
): { payees: PayeeLine[]; total: number; shown: number } {
  const needle = search === null ? null : casefold(search);
  const all = ranked(payees, transactions);
  const found =
    needle === null ? all : all.filter((r) => r.name.includes(needle) || r.merchant.includes(needle));
  const shown = found.slice(0, limit).map((r) => r.line);
  return { payees: shown, total: found.length, shown: shown.length };
}
