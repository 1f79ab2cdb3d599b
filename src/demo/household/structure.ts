/**
 * The fixed tables of the demo plan: plan, accounts, groups, categories with their monthly budget and
 * targets, and the scheduled transactions.
 */
import {
  ACCOUNT_NAMES,
  CAR_LOAN,
  CHECKING,
  FORMER_BANK,
  JOINT_SAVINGS,
  SAVINGS,
  STUDENT_LOAN,
  m,
} from './rows.js';
import { CAR_PAYMENT, CAR_RATE, STUDENT_PAYMENT, STUDENT_RATE, TERMS_DATE } from './history.js';
import type { AccountRow, CategoryGroupRow, CategoryRow, PlanMeta, Target } from '../plan-data.js';

export const PLAN: PlanMeta = {
  id: 'demo-budget',
  name: 'Demo household',
  last_modified_on: '2026-09-20',
  first_month: '2026-06-01',
  last_month: '2026-09-01',
  // A French household (its bank labels are French): euros, as a French YNAB user sets them.
  currency_format: {
    iso_code: 'EUR',
    example_format: '123 456,78',
    decimal_digits: 2,
    decimal_separator: ',',
    symbol_first: false,
    group_separator: ' ',
    currency_symbol: '€',
    display_symbol: true,
  },
  date_format: { format: 'DD/MM/YYYY' },
};

export const MONTHS = ['2026-06-01', '2026-07-01', '2026-08-01', '2026-09-01'];

export const INFLOW = 'cat-inflow';

function account(id: string, type: string, onBudget: boolean, closed: boolean): AccountRow {
  return {
    id,
    name: ACCOUNT_NAMES[id] ?? id,
    type,
    on_budget: onBudget,
    closed,
    note: null,
    direct_import_linked: false,
    direct_import_in_error: false,
    last_reconciled_at: null,
    debt_original_balance: null,
    debt_interest_rates: null,
    debt_minimum_payments: null,
    debt_escrow_amounts: null,
    deleted: false,
  };
}

function loan(id: string, type: string, closed: boolean, rate: number, payment: number): AccountRow {
  return {
    ...account(id, type, false, closed),
    debt_interest_rates: { [TERMS_DATE]: rate },
    debt_minimum_payments: { [TERMS_DATE]: payment },
    debt_escrow_amounts: { [TERMS_DATE]: 0 },
  };
}

export function accounts(): AccountRow[] {
  return [
    {
      ...account(CHECKING, 'checking', true, false),
      direct_import_linked: true,
      last_reconciled_at: '2026-08-31T18:02:11.000Z',
    },
    account(SAVINGS, 'savings', true, false),
    account(JOINT_SAVINGS, 'savings', false, false),
    loan(CAR_LOAN, 'autoLoan', false, CAR_RATE, CAR_PAYMENT),
    loan(STUDENT_LOAN, 'studentLoan', true, STUDENT_RATE, STUDENT_PAYMENT),
    account(FORMER_BANK, 'checking', false, true),
  ];
}

/** Group id rule: `grp-` + the English name lower-cased, spaces turned into hyphens. */
export const groupId = (name: string): string => `grp-${name.toLowerCase().replace(/ /g, '-')}`;

/** `[group name, [[category id, name, budgeted units]]]` in display order. */
const TREE: [string, [string, string, number][]][] = [
  ['Internal Master Category', [[INFLOW, 'Inflow: Ready to Assign', 0]]],
  [
    'Bills',
    [
      ['cat-rent', 'Rent', 950],
      ['cat-power', 'Electricity', 64.2],
      ['cat-internet', 'Internet', 29.99],
      ['cat-phone', 'Phone', 19.99],
    ],
  ],
  [
    'Everyday',
    [
      ['cat-groceries', 'Groceries', 400],
      ['cat-restaurants', 'Restaurants', 120],
      ['cat-transport', 'Transport', 90],
    ],
  ],
  [
    'Fun',
    [
      ['cat-tennis', 'Tennis', 80],
      ['cat-subscriptions', 'Subscriptions', 13.49],
    ],
  ],
  ['Savings goals', [['cat-holidays', 'Holidays', 200]]],
];

function monthly(units: number): Target {
  return {
    goal_type: 'NEED',
    goal_target: m(units),
    goal_target_date: null,
    goal_cadence: 1,
    goal_cadence_frequency: 1,
    goal_creation_month: '2026-06-01',
    goal_needs_whole_amount: true,
    goal_day: null,
    goal_snoozed_at: null,
  };
}

function dated(units: number, date: string): Target {
  return {
    ...monthly(units),
    goal_target_date: date,
    goal_cadence: 0,
    goal_creation_month: '2026-09-01',
    goal_needs_whole_amount: null,
  };
}

/** The targets the plan starts with. */
const TARGETS: Readonly<Record<string, Target>> = {
  'cat-rent': monthly(950),
  'cat-subscriptions': monthly(13.49),
  'cat-groceries': monthly(450),
  'cat-restaurants': monthly(150),
  'cat-transport': dated(250, '2026-10-01'),
  'cat-tennis': dated(480, '2026-12-01'),
};

export function categoryGroups(): CategoryGroupRow[] {
  return TREE.map(([name]) => ({ id: groupId(name), name, hidden: false, deleted: false }));
}

export function categories(): CategoryRow[] {
  return TREE.flatMap(([group, cats]) =>
    cats.map(([id, name]) => ({
      id,
      name,
      category_group_id: groupId(group),
      hidden: false,
      deleted: false,
      note: null,
      // a copy: a test that changes a target (or the stand-in, on a target write) must change its own
      // plan's, never the next plan built in the same process
      target: TARGETS[id] === undefined ? null : { ...TARGETS[id] },
    })),
  );
}

/** The same budget every month; the inflow category is forced to 0. */
export function budgets(): Record<string, Record<string, number>> {
  const perCategory: Record<string, number> = {};
  for (const [, cats] of TREE)
    for (const [id, , units] of cats) if (id !== INFLOW) perCategory[id] = m(units);
  return Object.fromEntries(MONTHS.map((month) => [month, { ...perCategory }]));
}

/** A scheduled transaction before payee ids and names are filled in. */
export interface DraftScheduled {
  id: string;
  date_first: string;
  date_next: string;
  frequency: string;
  amount: number;
  payee: string;
  category_id: string | null;
  transfer_account_id: string | null;
}

const sched = (
  id: string,
  first: string,
  next: string,
  frequency: string,
  units: number,
  payee: string,
  category: string | null,
  to: string | null = null,
): DraftScheduled => ({
  id,
  date_first: first,
  date_next: next,
  frequency,
  amount: m(units),
  payee,
  category_id: category,
  transfer_account_id: to,
});

/** The seven scheduled transactions, all on Checking. */
export function scheduledDrafts(): DraftScheduled[] {
  return [
    sched('sch-rent', '2026-06-03', '2026-10-03', 'monthly', -950, 'LANDLORD SARL', 'cat-rent'),
    sched('sch-internet', '2026-06-06', '2026-10-06', 'monthly', -29.99, 'FIBERNET - PRELEV', 'cat-internet'),
    sched('sch-phone', '2026-06-08', '2026-10-08', 'monthly', -19.99, 'TELCO MOBILE - PRELEV', 'cat-phone'),
    sched('sch-power', '2026-06-12', '2026-10-12', 'monthly', -64.2, 'POWERCO ENERGIE', 'cat-power'),
    sched('sch-salary', '2026-06-28', '2026-09-28', 'monthly', 3200, 'ACME EMPLOYER SALAIRE', INFLOW),
    sched('sch-savings', '2026-06-29', '2026-09-29', 'monthly', -200, 'Transfer : Savings', null, SAVINGS),
    sched('sch-insurance', '2025-10-20', '2026-10-20', 'yearly', -420, 'HOMESAFE INSURANCE', null),
  ];
}
