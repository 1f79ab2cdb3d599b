/**
 * `reconcile_account`: explains a gap without writing; when the balances match, or the user accepts an
 * adjustment, marks the cleared transactions reconciled after the user's yes. Journaled as `reconcile`;
 * its undo is in safety/undo/accounts.ts.
 */
import { z } from 'zod';
import { AppError } from '../../domain/errors.js';
import { checkAmount } from '../../domain/amount-checks.js';
import { toUnits } from '../../domain/money.js';
import {
  ALREADY_RECONCILED,
  NO_READY_TO_ASSIGN,
  adjustmentCategory,
  differenceFound,
  reconcileQuestion,
  reconcileStep,
  reconcileSubject,
  unknownAccount,
} from '../../domain/accounts/reconcile.js';
import { analyseGap, analysisOf } from '../../domain/accounts/reconcile-gap.js';
import { clean } from '../../domain/text.js';
import { ConfirmRequest } from '../../safety/confirm.js';
import { OUTCOMES, OUTCOMES_TEXT } from '../shared/write-schemas.js';
import { applyReconcile, reconcileRecognise, reconcileSends } from './reconcile-apply.js';
import { resolvePlan } from '../shared/resolve-plan.js';
import { planId, units, untrusted } from '../shared/schemas.js';
import { amountParam } from '../shared/params.js';
import { defineWriteTool, PREVIEW, type WriteResult } from '../shared/define-write-tool.js';
import { reconcileKey, transactionKeys } from '../shared/subjects.js';

const analysis = () =>
  z
    .strictObject({
      account_id: z.string().describe('The account, as given.'),
      bank_balance: units('The balance the bank shows, as given'),
      cleared_balance: units("YNAB's cleared balance (cleared and reconciled transactions)"),
      working_balance: units("YNAB's working balance (every transaction)"),
      difference: units(
        'Bank balance minus cleared balance: negative when YNAB counts more money than the bank (a refund that never came, an inflow entered twice, a charge not imported), positive when less (a charge entered twice, income not imported)',
      ),
      higher: z
        .enum(['ynab', 'bank', 'equal'])
        .describe(
          "Which side shows more money: ynab (YNAB's cleared balance is above the bank's), bank, or equal.",
        ),
      gap: z.string().describe('The gap in words, e.g. "YNAB shows 71.86 more than the bank."'),
      to_reconcile_count: z
        .number()
        .int()
        .describe('Cleared transactions a reconciliation would mark reconciled.'),
      uncleared_count: z.number().int().describe('Transactions neither cleared nor reconciled.'),
      uncleared: z
        .array(
          z.strictObject({
            transaction_id: z.string().describe('The transaction id.'),
            date: z.string().describe('The transaction date, YYYY-MM-DD.'),
            amount: units('The amount (money out negative)'),
            payee: untrusted('The payee'),
          }),
        )
        .describe('The first 50 uncleared transactions.'),
      explained_by: z
        .array(z.string())
        .describe(
          'Uncleared transactions whose amount is exactly the difference: clearing one would close the gap. Often empty: explained_by_note says why.',
        ),
      explained_by_note: z
        .string()
        .describe(
          'Why explained_by holds what it holds; when empty, whether a duplicate pair would close the gap and where else to look.',
        ),
      possible_duplicates: z
        .array(z.array(z.string()))
        .describe(
          'Pairs of transactions of the last 60 days with the same amount and merchant, at most 3 days apart, listed only when deleting the cleared copy would move YNAB toward the bank (a duplicated charge when the bank shows more, a duplicated inflow when YNAB shows more); empty when the balances match.',
        ),
    })
    .describe('The comparison with the bank, before any change.');

const reconcileStatus = () =>
  z
    .enum([...OUTCOMES, 'confirmation_required', 'declined', 'nothing_to_do', 'difference_found'])
    .describe(
      `${OUTCOMES_TEXT}, confirmation_required (show the preview, then call again with the code), declined, nothing_to_do, or difference_found (nothing written: explain the gap to the user).`,
    );

const result = () => ({
  account: untrusted('The account name'),
  analysis: analysis(),
  adjustment: z
    .number()
    .nullable()
    .describe('The balance adjustment recorded (or to record), in currency units; null when none.'),
});

type Result = WriteResult<ReturnType<typeof result>, true>;

export const reconcileAccount = defineWriteTool({
  name: 'reconcile_account',
  title: 'Reconcile an account with the bank',
  undoable: true,
  destructive: true,
  idempotent: false,
  description: [
    'Compare an account with the bank balance the user gives: a match marks cleared ones reconciled; a gap lists likely causes.',
    PREVIEW,
    'Undoable. Costs 2 YNAB requests (3 to adjust a budget account), 1 more to apply (2 with an adjustment).',
  ],
  rules: 'Ask the user for the bank balance; a gap writes nothing.',
  names: { account_id: 'account' },
  input: () => ({
    plan_id: planId,
    account_id: z.string().min(1).describe('From list_accounts.'),
    bank_balance: amountParam("The bank's balance today."),
    adjust: z.boolean().default(false).describe('Book the gap as an adjustment, only if the user asks.'),
  }),
  status: reconcileStatus,
  output: result,
  async run({ deps, money }, { plan_id, account_id, bank_balance, adjust }) {
    const bank = checkAmount(bank_balance, 'bank_balance');
    const plan = await resolvePlan(deps, plan_id);
    const account = (await deps.ynab.accounts.list(plan)).find((a) => a.id === account_id && !a.deleted);
    if (account === undefined) throw new AppError(unknownAccount(account_id));
    const gap = analyseGap(
      await deps.ynab.transactions.list(plan),
      account_id,
      bank,
      deps.clock.today(),
      money,
    );
    const name = clean(account.name);
    const base: Result = {
      status: 'nothing_to_do',
      message: ALREADY_RECONCILED,
      account: name,
      analysis: analysisOf(account_id, bank_balance, gap, money),
      adjustment: null,
      confirmation: null,
      operation_id: null,
    };
    const step = reconcileStep(gap, adjust);
    if (step === 'difference_found')
      return { ...base, status: step, message: differenceFound(gap.difference, money) };
    if (step === 'nothing_to_do') return base;
    // on a tracking (off-budget) account the adjustment carries no category, as in YNAB
    const categorised = gap.difference !== 0 && account.on_budget;
    const category = categorised ? adjustmentCategory(await deps.ynab.categories.groups(plan)) : null;
    if (categorised && category === null) throw new AppError(NO_READY_TO_ASSIGN);
    const subject = reconcileSubject(account_id, bank_balance, gap);
    const preview: Result = {
      ...base,
      status: 'applied',
      message: '',
      adjustment: gap.difference === 0 ? null : toUnits(gap.difference),
    };
    const question = reconcileQuestion(name, gap.toReconcile.length, gap.difference, money);
    const applying = {
      plan,
      accountId: account_id,
      ids: subject.transactions,
      difference: gap.difference,
      category,
      money,
    };
    return new ConfirmRequest({
      journals: ['create', 'reconcile'],
      plan,
      subject,
      sameSubject: [reconcileKey(account_id), ...transactionKeys(subject.transactions)],
      checkWith: 'list_accounts',
      recognise: () => reconcileRecognise(deps, applying),
      question,
      flow: 'merge',
      preview,
      sends: Math.max(1, reconcileSends(applying)),
      apply: async () => ({ ...preview, ...(await applyReconcile(deps, applying)) }),
    });
  },
});
