/**
 * One valid call of every read tool on the demo plan (today 2026-09-25): what the interoperability
 * and Inspector runs call, so that each read answer is checked by a client other than ours.
 *
 * Derived from the definitions: a read tool is called with the demo plan when it takes a `plan_id`,
 * and with nothing else. READ_ARGS, the one hand-written part, adds what a tool needs beyond that:
 * a required parameter (a schema says it is required, not which value the demo plan answers well),
 * or a bound that keeps the answer small. The tool checklist (test/tools/checklist.test.ts) names a
 * read tool whose derived call its own schema refuses, so a new tool cannot be missed here.
 */
import type { ToolDefinition } from '../../src/tools/shared/define-tool.js';
import { allTools } from '../../src/tools/index.js';

const PLAN = { plan_id: 'demo-budget' };

/** Hand-written: the arguments beyond the plan that a read tool needs on the demo plan. */
export const READ_ARGS: Readonly<Record<string, Record<string, unknown>>> = {
  list_payees: { limit: 5 },
  find_transactions: { since_date: '2026-08-01' },
  get_transaction: { transaction_id: 'tx-052' },
  get_money_movements: { since: '2026-06-01' },
  forecast_balance: { until: '2026-12' },
  compare_statement: { account_id: 'acc-checking', statement: 'Date,Payee,Amount\n2026-09-02,SHOP,-1.00\n' },
  itemize_transaction: {
    merchant: 'MARKET FRESH',
    date: '2026-09-05',
    total: 66.12,
    lines: [
      { text: 'Fruit', amount: 20.12 },
      { text: 'Cheese', amount: 46 },
    ],
  },
  match_orders: {
    account_id: 'acc-checking',
    orders: 'Order ID,Order Date,Item,Total\nA-1,2026-09-05,Fruit,66.12\n',
  },
};

/** The call of one read tool: the demo plan if it takes one, and its READ_ARGS. */
export function readCallOf(tool: ToolDefinition): Record<string, unknown> {
  const takesPlan = Object.hasOwn(tool.input.shape, 'plan_id');
  return { ...(takesPlan ? PLAN : {}), ...READ_ARGS[tool.name] };
}

export const READ_CALLS: Readonly<Record<string, Record<string, unknown>>> = Object.fromEntries(
  allTools.filter((t) => t.kind === 'read').map((t) => [t.name, readCallOf(t)]),
);
