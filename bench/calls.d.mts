// The types of calls.mjs, for the tests that call the read tools on the heavy plan.
export declare const BENCH_STATEMENT: string;
export declare const BENCH_ORDERS: string;
export declare const BENCH_RECEIPT: Record<string, unknown>;
export declare const CALLS: readonly (readonly [string, Record<string, unknown>])[];
export declare const CONVERSATION: readonly (readonly [string, Record<string, unknown>])[];
export declare const withFresh: (args: Record<string, unknown>) => Record<string, unknown>;
