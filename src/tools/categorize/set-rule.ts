/**
 * `set_rule`: adds a household rule after the user's yes, journaled as `rule`; no YNAB request (its
 * undo is in safety/undo/rules.ts). Listed whether or not AVENIR_MCP_WRITE=1 (register.ts).
 */
import { z } from 'zod';
import { AppError } from '../../domain/errors.js';
import { assignableCategories } from '../../domain/categorize/pending.js';
import { checkNewRule, nextNumber, orderRules } from '../../domain/rules/order.js';
import { ruleAction, ruleCondition, ruleWords, type Rule } from '../../domain/rules/rule.js';
import { clean } from '../../domain/text.js';
import { FLAG_COLORS } from '../../domain/transactions/flags.js';
import { ConfirmRequest } from '../../safety/confirm.js';
import { recordOperation } from '../../safety/outcome/record-operation.js';
import { checkIds } from '../../ynab/api.js';
import { optionalAmountParam } from '../shared/params.js';
import { resolvePlan } from '../shared/resolve-plan.js';
import { planId } from '../shared/schemas.js';
import { defineWriteTool, PREVIEW, type WriteResult } from '../shared/define-write-tool.js';
import { rulesKey } from '../shared/subjects.js';
import { ruleNames, ruleRow, rowOf } from './rule-rows.js';

const result = () => ({
  rule: ruleRow().describe('The rule as set (its number may move on if another is set first).'),
  position: z.number().int().describe('Where it comes in the order list_rules shows, from 1.'),
});

type Result = WriteResult<ReturnType<typeof result>, true>;

const optional = <T extends z.ZodType>(schema: T, what: string) =>
  schema.nullable().default(null).describe(what);

/** What undoes a rule change: undo_operation when writes are on, else the other rule tool. */
export const ruleUndoText = (id: string, writes: boolean, other: string): string =>
  writes ? `undo_operation with operation_id ${id} reverts it.` : `${other} reverts it.`;

export const setRule = defineWriteTool({
  name: 'set_rule',
  title: 'Set a household rule',
  undoable: true,
  destructive: false,
  idempotent: false,
  keepsToServer: true,
  mentionsBankText: false,
  description: [
    'Record a rule the user states ("Costco is groceries under 300"); suggest_categories and apply_rules follow it.',
    PREVIEW,
    'Undoable; changes nothing in YNAB. Costs 2 YNAB requests.',
  ],
  rules:
    'A condition (payee, amount range, account, memo words) and an action (category, payee name, flag, note) are needed; a rule repeating another rule’s condition is refused, naming it.',
  names: { account_id: 'account', category_id: 'category' },
  input: () => ({
    plan_id: planId,
    said: z.string().trim().min(1).max(200).describe("The rule in the user's words."),
    payee: optional(z.string().min(1), 'If: the payee or merchant.'),
    amount_min: optionalAmountParam('If: amount at least (negative: money out only).', false),
    amount_max: optionalAmountParam('If: amount at most.', false),
    account_id: optional(z.string().min(1), 'If: on this account.'),
    memo_words: optional(z.string().min(1), 'If: these words in the memo.'),
    category_id: optional(z.string().min(1), 'Then: this category.'),
    payee_name: optional(z.string().min(1), 'Then: this payee name.'),
    flag_color: optional(z.enum(FLAG_COLORS), 'Then: this flag.'),
    note: optional(z.string().min(1).max(120), 'Then: what it is, e.g. "reimbursement, not income".'),
  }),
  output: result,
  async run({ deps, money }, input) {
    const ids = [input.account_id, input.category_id].filter((id): id is string => id !== null);
    checkIds(ids);
    const plan = await resolvePlan(deps, input.plan_id);
    const condition = ruleCondition(input);
    const action = ruleAction({
      category_id: input.category_id,
      payee_name: input.payee_name,
      flag_color: input.flag_color,
      note: input.note,
    });
    const accounts = await deps.ynab.accounts.list(plan);
    if (input.account_id !== null && !accounts.some((a) => a.id === input.account_id && !a.deleted))
      throw new AppError(
        `Account ${input.account_id} is not in this plan: use an account_id from list_accounts.`,
      );
    const groups = await deps.ynab.categories.groups(plan);
    if (input.category_id !== null && !assignableCategories(groups).some((c) => c.id === input.category_id))
      throw new AppError(
        `Category ${input.category_id} cannot be given to a transaction: use a category_id from suggest_categories (include_categories).`,
      );
    const book = await deps.rules.read(plan);
    checkNewRule(book.rules, condition, action);
    const said = clean(input.said);
    const draft = (number: number): Rule => ({
      number,
      said,
      condition,
      action,
      created_at: deps.clock.now().toISOString(),
    });
    const names = await ruleNames(deps, plan, money);
    const shown = (rule: Rule, rules: readonly Rule[]) => ({
      rule: rowOf(rule, names),
      position: orderRules([...rules, rule]).findIndex((r) => r.number === rule.number) + 1,
    });
    const planned = draft(nextNumber(book.rules, book.highest));
    const preview: Result = {
      status: 'applied',
      message: '',
      ...shown(planned, book.rules),
      confirmation: null,
      operation_id: null,
    };
    return new ConfirmRequest({
      journals: ['rule'],
      plan,
      subject: { said, condition, action },
      sameSubject: [rulesKey()],
      checkWith: 'list_rules',
      sends: 0,
      question: `Set rule ${String(planned.number)}: ${ruleWords(planned, names)} ("${said}")?`,
      flow: 'merge',
      preview,
      apply: async () => {
        const rule = await deps.rules.change(plan, (now) => {
          checkNewRule(now.rules, condition, action);
          const added = draft(nextNumber(now.rules, now.highest));
          return { book: { ...now, highest: added.number, rules: [...now.rules, added] }, result: added };
        });
        const id = await recordOperation(deps, plan, 'rule', { added: rule, removed: null });
        const after = await deps.rules.read(plan);
        return {
          ...preview,
          ...shown(
            rule,
            after.rules.filter((r) => r.number !== rule.number),
          ),
          message: `Rule ${String(rule.number)} set. ${ruleUndoText(id, deps.config.write, `delete_rule ${String(rule.number)}`)}`,
          operation_id: id,
        };
      },
    });
  },
});
