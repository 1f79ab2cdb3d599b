/** The demo plan and the YNAB stand-in: used by demo mode (`--demo`), by the tests and by the benchmark. */
export { startStandIn } from './emulator/stand-in.js';
export { DEMO_TODAY } from './household/plan.js';
export type { FaultRule, RecordedRequest, StandIn } from './emulator/stand-in.js';
export { buildDemoPlan, buildPayees } from './household/plan.js';
export { DINAR, YEN, inCurrency } from './household/currencies.js';
export { computeFigures } from './emulator/month-figures.js';
export type { Figures, MonthSummary } from './emulator/month-figures.js';
export type {
  AccountRow,
  CategoryGroupRow,
  CategoryRow,
  PayeeRow,
  PlanData,
  PlanMeta,
  PlanState,
  ScheduledRow,
  SubTransactionRow,
  Target,
  TransactionRow,
} from './plan-data.js';
