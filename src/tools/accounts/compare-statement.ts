/** `compare_statement`: a bank statement held against the account in YNAB, line by line. */
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { unknownAccount } from '../../domain/accounts/reconcile.js';
import { buildHistory } from '../../domain/categorize/classify.js';
import { assignableCategories } from '../../domain/categorize/pending.js';
import { AppError } from '../../domain/errors.js';
import { perSnapshot } from '../../domain/memo.js';
import { comparisonMessage, statementComparison } from '../../domain/statements/compare.js';
import { dayOrderOfFormat } from '../../domain/statements/date-text.js';
import { DEFAULT_WINDOW_DAYS, matchStatement } from '../../domain/statements/match.js';
import { readStatement } from '../../domain/statements/read-statement.js';
import { AmbiguousDates, type Statement } from '../../domain/statements/statement.js';
import { clean } from '../../domain/text.js';
import { sealComparison } from '../../safety/comparison-seal.js';
import { fingerprint } from '../../safety/fingerprint.js';
import { defineReadTool } from '../shared/define-tool.js';
import { encodeCursor } from '../../domain/cursor.js';
import { leftOut, leftOutField, offsetOf, rowBytes, rowsWithin, ROW_BYTES } from '../shared/paging.js';
import { resolvePlan } from '../shared/resolve-plan.js';
import { DATA_NOTE, planId, untrusted } from '../shared/schemas.js';
import { householdRules } from '../categorize/rule-rows.js';
import { statementText } from './statement-source.js';
import type { YnabTransaction } from '../../domain/model.js';

/** What the account holds that a fix depends on: a change to any of it refuses the comparison's fixes. */
export const accountState = (plan: string, rows: readonly YnabTransaction[]): string =>
  fingerprint(
    plan,
    rows.map((t) => [t.id, t.date, t.amount, t.cleared, t.deleted]),
  );

/** Each merchant's categories, once per snapshot of the plan's transactions (the costly part of a call). */
const historyOf = perSnapshot(buildHistory);

/** The statement read with the plan's order of day and month, asked of YNAB only when its dates need it. */
async function statementOf(deps: Deps, plan: string, text: string): Promise<Statement> {
  try {
    return readStatement(text, null);
  } catch (error) {
    if (!(error instanceof AmbiguousDates)) throw error;
    const format = (await deps.ynab.plans.list()).find((p) => p.id === plan)?.date_format?.format;
    return readStatement(text, dayOrderOfFormat(format));
  }
}

const amount = (what: string) => z.number().describe(what);
const day = (what: string) => z.string().describe(`${what}, YYYY-MM-DD.`);
/** The same field, null allowed, its description kept (zod puts it on the outer type only). */
const orNull = (field: z.ZodString) => field.nullable().describe(field.description ?? '');
const fixId = () => z.string().describe('The fix, as the comparison_id holds it.');
const lineRef = () => z.string().describe('The statement line, L1 first.');
const rows = <T extends z.ZodRawShape>(shape: T, what: string) =>
  z.array(z.strictObject(shape)).describe(what);

export const compareStatement = defineReadTool({
  name: 'compare_statement',
  title: 'Compare a bank statement',
  description: [
    'A bank statement (CSV, OFX, QIF, CAMT.053) against an account: missing, duplicate, mismatched and extra rows, balances.',
    'Costs 3 YNAB requests.',
    DATA_NOTE,
  ].join(' '),
  rules:
    'statement takes the file’s text (up to 200 kB); statement_path a file inside AVENIR_MCP_FILES_DIR, with a server on your own computer only. A line matches a transaction of the same amount within 4 days (card settlement), the nearest date first, then the most alike payee; a split by its total. YNAB keeps no cleared date: its cleared balance on a date counts every cleared transaction dated up to it. A split’s amount and either side of a transfer are fixed in YNAB, not here.',
  names: { account_id: 'account' },
  input: () =>
    z.strictObject({
      plan_id: planId,
      account_id: z.string().min(1).describe('Its account.'),
      statement: z.string().nullable().default(null).describe('File text.'),
      statement_path: z
        .string()
        .min(1)
        .nullable()
        .default(null)
        .describe('Or a file in AVENIR_MCP_FILES_DIR.'),
      cursor: z.string().nullable().default(null).describe('next_cursor, same statement.'),
    }),
  output: () =>
    z.strictObject({
      message: z.string().describe('The conclusion, for the agent to relay.'),
      comparison_id: z
        .string()
        .nullable()
        .describe('The fixes proposed, signed, for 30 minutes, on the first page; else null.'),
      format: z.string().describe('csv, ofx, qif or camt.'),
      period: z
        .strictObject({ start: day('First day'), end: day('Last day') })
        .nullable()
        .describe('What the statement covers.'),
      matched: z.number().int().describe('Lines matching a transaction.'),
      date_shifts: z.number().int().describe('Of those, dated otherwise (settlement).'),
      missing: rows(
        {
          fix: fixId(),
          line: lineRef(),
          date: day('The bank’s date'),
          amount: amount('Currency units.'),
          label: untrusted("The bank's label"),
          payee: untrusted('Payee to create it with'),
          category: orNull(untrusted('Suggested category')),
          by_rule: z.number().int().nullable().describe('The household rule that chose it.'),
        },
        'Statement lines YNAB lacks; fix creates them, cleared.',
      ),
      duplicates: rows(
        {
          fix: fixId(),
          line: lineRef(),
          transaction_id: z.string().describe('The copy.'),
          kept_id: z.string().describe('The one kept.'),
          date: day('The copy’s date'),
          amount: amount('Currency units.'),
          payee: untrusted('The payee'),
        },
        'A second YNAB copy of one line; fix deletes it.',
      ),
      mismatches: rows(
        {
          fix: orNull(fixId()),
          line: lineRef(),
          transaction_id: z.string().describe('The transaction.'),
          field: z.enum(['amount', 'date']).describe('What differs.'),
          ynab: z.string().describe('As YNAB holds it.'),
          statement: z.string().describe('As the bank shows it.'),
          payee: untrusted('The payee'),
        },
        'The same payment written differently; fix null: correct it in YNAB.',
      ),
      extra: rows(
        {
          transaction_id: z.string().describe('The transaction.'),
          date: day('Its date'),
          amount: amount('Currency units.'),
          payee: untrusted('The payee'),
          likely_not_cleared_yet: z.boolean().describe('Uncleared in YNAB.'),
        },
        'YNAB rows of the period not on the statement.',
      ),
      balances: z
        .array(
          z.strictObject({
            date: day('End of'),
            statement: amount('Stated.'),
            ynab_cleared: amount('YNAB, cleared.'),
          }),
        )
        .describe('Opening and closing balances the statement states, against YNAB.'),
      next_cursor: z.string().nullable().describe('The next page, as cursor.'),
      omitted: leftOutField,
    }),
  async run({ deps, money }, input) {
    // decoded before any request: a cursor that is not one costs none
    const offset = offsetOf(input.cursor);
    const plan = await resolvePlan(deps, input.plan_id);
    const text = await statementText(deps.config, input.statement, input.statement_path);
    const accounts = await deps.ynab.accounts.list(plan);
    const account = accounts.find((a) => a.id === input.account_id && !a.deleted);
    if (account === undefined) throw new AppError(unknownAccount(input.account_id));
    const statement = await statementOf(deps, plan, text);
    if (statement.lines.length === 0)
      throw new AppError('The statement holds no line: nothing was compared.');
    const period = statement.period ?? { from: statement.lines[0]!.date, to: statement.lines[0]!.date };
    const transactions = await deps.ynab.transactions.list(plan);
    const groups = await deps.ynab.categories.groups(plan);
    const own = transactions.filter((t) => t.account_id === account.id && !t.deleted);
    const matching = matchStatement(statement.lines, own, period, DEFAULT_WINDOW_DAYS);
    const comparison = statementComparison({
      statement,
      matching,
      account: own,
      history: historyOf(transactions),
      payees: transactions,
      rules: await householdRules(deps, plan),
      accountId: account.id,
      assignable: new Map(assignableCategories(groups).map((c) => [c.id, c])),
      threshold: deps.config.confidenceThreshold,
      money,
    });
    const fixable =
      comparison.fixes.length > 0 || comparison.to_clear.length > 0 || statement.closing !== null;
    // the id is as long as its fixes: the first page carries it, and the later ones leave it out
    // to carry their rows (the same statement gives the same fixes)
    const comparison_id =
      fixable && offset === 0
        ? await sealComparison(deps, {
            v: 1,
            plan,
            account_id: account.id,
            state: accountState(plan, own),
            fixes: comparison.fixes,
            to_clear: comparison.to_clear,
            closing: statement.closing,
          })
        : null;
    const out = {
      message: `${clean(account.name)}: ${comparisonMessage(comparison, statement.lines.length, money, deps.config.write)}`,
      comparison_id,
      format: statement.format,
      period: { start: period.from, end: period.to },
      matched: comparison.matched,
      date_shifts: comparison.date_shifts,
      missing: comparison.missing,
      duplicates: comparison.duplicates,
      mismatches: comparison.mismatches,
      extra: comparison.extra,
      balances: [comparison.opening, comparison.closing].filter((b) => b !== null),
      next_cursor: null as string | null,
      omitted: null as string | null,
    };
    return withinPage(out, offset);
  },
});

const LISTS = ['missing', 'duplicates', 'mismatches', 'extra'] as const;

/**
 * One page of the rows, the lists taken in order as one list, from `offset`, within the byte budget;
 * the comparison id still holds every fix, whatever the page.
 */
function withinPage<
  O extends {
    missing: unknown[];
    duplicates: unknown[];
    mismatches: unknown[];
    extra: unknown[];
    next_cursor: string | null;
    omitted: string | null;
  },
>(out: O, offset: number): O {
  const empty = { ...out, missing: [], duplicates: [], mismatches: [], extra: [] };
  const all = LISTS.flatMap((key) => out[key].map((row) => ({ key, row })));
  const from = all.slice(offset);
  const page = from.slice(
    0,
    rowsWithin(
      from.map((r) => r.row),
      ROW_BYTES - rowBytes(empty),
    ),
  );
  const end = offset + page.length;
  const after = Math.max(0, all.length - end);
  const kept = { ...out };
  for (const key of LISTS) kept[key] = page.filter((r) => r.key === key).map((r) => r.row);
  return {
    ...kept,
    next_cursor: after > 0 ? encodeCursor(end) : null,
    omitted: leftOut(
      after > 0
        ? `${after} more rows (a page stops at 16 kB): pass next_cursor as cursor with the same statement; the first page's comparison_id holds every fix.`
        : null,
    ),
  };
}
