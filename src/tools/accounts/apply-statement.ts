/**
 * `apply_statement`: makes the fixes a comparison of compare_statement proposed (those the person
 * keeps) in one confirmed step, journaled as one `statement` operation that undo_operation reverts
 * whole. The comparison id carries the fixes, so that any instance can apply them; the account is
 * read again first, and a comparison of an account that moved since is refused.
 */
import { z } from 'zod';
import { unknownAccount } from '../../domain/accounts/reconcile.js';
import { categoriesOf } from '../../domain/categories/category-rows.js';
import { AppError } from '../../domain/errors.js';
import { applyQuestion, planStatementApply } from '../../domain/statements/apply-plan.js';
import { clean } from '../../domain/text.js';
import { COMPARISON_REFUSED, openComparison } from '../../safety/comparison-seal.js';
import { ConfirmRequest } from '../../safety/confirm.js';
import { defineWriteTool, PREVIEW, type WriteResult } from '../shared/define-write-tool.js';
import { resolvePlan } from '../shared/resolve-plan.js';
import { planId, untrusted } from '../shared/schemas.js';
import { newTransactionKey, reconcileKey, transactionKeys } from '../shared/subjects.js';
import { accountState } from './compare-statement.js';
import { writeStatementFixes, statementRecognise, statementSends } from './statement-apply.js';

/** The account moved since the comparison: its fixes were computed on what is no longer there. */
export const ACCOUNT_MOVED =
  'The account changed since compare_statement compared it: nothing was changed. Call compare_statement again, then apply_statement with the new comparison_id.';

/** What a comparison id holds (compare_statement seals it): read strictly, anything else refused. */
const sealedSchema = () => {
  const milli = z.number().int();
  return z.object({
    v: z.literal(1),
    plan: z.string(),
    account_id: z.string(),
    state: z.string(),
    fixes: z.array(
      z.discriminatedUnion('kind', [
        z.object({
          id: z.string(),
          kind: z.literal('create'),
          date: z.string(),
          amount: milli,
          payee_name: z.string(),
          category_id: z.string().nullable(),
          memo: z.string().nullable(),
        }),
        z.object({ id: z.string(), kind: z.literal('delete'), transaction_id: z.string() }),
        z.object({
          id: z.string(),
          kind: z.literal('amount'),
          transaction_id: z.string(),
          from: milli,
          to: milli,
        }),
        z.object({
          id: z.string(),
          kind: z.literal('date'),
          transaction_id: z.string(),
          from: z.string(),
          to: z.string(),
        }),
      ]),
    ),
    to_clear: z.array(z.string()),
    closing: z.object({ date: z.string(), amount: milli }).nullable(),
  });
};
let sealed: ReturnType<typeof sealedSchema> | undefined;

const result = () => ({
  account: untrusted('The account name'),
  created_ids: z.array(z.string()).describe('Ids YNAB gave the new transactions (empty until applied).'),
  deleted: z.number().int().describe('Duplicates deleted.'),
  corrected: z.number().int().describe('Amounts and dates corrected.'),
  cleared: z.number().int().describe('Marked cleared.'),
  reconciled: z.number().int().describe('Marked reconciled (0: the balances would not agree).'),
});
type Result = WriteResult<ReturnType<typeof result>, true>;

export const applyStatement = defineWriteTool({
  name: 'apply_statement',
  title: 'Apply a bank statement',
  undoable: true,
  destructive: true,
  idempotent: false,
  description: [
    'Make the fixes compare_statement proposed: create missing lines, delete duplicates, correct amounts and dates, clear, and reconcile when balances agree.',
    PREVIEW,
    'Undoable. Costs 3 YNAB requests; to apply, 1 to create, 1 a duplicate, 1 to update.',
  ],
  rules:
    'Refused when the account changed since the comparison, or the comparison_id is older than 30 minutes. A split or either side of a transfer is corrected in YNAB, never here.',
  input: () => ({
    plan_id: planId,
    comparison_id: z.string().min(1).describe('From compare_statement.'),
    keep: z
      .array(z.string().min(1))
      .max(200)
      .nullable()
      .default(null)
      .describe('The fix ids to make (F1…); null: all.'),
  }),
  output: result,
  async run({ deps, money }, { plan_id, comparison_id, keep }) {
    const plan = await resolvePlan(deps, plan_id);
    const parsed = (sealed ??= sealedSchema()).safeParse(await openComparison(deps, comparison_id));
    if (!parsed.success || parsed.data.plan !== plan) throw new AppError(COMPARISON_REFUSED);
    const c = parsed.data;
    const account = (await deps.ynab.accounts.list(plan)).find((a) => a.id === c.account_id && !a.deleted);
    if (account === undefined) throw new AppError(unknownAccount(c.account_id));
    const own = (await deps.ynab.transactions.list(plan)).filter(
      (t) => t.account_id === account.id && !t.deleted,
    );
    if (accountState(plan, own) !== c.state) throw new AppError(ACCOUNT_MOVED);
    const categories = categoriesOf(await deps.ynab.categories.groups(plan));
    const planned = planStatementApply({
      accountId: account.id,
      fixes: c.fixes,
      keep,
      toClear: c.to_clear,
      closing: c.closing,
      account: own,
      categoryName: (id) => categories.get(id)?.name ?? null,
      money,
    });
    const name = clean(account.name);
    const preview: Result = {
      status: 'applied',
      message: '',
      account: name,
      created_ids: [],
      deleted: planned.deletes.length,
      corrected: planned.counts.corrected,
      cleared: planned.counts.cleared,
      reconciled: planned.reconcile ? planned.counts.reconciled : 0,
      confirmation: null,
      operation_id: null,
    };
    if (statementSends(planned) === 0)
      return {
        ...preview,
        status: 'nothing_to_do',
        message: `${name}: nothing to change, the fixes kept change nothing and every line is cleared.`,
      };
    const applying = { plan, accountId: account.id, planned, before: own, money };
    const touched = [...planned.deletes.map((d) => d.transaction_id), ...planned.patches.map((p) => p.id)];
    return new ConfirmRequest({
      journals: ['statement'],
      plan,
      subject: {
        statement: account.id,
        state: c.state,
        create: planned.creates,
        delete: planned.deletes.map((d) => d.transaction_id),
        update: planned.patches,
      },
      sameSubject: [
        ...transactionKeys(touched),
        ...planned.creates.map((b) => newTransactionKey(b.account_id, b.date, b.amount)),
        ...(planned.reconcile ? [reconcileKey(account.id)] : []),
      ],
      checkWith: 'compare_statement',
      recognise: () => statementRecognise(deps, applying),
      question: applyQuestion(name, planned.lines),
      flow: 'merge',
      preview,
      sends: statementSends(planned),
      apply: async () => {
        const out = await writeStatementFixes(deps, applying);
        return { ...preview, ...out };
      },
    });
  },
});
