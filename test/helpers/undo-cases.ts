/**
 * One row for each kind of the journal: the confirmed write on the demo plan that makes an operation
 * of that kind, the YNAB requests its undo sends (in order), and how the stand-in shows what the
 * operation changed — so that a table over these rows can fault each request of each undo and check
 * the books end as the answers say. A new kind without a row fails the tables' completeness test.
 */
import type { FaultRule } from '../../src/demo/index.js';
import type { PlanState } from '../../src/demo/plan-data.js';
import type { Kind } from '../../src/safety/journal-kinds.js';
import { buildDemoPlan } from '../../src/demo/index.js';
import { ACCOUNT as STATEMENT_ACCOUNT, statementPlan } from '../../scripts/statement-fixtures.mjs';
import { call, type Harness, type Session } from './harness.js';
import { HOLIDAYS, MOVE, RESTAURANTS, out } from './move.js';
import { STATEMENT_FILES, statementText } from './statements.js';
import { CASES, PLAN, TX } from './write-cases.js';

export const SCHEDULED = `${PLAN}/scheduled_transactions`;

/** A request of an undo, as the stand-in's faults and records match it. */
export interface Route {
  method: string;
  path: string | RegExp;
}

export interface UndoCase {
  kind: Kind;
  tool: string;
  args: Record<string, unknown>;
  /** The undo's requests in the order it sends them (the later ones only when the first lands). */
  routes: Route[];
  /** What the operation changed, as the stand-in holds it: back to this before it once undone. */
  held: (s: PlanState) => unknown;
  /**
   * Arguments only a call can give (a comparison id): the stand-in made ready and the call made,
   * before the operation; `args` is then not used.
   */
  prepare?: (h: Harness, s: Session) => Promise<Record<string, unknown>>;
  /** Faults the undo needs to send its later requests at all (e.g. YNAB keeping a transfer's other side). */
  setup?: Partial<FaultRule>[];
}

const tx = (s: PlanState, id: string) => s.transactions.find((t) => t.id === id);
const live = (s: PlanState) => s.transactions.filter((t) => !t.deleted);
const from = (tool: string) => {
  const c = CASES.find((x) => x.tool === tool)!;
  return { tool, args: c.args };
};
const budgeted = (s: PlanState) => [
  s.budgets['2026-09-01']?.['cat-holidays'],
  s.budgets['2026-09-01']?.['cat-restaurants'],
];
const ANY_TX = new RegExp(`^${TX}/`);
const ANY_SCHEDULED = new RegExp(`^${SCHEDULED}/`);

export const UNDO_CASES: UndoCase[] = [
  {
    kind: 'categorize',
    ...from('apply_categories'),
    routes: [{ method: 'PATCH', path: TX }],
    held: (s) => tx(s, 'tx-046')?.category_id ?? null,
  },
  {
    kind: 'budget',
    tool: 'set_category_budget',
    args: { month: '2026-09-01', category_id: 'cat-restaurants', amount: 150 },
    routes: [{ method: 'PATCH', path: RESTAURANTS }],
    held: budgeted,
  },
  {
    kind: 'move',
    tool: 'move_money',
    args: MOVE,
    // the target is set back first, then the source
    routes: [
      { method: 'PATCH', path: RESTAURANTS },
      { method: 'PATCH', path: HOLIDAYS },
    ],
    held: budgeted,
  },
  {
    kind: 'target',
    ...from('set_category_target'),
    routes: [{ method: 'PATCH', path: `${PLAN}/categories/cat-holidays` }],
    held: (s) => s.categories.find((c) => c.id === 'cat-holidays')?.target ?? null,
  },
  {
    kind: 'create',
    tool: 'create_transactions',
    args: {
      account_id: 'acc-checking',
      transactions: [
        { date: '2026-09-24', amount: -12.5, payee_name: 'Bakery' },
        { date: '2026-09-24', amount: -7.25, payee_name: 'Kiosk' },
      ],
    },
    // one delete each
    routes: [
      { method: 'DELETE', path: ANY_TX },
      { method: 'DELETE', path: ANY_TX },
    ],
    held: (s) =>
      live(s).filter((t) => t.date === '2026-09-24' && [-12_500, -7_250].includes(t.amount)).length,
  },
  {
    kind: 'flag',
    ...from('flag_transactions'),
    routes: [{ method: 'PATCH', path: TX }],
    held: (s) => tx(s, 'tx-046')?.flag_color ?? null,
  },
  {
    kind: 'edit',
    ...from('update_transactions'),
    routes: [{ method: 'PATCH', path: TX }],
    held: (s) => [tx(s, 'tx-046')?.memo ?? null, tx(s, 'tx-046')?.flag_color ?? null],
  },
  {
    kind: 'delete',
    ...from('delete_transactions'),
    // the recreate is one request; tx-046 comes back once, under a new id
    routes: [{ method: 'POST', path: TX }],
    held: (s) => {
      const was = s.transactions.find((t) => t.id === 'tx-046')!;
      return live(s).filter(
        (t) => t.account_id === was.account_id && t.date === was.date && t.amount === was.amount,
      ).length;
    },
  },
  {
    kind: 'transfer',
    ...from('create_transfer'),
    // the side sent is deleted, then the other one, which YNAB kept here
    routes: [
      { method: 'DELETE', path: ANY_TX },
      { method: 'DELETE', path: ANY_TX },
    ],
    setup: [{ method: 'DELETE', path: ANY_TX, keepTransferSide: true }],
    held: (s) => live(s).filter((t) => Math.abs(t.amount) === 211_000).length,
  },
  {
    kind: 'schedule_create',
    ...from('create_scheduled_transaction'),
    routes: [{ method: 'DELETE', path: ANY_SCHEDULED }],
    held: (s) => s.scheduled_transactions.filter((x) => !x.deleted && x.amount === -35_000).length,
  },
  {
    kind: 'schedule_update',
    ...from('update_scheduled_transaction'),
    routes: [{ method: 'PUT', path: `${SCHEDULED}/sch-rent` }],
    held: (s) => {
      const x = s.scheduled_transactions.find((r) => r.id === 'sch-rent');
      return [x?.amount, x?.memo ?? null];
    },
  },
  {
    kind: 'schedule_delete',
    ...from('delete_scheduled_transaction'),
    // recreated once, under a new id
    routes: [{ method: 'POST', path: SCHEDULED }],
    held: (s) =>
      s.scheduled_transactions.filter((r) => !r.deleted && r.amount === -950_000 && r.frequency === 'monthly')
        .length,
  },
  {
    kind: 'reconcile',
    tool: 'reconcile_account',
    args: { account_id: 'acc-savings', bank_balance: 612.34, adjust: true },
    // the transactions back to cleared, then the adjustment deleted
    routes: [
      { method: 'PATCH', path: TX },
      { method: 'DELETE', path: ANY_TX },
    ],
    held: (s) => live(s).flatMap((t) => (t.account_id === 'acc-savings' ? [[t.id, t.cleared]] : [])),
  },
  {
    kind: 'statement',
    tool: 'apply_statement',
    args: {},
    // the demo month's statement, compared: a fee to create, a duplicate, a mistyped amount
    prepare: async (h, s) => {
      h.standIn.reset(statementPlan(buildDemoPlan()));
      const text = statementText(STATEMENT_FILES[0]!);
      const c = out(
        await call(s, 'compare_statement', {
          account_id: STATEMENT_ACCOUNT,
          statement: text,
          plan_id: 'demo-budget',
        }),
      );
      return { comparison_id: (c as unknown as { comparison_id: string }).comparison_id };
    },
    // the fields put back, then the fee deleted, then the duplicate recreated
    routes: [
      { method: 'PATCH', path: TX },
      { method: 'DELETE', path: ANY_TX },
      { method: 'POST', path: TX },
    ],
    held: (s) =>
      live(s)
        .filter((t) => t.account_id === STATEMENT_ACCOUNT)
        .map((t) => [t.date, t.amount, t.payee_name, t.cleared].join('|'))
        .sort(),
  },
  {
    kind: 'payee',
    ...from('rename_payee'),
    routes: [{ method: 'PATCH', path: `${PLAN}/payees/pay-013` }],
    held: (s) => s.payees.find((p) => p.id === 'pay-013')?.name,
  },
];

/** How many requests the stand-in recorded on a route. */
export const sentOn = (requests: readonly { method: string; path: string }[], r: Route): number =>
  requests.filter(
    (q) => q.method === r.method && (typeof r.path === 'string' ? q.path === r.path : r.path.test(q.path)),
  ).length;
