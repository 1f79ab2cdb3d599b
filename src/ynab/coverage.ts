/**
 * Every operation of YNAB's API (44 operations) and what avenir-mcp does with it: `used` by the
 * client, `planned`, or `excluded` with the reason. A test checks that the client calls only `used`
 * operations and that every `used` one is called.
 *
 * Checked against YNAB's OpenAPI specification 1.86.0, the newest one YNAB's official SDK repositories
 * hold (ynab/ynab-sdk-js, `open_api_spec.yaml`): every request sent and every field read exists there.
 */
export type Use = 'used' | 'planned' | 'excluded';

export interface Operation {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  use: Use;
  why: string;
}

const op = (method: Operation['method'], path: string, use: Use, why: string): Operation => ({
  method,
  path,
  use,
  why,
});
const P = '/plans/{plan_id}';

/** The version of YNAB's OpenAPI specification the requests and fields were checked against. */
export const YNAB_API_VERSION = '1.86.0';

export const OPERATIONS: readonly Operation[] = [
  op('GET', '/user', 'excluded', 'user details: nothing a tool needs'),
  op('GET', '/plans', 'used', 'list_plans, ynab://plans, last-used resolution'),
  op('GET', P, 'excluded', 'the full plan export: huge; the per-list endpoints are delta-synced instead'),
  op('GET', `${P}/settings`, 'planned', "the plan's currency format"),
  op('GET', `${P}/accounts`, 'used', 'accounts, balances, loan terms'),
  op('GET', `${P}/accounts/{account_id}`, 'excluded', 'by-id getter: the cached list answers'),
  op('POST', `${P}/accounts`, 'excluded', 'account creation is left to YNAB'),
  op('GET', `${P}/categories`, 'used', 'categories and groups'),
  op('GET', `${P}/categories/{category_id}`, 'excluded', 'by-id getter: the cached list answers'),
  op('POST', `${P}/categories`, 'used', 'create_category'),
  op('PATCH', `${P}/categories/{category_id}`, 'used', 'update_category, set_category_target'),
  op('POST', `${P}/category_groups`, 'planned', 'category-group creation'),
  op('PATCH', `${P}/category_groups/{category_group_id}`, 'planned', 'category-group rename'),
  op('GET', `${P}/months`, 'used', 'spending trends, age of money'),
  op('GET', `${P}/months/{month}`, 'used', 'month summary, balances, targets, budget writes'),
  op('GET', `${P}/months/{month}/categories/{category_id}`, 'excluded', 'by-id getter: the month answers'),
  op('PATCH', `${P}/months/{month}/categories/{category_id}`, 'used', 'set_category_budget, move_money'),
  op('GET', `${P}/money_movements`, 'used', 'get_money_movements over several months'),
  op('GET', `${P}/months/{month}/money_movements`, 'used', 'get_money_movements for one month'),
  op('GET', `${P}/money_movement_groups`, 'used', 'get_money_movements over several months'),
  op('GET', `${P}/months/{month}/money_movement_groups`, 'used', 'get_money_movements for one month'),
  op('GET', `${P}/payees`, 'used', 'list_payees, rename_payee'),
  op('GET', `${P}/payees/{payee_id}`, 'excluded', 'by-id getter: the cached list answers'),
  op('POST', `${P}/payees`, 'excluded', 'payee creation: YNAB makes payees from transactions'),
  op('PATCH', `${P}/payees/{payee_id}`, 'used', 'rename_payee'),
  op('GET', `${P}/payee_locations`, 'excluded', 'GPS data: personal, never needed'),
  op('GET', `${P}/payee_locations/{payee_location_id}`, 'excluded', 'GPS data: personal, never needed'),
  op('GET', `${P}/payees/{payee_id}/payee_locations`, 'excluded', 'GPS data: personal, never needed'),
  op('GET', `${P}/transactions`, 'used', 'every transaction read (delta-synced, filtered locally)'),
  op('POST', `${P}/transactions`, 'used', 'create_transactions, the reconcile adjustment'),
  op(
    'PATCH',
    `${P}/transactions`,
    'used',
    'bulk updates: update_transactions, categories, approval, flags, cleared, splits',
  ),
  op('POST', `${P}/transactions/import`, 'used', 'import_transactions'),
  op(
    'GET',
    `${P}/transactions/{transaction_id}`,
    'excluded',
    'by-id getter: get_transaction reads the cached list',
  ),
  op('PUT', `${P}/transactions/{transaction_id}`, 'planned', 'single-transaction update'),
  op(
    'DELETE',
    `${P}/transactions/{transaction_id}`,
    'used',
    'delete_transactions, undo of create, transfer and reconcile',
  ),
  op(
    'GET',
    `${P}/accounts/{account_id}/transactions`,
    'excluded',
    'filtered lists: the cached list is filtered locally',
  ),
  op(
    'GET',
    `${P}/categories/{category_id}/transactions`,
    'excluded',
    'filtered lists: the cached list is filtered locally',
  ),
  op(
    'GET',
    `${P}/payees/{payee_id}/transactions`,
    'excluded',
    'filtered lists: the cached list is filtered locally',
  ),
  op(
    'GET',
    `${P}/months/{month}/transactions`,
    'excluded',
    'filtered lists: the cached list is filtered locally',
  ),
  op(
    'GET',
    `${P}/scheduled_transactions`,
    'used',
    'list_scheduled_transactions, forecast, recurring charges',
  ),
  op(
    'GET',
    `${P}/scheduled_transactions/{scheduled_transaction_id}`,
    'excluded',
    'by-id getter: the cached list answers',
  ),
  op('POST', `${P}/scheduled_transactions`, 'used', 'create_scheduled_transaction, undo of its delete'),
  op(
    'PUT',
    `${P}/scheduled_transactions/{scheduled_transaction_id}`,
    'used',
    'update_scheduled_transaction and its undo',
  ),
  op(
    'DELETE',
    `${P}/scheduled_transactions/{scheduled_transaction_id}`,
    'used',
    'delete_scheduled_transaction, undo of its create',
  ),
];
