/** Types of statement-formats.mjs, for the statement tests. */
import type { StatementMonth } from './statement-fixtures.mjs';

export function units(milli: number, mark?: '.' | ','): string;
export function toCsv(month: StatementMonth): string;
export function toOfx1(month: StatementMonth): string;
export function toQfx(month: StatementMonth): string;
export function toQif(month: StatementMonth): string;
export function toCamt(month: StatementMonth): string;
