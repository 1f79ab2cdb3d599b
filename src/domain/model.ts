/** The YNAB data shapes the server reads (amounts in milliunits). Pure types. */

export interface YnabPlan {
  id: string;
  name: string;
  last_modified_on?: string | null;
  first_month?: string | null;
  last_month?: string | null;
  currency_format?: YnabCurrencyFormat | null;
  /** How the plan writes dates (`DD/MM/YYYY`…): orders day and month of a statement whose dates do not. */
  date_format?: { format: string } | null;
}

/** How YNAB formats a plan's money (`CurrencyFormat`, given per plan by `GET /plans`). */
export interface YnabCurrencyFormat {
  iso_code?: string | null;
  example_format?: string | null;
  decimal_digits?: number | null;
  decimal_separator?: string | null;
  symbol_first?: boolean | null;
  group_separator?: string | null;
  currency_symbol?: string | null;
  display_symbol?: boolean | null;
}

export interface YnabAccount {
  id: string;
  name: string;
  type: string;
  on_budget: boolean;
  closed: boolean;
  balance: number;
  cleared_balance: number;
  uncleared_balance: number;
  transfer_payee_id?: string | null;
  direct_import_linked?: boolean | null;
  direct_import_in_error?: boolean | null;
  last_reconciled_at?: string | null;
  debt_interest_rates?: Record<string, number> | null;
  debt_minimum_payments?: Record<string, number> | null;
  debt_escrow_amounts?: Record<string, number> | null;
  deleted: boolean;
}

export interface YnabCategory {
  id: string;
  name: string;
  category_group_id: string;
  category_group_name?: string;
  hidden: boolean;
  deleted: boolean;
  budgeted?: number;
  activity?: number;
  balance?: number;
  goal_type?: string | null;
  goal_target?: number | null;
  goal_target_date?: string | null;
  goal_cadence?: number | null;
  goal_cadence_frequency?: number | null;
  goal_creation_month?: string | null;
  goal_needs_whole_amount?: boolean | null;
  goal_under_funded?: number | null;
  goal_overall_funded?: number | null;
  goal_overall_left?: number | null;
  goal_percentage_complete?: number | null;
  goal_months_to_budget?: number | null;
  goal_snoozed_at?: string | null;
  [key: string]: unknown;
}

export interface YnabCategoryGroup {
  id: string;
  name: string;
  hidden: boolean;
  /** YNAB's internal group (Ready to Assign, Uncategorized); absent in older answers. */
  internal?: boolean;
  deleted: boolean;
  categories: YnabCategory[];
}

export interface YnabPayee {
  id: string;
  name: string;
  transfer_account_id?: string | null;
  deleted: boolean;
}

export interface YnabSubTransaction {
  id: string;
  transaction_id?: string;
  amount: number;
  memo?: string | null;
  payee_id?: string | null;
  payee_name?: string | null;
  category_id?: string | null;
  category_name?: string | null;
  transfer_account_id?: string | null;
  transfer_transaction_id?: string | null;
  deleted: boolean;
}

export interface YnabTransaction {
  id: string;
  date: string;
  amount: number;
  memo?: string | null;
  cleared: string;
  approved: boolean;
  flag_color?: string | null;
  /** The name the user gave the flag's colour in YNAB, if any. */
  flag_name?: string | null;
  account_id: string;
  account_name?: string;
  payee_id?: string | null;
  payee_name?: string | null;
  category_id?: string | null;
  category_name?: string | null;
  transfer_account_id?: string | null;
  /** The other side of a transfer. */
  transfer_transaction_id?: string | null;
  /** The transaction YNAB matched this one with (an entered one with its bank import). */
  matched_transaction_id?: string | null;
  import_id?: string | null;
  /** The payee as the import named it, after YNAB's renaming rules, and before them. */
  import_payee_name?: string | null;
  import_payee_name_original?: string | null;
  deleted: boolean;
  subtransactions?: YnabSubTransaction[];
}

export interface YnabScheduledTransaction {
  id: string;
  date_first: string;
  date_next: string;
  frequency: string;
  amount: number;
  memo?: string | null;
  flag_color?: string | null;
  account_id: string;
  account_name?: string;
  payee_id?: string | null;
  payee_name?: string | null;
  category_id?: string | null;
  category_name?: string | null;
  transfer_account_id?: string | null;
  deleted: boolean;
  subtransactions?: YnabSubTransaction[];
}

export interface YnabMonthSummary {
  month: string;
  note?: string | null;
  income: number;
  budgeted: number;
  activity: number;
  to_be_budgeted: number;
  age_of_money?: number | null;
  deleted: boolean;
}

export interface YnabMonthDetail extends YnabMonthSummary {
  categories: YnabCategory[];
}

/** A money movement: money assigned or moved between categories (null side: Ready to Assign). */
export interface YnabMoneyMovement {
  id: string;
  month?: string | null;
  moved_at?: string | null;
  note?: string | null;
  money_movement_group_id?: string | null;
  from_category_id?: string | null;
  to_category_id?: string | null;
  amount: number;
}

/** A money movement group: the movements of one action in YNAB (an assignment, a move). */
export interface YnabMoneyMovementGroup {
  id: string;
  group_created_at: string;
  month: string;
  note?: string | null;
}

/** One item of a bulk `PATCH /transactions`: the id and only the fields to change. */
export interface TransactionPatch {
  id: string;
  date?: string;
  amount?: number;
  payee_id?: string | null;
  payee_name?: string;
  memo?: string | null;
  category_id?: string | null;
  approved?: boolean;
  flag_color?: string | null;
  cleared?: 'cleared' | 'uncleared' | 'reconciled';
  subtransactions?: readonly { amount: number; category_id: string | null; memo?: string }[];
}

/** One item of `POST /transactions` (amount in milliunits). */
export interface NewTransactionBody {
  account_id: string;
  date: string;
  amount: number;
  /** A payee by id: a transfer payee makes YNAB create the linked pair. */
  payee_id?: string | null;
  payee_name?: string;
  memo?: string | null;
  category_id?: string | null;
  cleared: 'cleared' | 'uncleared' | 'reconciled';
  approved: boolean;
  flag_color?: string | null;
  subtransactions?: readonly {
    amount: number;
    category_id: string | null;
    memo?: string | null;
    payee_id?: string | null;
  }[];
}

/** The fields of `PATCH /categories/{id}` (YNAB's `SaveCategory`): a name, a group, or target fields. */
export interface CategoryPatch {
  name?: string;
  category_group_id?: string;
  goal_target?: number | null | undefined;
  goal_target_date?: string | null | undefined;
  goal_frequency?: string | undefined;
  goal_needs_whole_amount?: boolean | null | undefined;
}

/**
 * The body of `POST /scheduled_transactions` and `PUT /scheduled_transactions/{id}` (YNAB's
 * `SaveScheduledTransaction`): the whole object, `date` being the next date (in the future).
 */
export interface ScheduledBody {
  account_id: string;
  date: string;
  amount: number;
  payee_id?: string | null;
  payee_name?: string;
  category_id: string | null;
  memo: string | null;
  flag_color: string | null;
  frequency: string;
}
