// The types of raw-plan.mjs, for the tests that serve the raw-label plan.
import type { PlanData } from '../src/demo/index.js';

export declare const RAW_PLAN_ID: 'raw-plan';
export declare const RAW_TODAY: string;
export declare const RAW_TRANSACTION_SEED: number;
export declare const RAW_SCHEDULE_SEED: number;
export declare const LABEL_SEED: number;
export declare function buildRawPlan(options?: {
  transactions?: number;
  today?: string;
  transactionSeed?: number;
  scheduleSeed?: number;
  labelSeed?: number;
}): PlanData;
