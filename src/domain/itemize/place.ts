/**
 * A category for each item of a receipt or an order, from the most telling evidence to the least:
 * a household rule naming the item (its words as the payee or in the memo), the items of past
 * splits whose memo names a like item, the rule deciding the whole charge, the merchant's history,
 * then a category whose name the item holds ("Tennis balls" under Tennis). An item none of them
 * places is left for the person. Pure.
 */
import { suggest, type History } from '../categorize/classify.js';
import type { YnabCategory, YnabTransaction } from '../model.js';
import { matchRule } from '../rules/order.js';
import type { Rule } from '../rules/rule.js';
import { similarity } from '../statements/similarity.js';
import { casefold, clean } from '../text.js';

/** Where a proposed category comes from. */
export type Source = 'rule' | 'items' | 'merchant' | 'name';

export interface Placed {
  category_id: string | null;
  category: string | null;
  by: Source | null;
}

/** How alike two item texts must be for the category of one to be proposed for the other. */
const SAME_ITEM = 0.75;
/** What separates the items a split line's memo names. */
const ITEM_SEPARATOR = /\s*[,;+]\s+|\s*\n\s*/u;

/** An item's text compared: case and accents folded, quantities and prices dropped. */
export function itemKey(text: string): string {
  return casefold(clean(text).normalize('NFD').replace(/\p{M}/gu, ''))
    .replace(/\b\d+(?:[.,]\d+)?\s*(?:x|×|kg|g|l|ml|cl)?\b/gu, ' ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Each item text named in the memos of past split lines, with the categories it was given. */
export function itemHistory(transactions: readonly YnabTransaction[]): Map<string, Map<string, number>> {
  const items = new Map<string, Map<string, number>>();
  for (const t of transactions) {
    if (t.deleted) continue;
    for (const s of t.subtransactions ?? []) {
      if (s.deleted || !s.category_id) continue;
      for (const part of (s.memo ?? '').split(ITEM_SEPARATOR)) {
        const key = itemKey(part);
        if (key === '') continue;
        const counts = items.get(key) ?? new Map<string, number>();
        counts.set(s.category_id, (counts.get(s.category_id) ?? 0) + 1);
        items.set(key, counts);
      }
    }
  }
  return items;
}

/**
 * The most used category that can still be given, of the most alike item text of the history, when
 * alike enough.
 */
function fromItems(
  items: ReadonlyMap<string, ReadonlyMap<string, number>>,
  text: string,
  assignable: ReadonlyMap<string, unknown>,
): string | null {
  const key = itemKey(text);
  if (key === '') return null;
  let best: { counts: ReadonlyMap<string, number>; score: number } | null = null;
  for (const [other, counts] of items) {
    const score = other === key ? 1 : similarity(other, key);
    if (score >= SAME_ITEM && (best === null || score > best.score)) best = { counts, score };
  }
  const kept = [...(best?.counts ?? [])].filter(([id]) => assignable.has(id));
  return kept.length === 0 ? null : kept.reduce((a, b) => (b[1] > a[1] ? b : a))[0];
}

const words = (text: string): string[] =>
  itemKey(text)
    .split(' ')
    .filter((w) => w.length >= 3);

/** The category whose name's words all stand in the item's text (the longest name of those). */
function fromName(categories: readonly YnabCategory[], text: string): YnabCategory | null {
  const said = new Set(words(text));
  const named = categories.filter((c) => {
    const name = words(c.name);
    return name.length > 0 && name.every((w) => said.has(w));
  });
  return named.sort((a, b) => b.name.length - a.name.length)[0] ?? null;
}

/** What the placing reads once per call: the plan's evidence and the charge the items belong to. */
export interface Evidence {
  rules: readonly Rule[];
  history: History;
  items: ReadonlyMap<string, ReadonlyMap<string, number>>;
  /** The categories an item may be given, in YNAB's order. */
  categories: readonly YnabCategory[];
  threshold: number;
}

/** The whole charge as the rules and the merchant's history see it (the merchant as its payee). */
export interface Charge {
  payee_name?: string | null;
  amount: number;
  account_id: string;
}

/**
 * Places each item (its text, its share of the charge in milliunits); `charge` is the transaction,
 * or the merchant when none matched.
 */
export function placeItems(
  items: readonly { text: string; amount: number }[],
  charge: Charge,
  evidence: Evidence,
): Placed[] {
  const assignable = new Map(evidence.categories.map((c) => [c.id, c]));
  const given = (id: string | null | undefined): id is string => typeof id === 'string' && assignable.has(id);
  const sets = (a: { category_id: string | null }) => given(a.category_id);
  // a rule names an item only through its merchant or memo words: an amount or an account alone
  // would decide every item of the charge alike
  const own = evidence.rules.filter(
    (r) => r.condition.merchant !== null || r.condition.memo_words.length > 0,
  );
  const whole = matchRule(evidence.rules, { ...charge, memo: null }, sets);
  const merchant = suggest(evidence.history, charge, assignable, evidence.threshold);
  const as = (id: string, by: Source): Placed => ({
    category_id: id,
    category: clean(assignable.get(id)?.name),
    by,
  });
  return items.map(({ text, amount }) => {
    const item = matchRule(own, { ...charge, amount, payee_name: text, memo: text }, sets);
    if (item !== null && item !== whole) return as(item.action.category_id!, 'rule');
    const past = fromItems(evidence.items, text, assignable);
    if (past !== null) return as(past, 'items');
    if (whole !== null) return as(whole.action.category_id!, 'rule');
    if (merchant !== null) return as(merchant.category_id, 'merchant');
    const byName = fromName(evidence.categories, text);
    if (byName !== null) return as(byName.id, 'name');
    return { category_id: null, category: null, by: null };
  });
}
