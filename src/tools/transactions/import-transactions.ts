/**
 * `import_transactions`, an immediate write: no preview, no confirmation, no journal (nothing existing
 * changes, and YNAB never imports a transaction twice). `last-used` is passed to YNAB unchanged.
 * The import is one step of the write engine (safety/outcome/step.ts), sent once and settled the
 * way every write settles: when its answer is lost (or is not the JSON YNAB sends), what it brought
 * is read back over the settling window from the transactions changed since the server knowledge
 * held before sending.
 */
import { z } from 'zod';
import { UnknownOutcome } from '../../domain/write-outcome.js';
import type { YnabTransaction } from '../../domain/model.js';
import {
  findImported,
  importedText,
  lostImportText,
  unseenImportText,
  type ImportFinding,
} from '../../domain/transactions/imports.js';
import { defineImmediateWrite } from '../shared/define-tool.js';
import { settleSeconds } from '../../safety/outcome/settle.js';
import { sendStep, type Step } from '../../safety/outcome/step.js';
import { planId } from '../shared/schemas.js';
import type { Deps } from '../../deps.js';

const NO_IDS = 'YNAB answered without the list of imported ids';

/** Why no read can tell what an import brought: with no knowledge held, every transaction looks changed. */
const NOTHING_READ = 'avenir-mcp had read nothing of this plan before';

/**
 * The import as a step: its send is the import (an answer without ids is as good as lost), and its
 * check reads what changed since the knowledge held before: in place when something new from the
 * bank shows, a reason when what shows cannot be told apart (which no later read changes).
 */
function importStep(deps: Deps, planIdValue: string): Step<string[]> & { found(): ImportFinding | null } {
  const knowledge = deps.ynab.knowledge(planIdValue);
  const read = deps.ynab.cache.peek<YnabTransaction>(planIdValue, 'transactions');
  const known = read === undefined ? undefined : new Set(read.map((t) => t.id));
  let last: ImportFinding | null = null;
  return {
    send: async () => {
      const ids = await deps.ynab.transactions.import(planIdValue);
      if (ids === null) throw new UnknownOutcome(NO_IDS);
      return ids;
    },
    check: async () => {
      if (knowledge === undefined) return NOTHING_READ;
      last = findImported(await deps.ynab.transactions.changedSince(planIdValue, knowledge), known);
      return 'why' in last ? last.why : last.imported.length > 0;
    },
    decided: (held) => typeof held === 'string',
    found: () => last,
  };
}

export const importTransactions = defineImmediateWrite({
  name: 'import_transactions',
  title: "Import the bank's latest transactions",
  destructive: false,
  idempotent: true,
  description: [
    'Import the latest transactions from the linked banks; applied at once, never twice; then suggest_categories.',
    'Costs 1 YNAB request.',
  ].join(' '),
  rules: 'Costs 2 YNAB requests when its answer is lost.',
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
    const step = importStep(deps, plan_id);
    const sent = await sendStep(step);
    const unknown = (message: string) => ({
      status: 'unknown' as const,
      imported: null,
      transaction_ids: [],
      message,
    });
    switch (sent.end) {
      case 'answered':
        return {
          status: 'applied' as const,
          imported: sent.answer.length,
          transaction_ids: sent.answer,
          message: importedText(sent.answer.length),
        };
      case 'unread':
        return unknown(lostImportText(sent.lost, { why: sent.why }));
      case 'other':
        return unknown(lostImportText(sent.lost, { why: sent.held }));
      case 'unseen':
        // YNAB may still bring the transactions in: unknown, not "nothing changed"
        return unknown(unseenImportText(settleSeconds()));
      case 'shown': {
        const found = step.found() as { imported: string[] };
        return {
          status: 'applied' as const,
          imported: found.imported.length,
          transaction_ids: found.imported,
          message: lostImportText(sent.lost, found),
        };
      }
    }
  },
});
