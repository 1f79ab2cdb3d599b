/**
 * Shared by the tests of the two writes applied at once (approve_transactions, import_transactions):
 * a demo plan with work waiting, the ways an answer is lost, and a session with a journal path.
 */
import { buildDemoPlan, type FaultRule } from '../../src/demo/index.js';
import type { PlanData, PlanState, TransactionRow } from '../../src/demo/plan-data.js';
import { connect, type Harness } from './harness.js';
import { expireOnHold } from './late-session.js';
import { NEVER } from './pending.js';

export const PLAN = '/plans/demo-budget';
export const PATCH = { method: 'PATCH', path: `${PLAN}/transactions` };
export const IMPORT = { method: 'POST', path: `${PLAN}/transactions/import` };
export const PENDING = ['tx-046', 'tx-052'];

/** The demo plan with two transactions waiting for approval and two waiting at the bank. */
export function planWithWork(): PlanData {
  const plan = buildDemoPlan();
  for (const t of plan.transactions) if (PENDING.includes(t.id)) t.approved = false;
  const bank = (id: string, date: string, amount: number, payee: string): TransactionRow => ({
    id,
    date,
    amount,
    memo: null,
    cleared: 'cleared',
    approved: false,
    account_id: 'acc-checking',
    account_name: 'Checking',
    payee_id: null,
    payee_name: payee,
    category_id: null,
    category_name: null,
    transfer_account_id: null,
    import_id: `YNAB:${amount}:${date}:1`,
    deleted: false,
  });
  plan.bank_feed = [
    bank('tx-bank-1', '2026-09-24', -18_400, 'CORNER BAKERY'),
    bank('tx-bank-2', '2026-09-25', -61_250, 'FUEL STOP'),
  ];
  return plan;
}

export const approvedOf = (s: PlanState): boolean[] =>
  PENDING.map((id) => s.transactions.find((t) => t.id === id)?.approved ?? false);
export const bankRows = (s: PlanState): TransactionRow[] =>
  s.transactions.filter((t) => t.id.startsWith('tx-bank'));
export const sent = (h: Harness, route: { method: string; path: string }): number =>
  h.standIn.requests.filter((q) => q.method === route.method && q.path === route.path).length;

export type Out = Record<string, unknown> & { status: string; message: string };
export const out = (r: { structuredContent?: unknown }): Out => r.structuredContent as Out;

export interface Lost {
  name: string;
  fault: Partial<FaultRule>;
  landed: boolean;
  /** The client's timeout (ms), for a fault that answers too late. */
  timeoutMs?: number;
}

export const LOST: Lost[] = [
  { name: 'dropped after it landed', fault: { drop: true, apply: true }, landed: true },
  { name: 'dropped before it landed', fault: { drop: true }, landed: false },
  { name: 'cut off after it landed', fault: { truncate: true, apply: true }, landed: true },
  { name: 'cut off before it landed', fault: { truncate: true }, landed: false },
  { name: 'replaced by an HTML page', fault: { status: 200, body: '<html>proxy</html>' }, landed: false },
  { name: 'too late (a timeout)', fault: { drop: true, hold: NEVER }, landed: false, timeoutMs: 1500 },
];

/**
 * A session on the journal; with `timeoutMs`, its wait for an answer ends after that, or as soon as
 * the stand-in holds the request (expireOnHold).
 */
export const open = (h: Harness, journal: string, timeoutMs?: number) =>
  connect(h, 'modern', {
    env: { AVENIR_MCP_JOURNAL: journal },
    ...(timeoutMs === undefined ? {} : { overrides: { timeoutMs, answerTimer: expireOnHold(h.standIn) } }),
  });
