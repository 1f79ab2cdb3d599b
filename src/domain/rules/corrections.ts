/**
 * The categories a person sets against the suggestion, counted per merchant, direction and category:
 * the second time the same correction is made, it is worth proposing as a rule. Pure.
 */
import { clean } from '../text.js';

export interface Correction {
  merchant: string;
  /** Money out (the suggestion history is kept per direction). */
  outflow: boolean;
  category_id: string;
  count: number;
}

/** A correction made once more than this is proposed as a rule. */
export const PROPOSE_AT = 2;

const same = (a: Omit<Correction, 'count'>, b: Omit<Correction, 'count'>): boolean =>
  a.merchant === b.merchant && a.outflow === b.outflow && a.category_id === b.category_id;

/**
 * The counts with the corrections of one write added (a merchant counted once per write, however
 * many of its transactions it moved), and those that reach PROPOSE_AT with it.
 */
export function countCorrections(
  kept: readonly Correction[],
  made: readonly Omit<Correction, 'count'>[],
): { corrections: Correction[]; reached: Correction[] } {
  const corrections = kept.map((c) => ({ ...c }));
  const reached: Correction[] = [];
  const once = made.filter((m, i) => made.findIndex((o) => same(o, m)) === i);
  for (const m of once) {
    let c = corrections.find((k) => same(k, m));
    if (c === undefined) {
      c = { ...m, count: 0 };
      corrections.push(c);
    }
    c.count += 1;
    if (c.count === PROPOSE_AT) reached.push({ ...c });
  }
  return { corrections, reached };
}

/** The proposal, in the person's terms, that the model may offer as set_rule. */
export function proposal(c: Correction, categoryName: string, suggested: string): string {
  const merchant = clean(c.merchant);
  return `${merchant} was given ${clean(categoryName)} rather than the suggested ${clean(suggested)} twice now: if the user wants that always, offer set_rule (payee "${merchant}", category_id ${c.category_id}); nothing is kept without their yes.`;
}
