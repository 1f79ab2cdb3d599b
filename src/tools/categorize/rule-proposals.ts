/**
 * apply_categories' rule proposals: a category set against the suggestion (the household's rules,
 * else the history) is counted per merchant in the rules store; the second time, the answer proposes
 * a rule in the person's terms. Only the count is kept: a rule needs set_rule and the user's yes.
 */
import type { MoneyText } from '../../domain/money.js';
import type { Change } from '../../domain/categorize/changes.js';
import { reviewPending } from '../../domain/categorize/classify.js';
import type { YnabAccount, YnabCategoryGroup, YnabTransaction } from '../../domain/model.js';
import { merchant } from '../../domain/payees/merchant.js';
import { countCorrections, proposal, type Correction } from '../../domain/rules/corrections.js';
import { withRules } from '../../domain/rules/suggest.js';
import type { Deps } from '../../deps.js';

type Made = Omit<Correction, 'count'> & { category: string; suggested: string };

/** The corrections the changes make: each one moving a transaction elsewhere than its suggestion. */
export async function correctionsOf(
  deps: Deps,
  plan: string,
  changes: readonly Change[],
  plan_data: {
    transactions: readonly YnabTransaction[];
    groups: readonly YnabCategoryGroup[];
    accounts: readonly YnabAccount[];
  },
  money: MoneyText,
): Promise<Made[]> {
  const { transactions, groups, accounts } = plan_data;
  const review = reviewPending(transactions, groups, accounts, deps.config.confidenceThreshold);
  const { rules } = await deps.rules.read(plan);
  const items = withRules(review, transactions, rules, { money }).items;
  const suggested = new Map(items.map((i) => [i.transaction_id, i.suggestion]));
  const raw = new Map(transactions.map((t) => [t.id, t]));
  return changes.flatMap((c): Made[] => {
    const s = suggested.get(c.transaction_id);
    const tx = raw.get(c.transaction_id);
    const key = merchant(tx?.payee_name);
    if (!s || !tx || key === '' || c.to_category_id === null || s.category_id === c.to_category_id) return [];
    return [
      {
        merchant: key,
        outflow: tx.amount < 0,
        category_id: c.to_category_id,
        category: c.to_category ?? c.to_category_id,
        suggested: s.category_name,
      },
    ];
  });
}

/**
 * Counts the corrections of an applied write and returns the proposals that reach two. The change is
 * in YNAB already: a store that cannot count only loses the proposal (logged), never the answer.
 */
export async function proposalsAfter(deps: Deps, plan: string, made: readonly Made[]): Promise<string[]> {
  if (made.length === 0) return [];
  try {
    const reached = await deps.rules.change(plan, (book) => {
      const counted = countCorrections(
        book.corrections,
        made.map(({ merchant: m, outflow, category_id }) => ({ merchant: m, outflow, category_id })),
      );
      return { book: { ...book, corrections: counted.corrections }, result: counted.reached };
    });
    return reached.map((c) => {
      const m = made.find(
        (x) => x.merchant === c.merchant && x.outflow === c.outflow && x.category_id === c.category_id,
      );
      return proposal(c, m?.category ?? c.category_id, m?.suggested ?? '');
    });
  } catch (error) {
    deps.log.warning('rules', `Corrections could not be counted: ${String(error)}`);
    return [];
  }
}
