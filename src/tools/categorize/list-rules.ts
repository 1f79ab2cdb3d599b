/** `list_rules`: read-only, the household's rules of a plan in the order they are tried. */
import { z } from 'zod';
import { orderRules } from '../../domain/rules/order.js';
import { defineReadTool } from '../shared/define-tool.js';
import { resolvePlan } from '../shared/resolve-plan.js';
import { planId } from '../shared/schemas.js';
import { ruleNames, ruleRow, rowOf } from './rule-rows.js';

export const listRules = defineReadTool({
  name: 'list_rules',
  title: "List the household's rules",
  description:
    "The household's rules, in the order they win; read them before classifying. Costs 2 YNAB requests.",
  rules:
    'The more specific rule wins (more conditions; a payee over an amount range over an account over memo words), then the older. Kept by this server, not in YNAB.',
  input: () => z.strictObject({ plan_id: planId }),
  output: () =>
    z.strictObject({
      rules: z.array(ruleRow()).describe('Every rule of the plan, the one that wins first.'),
    }),
  async run({ deps, money }, { plan_id }) {
    const plan = await resolvePlan(deps, plan_id);
    const book = await deps.rules.read(plan);
    const names = await ruleNames(deps, plan, money);
    return { rules: orderRules(book.rules).map((r) => rowOf(r, names)) };
  },
});
