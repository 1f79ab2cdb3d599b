/**
 * Every YNAB operation this server sends, as data: its method and its path template in the words of
 * YNAB's OpenAPI specification. The typed methods of `api.ts` send only these, and the coverage list
 * (`coverage.ts`) is checked against this table, so an operation cannot be used without being listed.
 */
import { MONTH_PARAM } from '../domain/dates.js';
import type { Method } from './client.js';

export interface Endpoint {
  readonly method: Method;
  /** The path as YNAB's specification writes it, e.g. `/plans/{plan_id}/transactions`. */
  readonly path: string;
}

const P = '/plans/{plan_id}';
const e = (method: Method, path: string): Endpoint => ({ method, path });

export const ENDPOINTS = {
  listPlans: e('GET', '/plans'),
  listAccounts: e('GET', `${P}/accounts`),
  listCategories: e('GET', `${P}/categories`),
  createCategory: e('POST', `${P}/categories`),
  updateCategory: e('PATCH', `${P}/categories/{category_id}`),
  listMonths: e('GET', `${P}/months`),
  getMonth: e('GET', `${P}/months/{month}`),
  updateMonthCategory: e('PATCH', `${P}/months/{month}/categories/{category_id}`),
  listMoneyMovements: e('GET', `${P}/money_movements`),
  listMonthMoneyMovements: e('GET', `${P}/months/{month}/money_movements`),
  listMoneyMovementGroups: e('GET', `${P}/money_movement_groups`),
  listMonthMoneyMovementGroups: e('GET', `${P}/months/{month}/money_movement_groups`),
  listPayees: e('GET', `${P}/payees`),
  updatePayee: e('PATCH', `${P}/payees/{payee_id}`),
  listScheduled: e('GET', `${P}/scheduled_transactions`),
  createScheduled: e('POST', `${P}/scheduled_transactions`),
  updateScheduled: e('PUT', `${P}/scheduled_transactions/{scheduled_transaction_id}`),
  deleteScheduled: e('DELETE', `${P}/scheduled_transactions/{scheduled_transaction_id}`),
  listTransactions: e('GET', `${P}/transactions`),
  createTransactions: e('POST', `${P}/transactions`),
  updateTransactions: e('PATCH', `${P}/transactions`),
  importTransactions: e('POST', `${P}/transactions/import`),
  deleteTransaction: e('DELETE', `${P}/transactions/{transaction_id}`),
} as const satisfies Record<string, Endpoint>;

/**
 * The path segments of an endpoint, each `{variable}` replaced by the next value given. A `{month}` is
 * always a first day, `YYYY-MM-01`: YNAB resolves its own `current` in UTC, which is another month than
 * the user's near a month's end, so the server resolves it from the user's date and never sends it.
 */
export function segments(endpoint: Endpoint, values: readonly string[]): string[] {
  let next = 0;
  return endpoint.path
    .slice(1)
    .split('/')
    .map((part) => {
      if (!part.startsWith('{')) return part;
      const value = values[next++];
      if (value === undefined) throw new Error(`${endpoint.path}: missing ${part}`);
      if (part === '{month}' && !MONTH_PARAM.test(value))
        throw new Error(
          `${endpoint.path}: {month} must be YYYY-MM-01, resolved before sending, got ${value}`,
        );
      return value;
    });
}
