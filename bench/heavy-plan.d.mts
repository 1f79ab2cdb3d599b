// The types of heavy-plan.mjs, for the tests that serve a large plan from the same generator.
import type { PlanData } from '../src/demo/index.js';

export declare const HEAVY_PLAN_ID: 'heavy-plan';
export declare const HEAVY_TODAY: string;
export declare const TRANSACTION_SEED: number;
export declare const SCHEDULE_SEED: number;
export declare const INFLOW: string;
export declare function mulberry32(seed: number): () => number;
export declare function buildHeavyPlan(options?: {
  transactions?: number;
  today?: string;
  transactionSeed?: number;
  scheduleSeed?: number;
  schedules?: number;
}): PlanData;
