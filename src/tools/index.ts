/**
 * The one list of tools, in catalogue order: the read tools by subject, then the write tools in
 * alphabetical order. Each tool lives in `src/tools/<area>/<tool-name>.ts`; a contract test checks that.
 */
import { applyStatement } from './accounts/apply-statement.js';
import { compareStatement } from './accounts/compare-statement.js';
import type { ToolDefinition } from './shared/define-tool.js';
import { listAccounts } from './accounts/list-accounts.js';
import { reconcileAccount } from './accounts/reconcile-account.js';
import { findRecurringCharges } from './analytics/find-recurring-charges.js';
import { forecastBalance } from './analytics/forecast-balance.js';
import { getDebtPayoffPlan } from './analytics/get-debt-payoff-plan.js';
import { getNetWorthTrend } from './analytics/get-net-worth-trend.js';
import { getRunway } from './analytics/get-runway.js';
import { getSavingsRate } from './analytics/get-savings-rate.js';
import { createCategory } from './categories/create-category.js';
import { listCategoryGroups } from './categories/list-category-groups.js';
import { moveMoney } from './categories/move-money.js';
import { setCategoryBudget } from './categories/set-category-budget.js';
import { setCategoryTarget } from './categories/set-category-target.js';
import { updateCategory } from './categories/update-category.js';
import { applyCategories } from './categorize/apply-categories.js';
import { applyItemization } from './categorize/apply-itemization.js';
import { applyRules } from './categorize/apply-rules.js';
import { deleteRule } from './categorize/delete-rule.js';
import { itemizeTransaction } from './categorize/itemize-transaction.js';
import { listRules } from './categorize/list-rules.js';
import { matchOrders } from './categorize/match-orders.js';
import { setRule } from './categorize/set-rule.js';
import { suggestCategories } from './categorize/suggest-categories.js';
import { getAgeOfMoney } from './months/get-age-of-money.js';
import { getBudgetVsActual } from './months/get-budget-vs-actual.js';
import { getCategoryBalances } from './months/get-category-balances.js';
import { getMoneyMovements } from './months/get-money-movements.js';
import { getMonthlySummary } from './months/get-monthly-summary.js';
import { getSpendingTrends } from './months/get-spending-trends.js';
import { getUnderfundedTargets } from './months/get-underfunded-targets.js';
import { listPayees } from './payees/list-payees.js';
import { renamePayee } from './payees/rename-payee.js';
import { getDigest } from './plans/get-digest.js';
import { getChanges } from './plans/get-changes.js';
import { listPlans } from './plans/list-plans.js';
import { approveTransactions } from './transactions/approve-transactions.js';
import { createScheduledTransaction } from './transactions/create-scheduled-transaction.js';
import { createTransactions } from './transactions/create-transactions.js';
import { createTransfer } from './transactions/create-transfer.js';
import { deleteScheduledTransaction } from './transactions/delete-scheduled-transaction.js';
import { deleteTransactions } from './transactions/delete-transactions.js';
import { findTransactions } from './transactions/find-transactions.js';
import { flagTransactions } from './transactions/flag-transactions.js';
import { getTransaction } from './transactions/get-transaction.js';
import { importTransactions } from './transactions/import-transactions.js';
import { listScheduledTransactions } from './transactions/list-scheduled-transactions.js';
import { splitTransaction } from './transactions/split-transaction.js';
import { updateScheduledTransaction } from './transactions/update-scheduled-transaction.js';
import { updateTransactions } from './transactions/update-transactions.js';
import { undoOperation } from './undo/undo-operation.js';

export const readTools = [
  listPlans,
  getDigest,
  getChanges,
  listAccounts,
  compareStatement,
  listCategoryGroups,
  listPayees,
  listScheduledTransactions,
  findTransactions,
  getTransaction,
  suggestCategories,
  itemizeTransaction,
  matchOrders,
  listRules,
  getMonthlySummary,
  getCategoryBalances,
  getBudgetVsActual,
  getSpendingTrends,
  getUnderfundedTargets,
  getMoneyMovements,
  getAgeOfMoney,
  getNetWorthTrend,
  getRunway,
  getSavingsRate,
  getDebtPayoffPlan,
  findRecurringCharges,
  forecastBalance,
] as const;

export const writeTools = [
  applyCategories,
  applyItemization,
  applyRules,
  applyStatement,
  approveTransactions,
  createCategory,
  createScheduledTransaction,
  createTransactions,
  createTransfer,
  deleteRule,
  deleteScheduledTransaction,
  deleteTransactions,
  flagTransactions,
  importTransactions,
  moveMoney,
  reconcileAccount,
  renamePayee,
  setCategoryBudget,
  setCategoryTarget,
  setRule,
  splitTransaction,
  undoOperation,
  updateCategory,
  updateScheduledTransaction,
  updateTransactions,
] as const;

export const allTools: readonly ToolDefinition[] = [...readTools, ...writeTools];
