/**
 * What a write changes, as keys: two writes with a key in common change the same thing, and a write
 * is refused while another with a key in common is pending (its answer lost, no read showing it
 * yet), since asking again could make the change twice. docs/safety.md lists them tool by tool.
 */

/** Existing transactions, by id. */
export const transactionKeys = (ids: readonly string[]): string[] => ids.map((id) => `transaction:${id}`);

/**
 * A new transaction: its account, date and amount (milliunits). The payee is left out on purpose:
 * a second transfer or purchase of the same amount on the same day is what "asking again" makes.
 */
export const newTransactionKey = (account: string, date: string, amount: number): string =>
  `new-transaction:${account}:${date}:${amount}`;

/** Budgeted amounts of categories in one month. */
export const budgetKeys = (month: string, categories: readonly string[]): string[] =>
  categories.map((c) => `budget:${month}:${c}`);

/** An existing category (its name, group or target). */
export const categoryKey = (id: string): string => `category:${id}`;

/** A new category: its group and name, as YNAB compares names (case aside). */
export const newCategoryKey = (group: string, name: string): string =>
  `new-category:${group}:${name.trim().toLowerCase()}`;

/** A payee, by id. */
export const payeeKey = (id: string): string => `payee:${id}`;

/** An existing scheduled transaction, by id. */
export const scheduledKey = (id: string): string => `scheduled:${id}`;

/** A new scheduled transaction: its account, first date and amount. */
export const newScheduledKey = (account: string, date: string, amount: number): string =>
  `new-scheduled:${account}:${date}:${amount}`;

/** An account's reconciliation. */
export const reconcileKey = (account: string): string => `reconcile:${account}`;

/** The undo of one operation. */
export const undoKey = (operation: string): string => `undo:${operation}`;

/** The household's rules of the plan (kept by this server; every rule write changes their order). */
export const rulesKey = (): string => 'rules';
