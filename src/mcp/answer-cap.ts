/**
 * The size cap of a read tool's answer. An answer travels twice in one message (the structured result
 * and its text copy), and a client reading stdio gives up on a message past 10 MB, so an answer of tens
 * of MB (a plan with thousands of accounts or schedules) would end the connection or fill the agent's
 * context. Past the cap the agent gets an error that names the parameters that make the answer smaller.
 */
import type { ToolDefinition } from '../tools/shared/define-tool.js';

/** 2 MB of JSON: a message of about 4 MB with its text copy, far below the 10 MB readers accept. */
export const MAX_ANSWER_BYTES = 2 * 1024 * 1024;

/** The parameters that make an answer smaller, with how to use each, in the order they are offered. */
const NARROWERS: readonly (readonly [string, string])[] = [
  ['limit', 'a smaller limit'],
  ['since_date', 'a later since_date'],
  ['until_date', 'an earlier until_date'],
  ['until', 'an earlier until'],
  ['months_count', 'a smaller months_count'],
  ['max_months', 'a smaller max_months'],
  ['account_ids', 'fewer account_ids'],
  ['category_ids', 'category_ids'],
  ['payee', 'payee'],
  ['search', 'a search'],
  ['include_empty', 'include_empty false'],
];

const megabytes = (bytes: number): string => (bytes / 1024 / 1024).toFixed(1);

/** The error text for an answer over the cap, or null when it fits. */
export function answerTooLarge(tool: ToolDefinition, json: string, cap = MAX_ANSWER_BYTES): string | null {
  const bytes = Buffer.byteLength(json, 'utf8');
  if (bytes <= cap) return null;
  const keys = Object.keys(tool.input.shape);
  const ways = NARROWERS.filter(([key]) => keys.includes(key)).map(([, how]) => how);
  const head = `The answer would hold ${megabytes(bytes)} MB, more than the ${megabytes(cap)} MB one answer may hold: nothing was returned.`;
  return ways.length > 0
    ? `${head} Call again with ${ways.join(' or ')}.`
    : `${head} No parameter of ${tool.name} makes it smaller: tell the user this plan is too large for it.`;
}
