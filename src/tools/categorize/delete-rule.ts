/**
 * `delete_rule`: removes a household rule after the user's yes, journaled as `rule`; no YNAB request.
 * Listed whether or not AVENIR_MCP_WRITE=1 (register.ts).
 */
import { z } from 'zod';
import { AppError } from '../../domain/errors.js';
import { ruleWords } from '../../domain/rules/rule.js';
import { ConfirmRequest } from '../../safety/confirm.js';
import { recordOperation } from '../../safety/outcome/record-operation.js';
import { resolvePlan } from '../shared/resolve-plan.js';
import { planId } from '../shared/schemas.js';
import { defineWriteTool, PREVIEW, type WriteResult } from '../shared/define-write-tool.js';
import { rulesKey } from '../shared/subjects.js';
import { ruleNames, ruleRow, rowOf } from './rule-rows.js';
import { ruleUndoText } from './set-rule.js';

const result = () => ({ rule: ruleRow().describe('The rule removed.') });

type Result = WriteResult<ReturnType<typeof result>, true>;

const notThere = (number: number) =>
  new AppError(`There is no rule ${String(number)} in this plan: use a number from list_rules.`);

export const deleteRule = defineWriteTool({
  name: 'delete_rule',
  title: 'Delete a household rule',
  undoable: true,
  destructive: true,
  idempotent: true,
  keepsToServer: true,
  mentionsBankText: false,
  description: [
    'Remove a household rule.',
    PREVIEW,
    'Undoable; changes nothing in YNAB. Costs 2 YNAB requests.',
  ],
  input: () => ({
    plan_id: planId,
    number: z.number().int().positive().describe('From list_rules.'),
  }),
  output: result,
  async run({ deps, money }, { plan_id, number }) {
    const plan = await resolvePlan(deps, plan_id);
    const rule = (await deps.rules.read(plan)).rules.find((r) => r.number === number);
    if (rule === undefined) throw notThere(number);
    const names = await ruleNames(deps, plan, money);
    const preview: Result = {
      status: 'applied',
      message: '',
      rule: rowOf(rule, names),
      confirmation: null,
      operation_id: null,
    };
    return new ConfirmRequest({
      journals: ['rule'],
      plan,
      subject: { number, rule },
      sameSubject: [rulesKey()],
      checkWith: 'list_rules',
      sends: 0,
      question: `Delete rule ${String(number)}: ${ruleWords(rule, names)} ("${rule.said}")?`,
      flow: 'merge',
      preview,
      apply: async () => {
        await deps.rules.change(plan, (book) => {
          const now = book.rules.find((r) => r.number === number);
          // changed between the question and the yes: nothing is removed
          if (now === undefined || JSON.stringify(now) !== JSON.stringify(rule)) throw notThere(number);
          return { book: { ...book, rules: book.rules.filter((r) => r.number !== number) }, result: null };
        });
        const id = await recordOperation(deps, plan, 'rule', { added: null, removed: rule });
        return {
          ...preview,
          message: `Rule ${String(number)} deleted. ${ruleUndoText(id, deps.config.write, 'set_rule')}`,
          operation_id: id,
        };
      },
    });
  },
});
