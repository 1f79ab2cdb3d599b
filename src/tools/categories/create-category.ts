/**
 * `create_category`: confirmed, not journaled (YNAB's API cannot delete a category). Reads the category
 * list twice: the groups it may go to, then the categories whose names it must not repeat.
 */
import { z } from 'zod';
import { planCreate } from '../../domain/categories/category-writes.js';
import { clean } from '../../domain/text.js';
import { ConfirmRequest } from '../../safety/confirm.js';
import { creatableGroups } from './list-category-groups.js';
import { resolvePlan } from '../shared/resolve-plan.js';
import { settled } from '../../safety/outcome/checked-step.js';
import { finishWrite } from '../../safety/outcome/finish.js';
import { categoryFound } from '../../safety/recognise.js';
import { newCategoryWrite } from '../../safety/outcome/verify-plan-writes.js';
import { planId } from '../shared/schemas.js';
import { userText } from '../shared/schemas.js';
import { defineWriteTool, PREVIEW, type WriteResult } from '../shared/define-write-tool.js';
import { newCategoryKey } from '../shared/subjects.js';
const createResult = () => ({
  name: userText('The new category name, trimmed'),
  group: userText('The group it is created in'),
  category_id: z.string().nullable().describe('The new category id once created, else null.'),
});
type CreateResult = WriteResult<ReturnType<typeof createResult>, false>;

export const createCategory = defineWriteTool({
  name: 'create_category',
  title: 'Create a category',
  undoable: false,
  destructive: false,
  idempotent: false,
  mentionsBankText: false,
  description: [
    'Create a category in a group.',
    PREVIEW,
    'Not undoable. Costs 2 YNAB requests, 1 more to apply.',
  ],
  rules: 'A name the group already has (in any case) is refused.',
  names: { category_group_id: 'group' },
  input: () => ({
    plan_id: planId,
    category_group_id: z.string().min(1).describe('From list_category_groups.'),
    name: z.string().describe('One line.'),
  }),
  output: createResult,
  async run({ deps, money }, { plan_id, category_group_id, name }) {
    const plan = await resolvePlan(deps, plan_id);
    const groups = creatableGroups(await deps.ynab.categories.groups(plan));
    const categories = await deps.ynab.categories.groups(plan);
    const p = planCreate(categories, groups, { category_group_id, name });
    const preview: CreateResult = {
      status: 'applied',
      message: '',
      name: clean(p.name),
      group: clean(p.group.name),
      category_id: null,
      confirmation: null,
    };
    return new ConfirmRequest({
      journals: [],
      plan,
      subject: { group: p.group.id, name: p.name },
      sameSubject: [newCategoryKey(p.group.id, p.name)],
      checkWith: 'list_category_groups',
      // no category of that name was in the group (planCreate checked): one there now is the new one
      recognise: () => categoryFound(p.group.id, p.name),
      question: `Create category '${preview.name}' in ${preview.group}?`,
      flow: 'merge',
      preview,
      apply: async () => {
        const write = newCategoryWrite(deps, plan, categories, p.name, p.group.id);
        return settled(write, async (verdict) => {
          return finishWrite({
            money,
            preview,
            verdict,
            asked: write.asked,
            check: 'list_category_groups',
            done: 'Created.',
            fields: { category_id: write.created.id },
          });
        });
      },
    });
  },
});
