/**
 * Parameters several tools take: amounts as the agent gives them (finite, bounded, negative for money
 * out), optional dates and account filters. One definition each, so that every tool checks and
 * describes them the same way.
 */
import { z } from 'zod';

const AMOUNT_RULE = 'Negative: money out.';
const boundedAmount = () => z.number().min(-1_000_000_000).max(1_000_000_000);

/** An amount the agent gives: finite, at most a billion either way. */
export const amountParam = (what?: string) =>
  boundedAmount().describe(what === undefined ? AMOUNT_RULE : `${what} ${AMOUNT_RULE}`);

/** The same, optional: null when not given; `signed` false for an amount that is never negative (income). */
export const optionalAmountParam = (what: string, signed = true) =>
  boundedAmount()
    .nullable()
    .default(null)
    .describe(signed ? `${what} ${AMOUNT_RULE}` : what);

/** An optional `YYYY-MM-DD` date parameter (JSON schema `format: date`). */
export const dateParam = (what: string) => z.iso.date().nullable().default(null).describe(what);

export const accountIdsParam = () =>
  z.array(z.string()).max(100).nullable().default(null).describe('Only these.');
