/**
 * `update_category`: rename a category or move it to another group; confirmed, not journaled (the result
 * gives the previous name and group). Refuses a duplicate name in the destination group and YNAB's own
 * categories. Reads the category list twice: the categories, then the groups it may go to.
 */
import { z } from 'zod';
import { planUpdate } from '../../domain/categories/category-writes.js';
import { clean } from '../../domain/text.js';
import { ConfirmRequest } from '../../safety/confirm.js';
import { creatableGroups } from './list-category-groups.js';
import { resolvePlan } from '../shared/resolve-plan.js';
import { settled } from '../../safety/outcome/checked-step.js';
import { finishWrite } from '../../safety/outcome/finish.js';
import { fieldsHeld } from '../../safety/recognise.js';
import { categoryWrite } from '../../safety/outcome/verify-plan-writes.js';
import { planId, userText } from '../shared/schemas.js';
import { defineWriteTool, PREVIEW, type WriteResult } from '../shared/define-write-tool.js';
import { categoryKey } from '../shared/subjects.js';
const updateResult = () => ({
  category_id: z.string().describe('The category id.'),
  from_name: userText('The name before the change'),
  to_name: userText('The name after the change'),
  from_group: userText('The group before the change'),
  to_group: userText("The group after the change ('' when it is not a group list_category_groups shows)"),
});
type UpdateResult = WriteResult<ReturnType<typeof updateResult>, false>;

export const updateCategory = defineWriteTool({
  name: 'update_category',
  title: 'Rename or move a category',
  undoable: false,
  destructive: true,
  idempotent: true,
  mentionsBankText: false,
  description: [
    'Rename a category and/or move it to another group.',
    PREVIEW,
    'Not undoable: call again with the old name and group. Costs 2 YNAB requests, 1 more to apply.',
  ],
  rules: "A name the group already has, and YNAB's own categories, are refused.",
  names: { category_id: 'category', category_group_id: 'group' },
  input: () => ({
    plan_id: planId,
    category_id: z.string().min(1).describe('From suggest_categories or get_category_balances.'),
    name: z.string().nullable().default(null).describe('One line; null keeps it.'),
    category_group_id: z
      .string()
      .nullable()
      .default(null)
      .describe('From list_category_groups; null keeps it.'),
  }),
  output: updateResult,
  async run({ deps, money }, { plan_id, category_id, name, category_group_id }) {
    const plan = await resolvePlan(deps, plan_id);
    const categories = await deps.ynab.categories.groups(plan);
    const groups = creatableGroups(await deps.ynab.categories.groups(plan));
    const p = planUpdate(categories, groups, { category_id, name, category_group_id });
    const preview: UpdateResult = {
      status: 'applied',
      message: '',
      category_id: p.category_id,
      from_name: clean(p.from_name),
      to_name: clean(p.to_name),
      from_group: clean(p.from_group),
      to_group: clean(p.to_group),
      confirmation: null,
    };
    if (Object.keys(p.patch).length === 0) {
      return { ...preview, status: 'nothing_to_do' as const, message: 'Nothing to change.' };
    }
    return new ConfirmRequest({
      journals: [],
      plan,
      subject: { category_id: p.category_id, name: p.to_name, group: p.to_group_id },
      sameSubject: [categoryKey(p.category_id)],
      checkWith: 'list_category_groups',
      // the fields sent, held by the category (nothing is journaled: the answer says how to revert)
      recognise: () => fieldsHeld([{ id: p.category_id, ...p.patch }], null, 'categories'),
      question: `Change category '${preview.from_name}' (${preview.from_group}) to '${preview.to_name}' (${preview.to_group})?`,
      flow: 'merge',
      preview,
      apply: async () => {
        const write = categoryWrite(deps, plan, categories, p.category_id, p.patch);
        return settled(write, (verdict) =>
          finishWrite({
            money,
            preview,
            verdict,
            asked: write.asked,
            check: 'list_category_groups',
            done: 'Applied. To revert, call update_category with the previous name and group.',
          }),
        );
      },
    });
  },
});
