/**
 * From get_digest's structuredContent to what the digest view shows: the conclusion, the changes
 * since the last digest when the answer has them, and the items grouped by kind in the answer's own
 * order (the most pressing kinds first), each with the tool that deals with it. Pure functions, so
 * that the grouping is tested without a browser; the text answer stays what the model reads.
 */

/** The key of a result's `_meta` naming the view its tool declares (the server's VIEW_META_KEY). */
export const VIEW_META_KEY = 'avenir-mcp/view';

export interface DigestItem {
  what: string;
  /** The tool that deals with it; null where only YNAB itself can. */
  tool: string | null;
}

export interface DigestGroup {
  kind: string;
  heading: string;
  items: DigestItem[];
}

export interface DigestPage {
  message: string;
  /** The changes since the last digest, a line each; empty when the answer has none. */
  changes: string[];
  groups: DigestGroup[];
  omitted: string | null;
}

/** Each kind's heading; a kind the view does not know yet shows under its own name. */
const HEADINGS: Record<string, string> = {
  scheduled_short: 'Scheduled payments short of money',
  overspent: 'Overspent categories',
  target_due: 'Targets due soon',
  bank_link: 'Bank links in error',
  duplicate: 'Likely duplicates',
  outsized_charge: 'Unusually large charges',
  price_change: 'Recurring charges that changed',
  new_recurring: 'New recurring charges',
  categorize: 'To categorise',
  approve: 'To approve',
  not_reconciled: 'Accounts not reconciled',
};

/** The view's name in a result's `_meta`: the digest only when the result says so. */
export const isDigest = (meta: Record<string, unknown> | undefined): boolean =>
  meta?.[VIEW_META_KEY] === 'digest';

const text = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;

/**
 * The changes as lines, whichever plain shape the answer gives them in: a sentence, a list of
 * sentences or of items with a `what` (or `summary`), or an object whose `summary` or `lines` say
 * them (else its figures, one a line). Nothing else is shown: the view never renders markup.
 */
export function changeLines(changes: unknown): string[] {
  if (changes === null || changes === undefined) return [];
  const plain = text(changes);
  if (plain !== null) return plain === '' ? [] : [plain];
  if (Array.isArray(changes))
    return changes.flatMap((c: unknown) => {
      const line = text(c) ?? text((c as Record<string, unknown> | null)?.what);
      return line === null ? changeLines((c as Record<string, unknown> | null)?.summary) : [line];
    });
  if (typeof changes !== 'object') return [];
  const record = changes as Record<string, unknown>;
  if ('summary' in record || 'lines' in record)
    return [...changeLines(record.summary), ...changeLines(record.lines)];
  return Object.entries(record).flatMap(([key, value]) => {
    const line = text(value);
    return line === null ? [] : [`${key.replaceAll('_', ' ')}: ${line}`];
  });
}

/** The page of a digest answer; null when the answer is not one. */
export function digestPage(out: Record<string, unknown>): DigestPage | null {
  const needs = out.needs_you;
  if (typeof out.message !== 'string' || !Array.isArray(needs)) return null;
  const groups: DigestGroup[] = [];
  for (const n of needs as Record<string, unknown>[]) {
    const kind = String(n.kind);
    let group = groups.find((g) => g.kind === kind);
    if (group === undefined) {
      group = { kind, heading: HEADINGS[kind] ?? kind.replaceAll('_', ' '), items: [] };
      groups.push(group);
    }
    group.items.push({ what: String(n.what), tool: typeof n.tool === 'string' ? n.tool : null });
  }
  return {
    message: out.message,
    changes: changeLines(out.changes),
    groups,
    omitted: typeof out.omitted === 'string' ? out.omitted : null,
  };
}
