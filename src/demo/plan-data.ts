/**
 * The plan data the YNAB stand-in serves. Generic: the demo plan and the benchmark's generated heavy
 * plan are both a `PlanData`. Every amount is an integer of milliunits; the row types use YNAB's own
 * field names so that a row is (almost) what the API answers.
 */

/** YNAB's `CurrencyFormat` of a plan, as `GET /plans` gives it. */
export interface CurrencyFormatRow {
  iso_code: string;
  example_format: string;
  decimal_digits: number;
  decimal_separator: string;
  symbol_first: boolean;
  group_separator: string;
  currency_symbol: string;
  display_symbol: boolean;
}

/** The plan summary of `GET /plans`; a plan without `currency_format` shows amounts without a symbol. */
export interface PlanMeta {
  id: string;
  name: string;
  last_modified_on: string;
  first_month: string;
  last_month: string;
  currency_format?: CurrencyFormatRow;
  /** How the plan writes dates (YNAB's `date_format`): orders day and month of a statement that does not. */
  date_format?: { format: string };
}

/** A date-keyed map of loan terms (`{ "2025-03-31": 4500 }`). */
export type DatedAmounts = Record<string, number>;

/** An account as stored; balances are computed from the transactions when served. */
export interface AccountRow {
  id: string;
  name: string;
  type: string;
  on_budget: boolean;
  closed: boolean;
  note: string | null;
  direct_import_linked: boolean;
  direct_import_in_error: boolean;
  last_reconciled_at: string | null;
  debt_original_balance: number | null;
  debt_interest_rates: DatedAmounts | null;
  debt_minimum_payments: DatedAmounts | null;
  debt_escrow_amounts: DatedAmounts | null;
  deleted: boolean;
}

export interface CategoryGroupRow {
  id: string;
  name: string;
  hidden: boolean;
  deleted: boolean;
  /** YNAB's `internal` flag; absent: true for the group named `Internal Master Category` only. */
  internal?: boolean;
}

/** A category target (YNAB "goal"): the stored part; the computed `goal_*` fields come per month. */
export interface Target {
  goal_type: string;
  goal_target: number;
  goal_target_date: string | null;
  goal_cadence: number;
  goal_cadence_frequency: number;
  goal_creation_month: string;
  goal_needs_whole_amount: boolean | null;
  goal_day: number | null;
  goal_snoozed_at: string | null;
}

export interface CategoryRow {
  id: string;
  name: string;
  category_group_id: string;
  hidden: boolean;
  deleted: boolean;
  note: string | null;
  target: Target | null;
}

export interface PayeeRow {
  id: string;
  name: string;
  transfer_account_id: string | null;
  deleted: boolean;
}

export interface SubTransactionRow {
  id: string;
  transaction_id: string;
  amount: number;
  memo: string | null;
  payee_id: string | null;
  payee_name: string | null;
  category_id: string | null;
  category_name: string | null;
  transfer_account_id: string | null;
  transfer_transaction_id?: string | null;
  deleted: boolean;
}

/** A transaction as YNAB's TransactionDetail. */
export interface TransactionRow {
  id: string;
  date: string;
  amount: number;
  memo: string | null;
  cleared: string;
  approved: boolean;
  flag_color?: string | null;
  account_id: string;
  account_name: string;
  payee_id: string | null;
  payee_name: string | null;
  category_id: string | null;
  category_name: string | null;
  transfer_account_id: string | null;
  /** The other side of a transfer (set on both sides). */
  transfer_transaction_id?: string | null;
  /** The transaction YNAB matched this one with. */
  matched_transaction_id?: string | null;
  import_id?: string | null;
  /** The payee as the import named it, after YNAB's renaming rules, and before them. */
  import_payee_name?: string | null;
  import_payee_name_original?: string | null;
  /** The name the user gave the flag's colour. */
  flag_name?: string | null;
  deleted: boolean;
  subtransactions?: SubTransactionRow[];
}

/** A scheduled transaction as YNAB's ScheduledTransactionDetail. */
export interface ScheduledRow {
  id: string;
  date_first: string;
  date_next: string;
  frequency: string;
  amount: number;
  memo: string | null;
  flag_color: string | null;
  account_id: string;
  account_name: string;
  payee_id: string | null;
  payee_name: string | null;
  category_id: string | null;
  category_name: string | null;
  transfer_account_id: string | null;
  deleted: boolean;
  subtransactions: SubTransactionRow[];
}

/** A money movement as YNAB's MoneyMovement; a null category is Ready to Assign. */
export interface MoneyMovementRow {
  id: string;
  month: string;
  moved_at: string;
  note: string | null;
  money_movement_group_id: string | null;
  from_category_id: string | null;
  to_category_id: string | null;
  amount: number;
}

/** A money movement group as YNAB's MoneyMovementGroup: the movements of one action. */
export interface MoneyMovementGroupRow {
  id: string;
  group_created_at: string;
  month: string;
  note: string | null;
}

/** Everything a plan is made of. Plain JSON-compatible data: a generator can build it. */
export interface PlanData {
  plan: PlanMeta;
  accounts: AccountRow[];
  category_groups: CategoryGroupRow[];
  /** In display order: grouped by `category_group_id` in the order of `category_groups`. */
  categories: CategoryRow[];
  /** The `Inflow: Ready to Assign` category: income, always budgeted 0 and activity 0. */
  inflow_category_id: string;
  payees: PayeeRow[];
  transactions: TransactionRow[];
  scheduled_transactions: ScheduledRow[];
  /** The months the plan serves, `YYYY-MM-01`, oldest first. */
  months: string[];
  /** Budgeted milliunits per month (`YYYY-MM-01`) and category id; absent = 0. */
  budgets: Record<string, Record<string, number>>;
  /** The assignments and moves that made `budgets` (absent: none recorded). */
  money_movements?: MoneyMovementRow[];
  money_movement_groups?: MoneyMovementGroupRow[];
  /**
   * What the linked banks hold for `POST /transactions/import` to bring in, each with its
   * `import_id` (absent: nothing waits, as for the demo household).
   */
  bank_feed?: TransactionRow[];
}

/** The lists YNAB versions with `server_knowledge`. */
export type VersionedList = 'accounts' | 'categories' | 'payees' | 'months' | 'scheduled' | 'transactions';

/** The live state of a stand-in: the plan data plus delta-sync bookkeeping. */
export interface PlanState extends PlanData {
  /** Current server knowledge; 1 while nothing was written. */
  knowledge: number;
  /** Knowledge at which each object last changed (absent = 1), per versioned list, keyed by id. */
  stamps: Record<VersionedList, Map<string, number>>;
  /** How many categories `POST /categories` created (their ids are `cat-new-<n>`). */
  created_categories: number;
}
