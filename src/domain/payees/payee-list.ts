/** The payee listing of `list_payees`, pure. */
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

/** Payees most transactions name first, filtered by a casefolded search on name or merchant. */
export function rankPayees(
  payees: readonly PayeeRow[],
  transactions: readonly PayeeUse[],
  search: string | null,
  limit: number,
): { payees: PayeeLine[]; total: number; shown: number } {
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
  const needle = search === null ? null : casefold(search);
  const lines = payees
    .filter((p) => !p.deleted && !p.transfer_account_id)
    .map((p) => {
      const u = usage.get(p.id);
      return {
        payee_id: p.id,
        name: clean(p.name),
        merchant: merchant(p.name),
        transactions: u?.count ?? 0,
        last_date: u?.last ?? null,
      };
    })
    .filter(
      (p) => needle === null || casefold(p.name).includes(needle) || casefold(p.merchant).includes(needle),
    );
  const keyed = lines.map((line) => ({ line, key: casefold(line.name) }));
  keyed.sort((a, b) => b.line.transactions - a.line.transactions || compareCodePoints(a.key, b.key));
  const shown = keyed.slice(0, limit).map((k) => k.line);
  return { payees: shown, total: lines.length, shown: shown.length };
}
