/**
 * What itemize_transaction and match_orders read of a plan: its transactions, categories and
 * accounts, the household's rules, the histories a category is proposed from, and its currency's
 * decimals (from the plans list, read only when no answer this process had gave them).
 */
import type { Deps } from '../../deps.js';
import { buildHistory } from '../../domain/categorize/classify.js';
import { assignableCategories, offBudgetIds } from '../../domain/categorize/pending.js';
import { itemHistory, type Evidence } from '../../domain/itemize/place.js';
import { perSnapshot } from '../../domain/memo.js';
import type { YnabAccount, YnabTransaction } from '../../domain/model.js';
import { householdRules } from './rule-rows.js';

const historyOf = perSnapshot(buildHistory);
const itemsOf = perSnapshot(itemHistory);

export interface ItemizeReads {
  transactions: readonly YnabTransaction[];
  accounts: readonly YnabAccount[];
  offBudget: Set<string>;
  evidence: Evidence;
  digits: number;
}

export async function itemizeReads(deps: Deps, plan: string): Promise<ItemizeReads> {
  const transactions = await deps.ynab.transactions.list(plan);
  const groups = await deps.ynab.categories.groups(plan);
  const accounts = await deps.ynab.accounts.list(plan);
  let digits = deps.ynab.plans.digitsOf(plan);
  if (digits === undefined) {
    await deps.ynab.plans.list();
    digits = deps.ynab.plans.digitsOf(plan) ?? 2;
  }
  return {
    transactions,
    accounts,
    offBudget: offBudgetIds(accounts),
    digits,
    evidence: {
      rules: await householdRules(deps, plan),
      history: historyOf(transactions),
      items: itemsOf(transactions),
      categories: assignableCategories(groups),
      threshold: deps.config.confidenceThreshold,
    },
  };
}
