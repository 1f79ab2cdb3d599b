/** The demo plan and the YNAB stand-in: used by demo mode (`--demo`), by the tests and by the benchmark. */
export { startStandIn } from './emulator/stand-in.js';
export { DEMO_TODAY } from './household/plan.js';
export { DEMO_USER_ID } from './emulator/stand-in.js';
export type {
  FaultRule,
  IssueOptions,
  OAuthApp,
  Person,
  RecordedRequest,
  Scope,
  StandIn,
  StandInOptions,
  TokenAnswer,
} from './emulator/stand-in.js';
export { ALICE_USER_ID, BOB_USER_ID, demoPeople } from './household/people.js';
export { generatedName, generatedPeople, MAX_GENERATED_PEOPLE } from './household/crowd.js';
export { buildHouseholdPlan, SECOND_HOUSEHOLD } from './household/variant.js';
export type { HouseholdVariant } from './household/variant.js';
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
