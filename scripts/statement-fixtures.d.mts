/** Types of statement-fixtures.mjs, for the statement tests. */
import type { PlanData, TransactionRow } from '../src/demo/index.js';

export const MONTH: string;
export const ACCOUNT: string;
export const PLANTED: {
  fee: { date: string; amount: number; label: string };
  duplicate: { merchant: string; date: string; copyId: string; copyDate: string };
  mistyped: { merchant: string; date: string; bankAmount: number };
  cheque: { id: string; date: string; amount: number; payee: string; memo: string };
  late: { merchant: string; date: string; bankDate: string };
};
export interface MonthLine {
  date: string;
  amount: number;
  label: string;
  kind: 'card' | 'debit' | 'transfer' | 'fee';
  memo: string | null;
  ref: string;
}
export interface StatementMonth {
  from: string;
  to: string;
  openingDate: string;
  opening: number;
  closing: number;
  lines: MonthLine[];
}
export function cardRow(plan: PlanData, merchant: string, date: string): TransactionRow;
export function plantedTransactions(plan: PlanData): TransactionRow[];
export function statementPlan(plan: PlanData): PlanData;
export function statementMonth(plan: PlanData): StatementMonth;
export function statementFiles(plan: PlanData): Record<string, string>;
