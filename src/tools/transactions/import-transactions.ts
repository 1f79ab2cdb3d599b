/**
 * `import_transactions`, an immediate write: no preview, no confirmation, no journal (nothing existing
 * changes, and YNAB never imports a transaction twice). `last-used` is passed to YNAB unchanged.
 * The import is sent once; when its answer is lost (or is not the JSON YNAB sends), what it brought
 * is read back once from the transactions changed since the server knowledge held before sending.
 */
import { z } from 'zod';
import { isUnknownOutcome, reasonOf } from '../../domain/write-outcome.js';
import type { YnabTransaction } from '../../domain/model.js';
import {
  findImported,
  importedText,
  lostImportText,
  unseenImportText,
} from '../../domain/transactions/imports.js';
import { defineImmediateWrite } from '../shared/define-tool.js';
import { settleRead, settleSeconds } from '../../safety/outcome/settle.js';
import { planId } from '../shared/schemas.js';

const NO_IDS = 'YNAB answered without the list of imported ids';

export const importTransactions = defineImmediateWrite({
  name: 'import_transactions',
  title: "Import the bank's latest transactions",
  destructive: false,
  idempotent: true,
  description: [
    'Import the latest transactions from the linked banks; applied at once, never twice; then suggest_categories.',
    'Costs 1 YNAB request (2 when its answer is lost).',
  ].join(' '),
  input: () => z.strictObject({ plan_id: planId }),
  output: () =>
    z.strictObject({
      status: z
        .enum(['applied', 'not_applied', 'unknown'])
        .describe(
          'applied (YNAB answered, or a read-back shows what came in), not_applied (the answer was lost and a read-back shows nothing new) or unknown (what the import brought cannot be told; importing again is safe).',
        ),
      imported: z
        .number()
        .int()
        .nullable()
        .describe('How many transactions were imported; null when status is unknown.'),
      transaction_ids: z.array(z.string()).describe('The ids of the imported transactions.'),
      message: z.string().describe('What happened, for the agent to relay.'),
    }),
  async run({ deps }, { plan_id }) {
    const knowledge = deps.ynab.knowledge(plan_id);
    const read = deps.ynab.cache.peek<YnabTransaction>(plan_id, 'transactions');
    const known = read === undefined ? undefined : new Set(read.map((t) => t.id));
    let reason: string;
    try {
      const ids = await deps.ynab.transactions.import(plan_id);
      if (ids !== null) {
        return {
          status: 'applied' as const,
          imported: ids.length,
          transaction_ids: ids,
          message: importedText(ids.length),
        };
      }
      reason = NO_IDS;
    } catch (error) {
      if (!isUnknownOutcome(error)) throw error;
      reason = reasonOf(error);
    }
    const unknown = (why: string) => ({
      status: 'unknown' as const,
      imported: null,
      transaction_ids: [],
      message: lostImportText(reason, { why }),
    });
    // with no knowledge held, every transaction would look changed: a read could tell nothing
    if (knowledge === undefined) return unknown('avenir-mcp had read nothing of this plan before');
    // the import may still be under way: read until something shows, or the settling window ends
    const changed = await settleRead(
      () => deps.ynab.transactions.changedSince(plan_id, knowledge),
      (rows) => {
        const f = findImported(rows, known);
        return 'why' in f || f.imported.length > 0;
      },
    );
    if ('why' in changed) return unknown(changed.why);
    const found = findImported(changed.value, known);
    if ('why' in found) return unknown(found.why);
    const n = found.imported.length;
    if (n === 0) {
      return {
        status: 'unknown' as const,
        imported: null,
        transaction_ids: [],
        message: unseenImportText(settleSeconds()),
      };
    }
    return {
      status: 'applied' as const,
      imported: n,
      transaction_ids: found.imported,
      message: lostImportText(reason, found),
    };
  },
});
