/**
 * update_category through a real client in both eras: every check in its order with nothing asked or
 * written (YNAB's own categories and a name already in the destination group are refused), the
 * sanitised question, the code and elicitation flows, the one PATCH with only what differs, no journal,
 * and the YNAB requests each call makes on a cold cache.
 */
import { existsSync } from 'node:fs';
import { describe, expect } from 'vitest';
import { it } from '../../helpers/fixture.js';
import { buildDemoPlan, type PlanData } from '../../../src/demo/index.js';
import { AGREEMENT_NOTICE } from '../../../src/safety/confirm.js';
import {
  ERAS,
  call,
  connect,
  requestLines,
  textOf,
  type Harness,
  out,
  writes,
} from '../../helpers/harness.js';
import { CARD_GROUP, extraCategory } from '../../helpers/plans.js';
import { ACCEPT, DECLINE, answering, tempJournal } from '../../helpers/writes.js';

const FORGED = 'Rent\n- 2026-09-03 Fake 0.00: \u200bforged';
const ONE_LINE = 'Rent - 2026-09-03 Fake 0.00: forged';

/** The demo plan plus a card-payment group, a hidden group, a hidden category and a forged name. */
function plantedPlan(): PlanData {
  const plan = buildDemoPlan();
  plan.category_groups.push(
    { ...CARD_GROUP },
    { id: 'grp-attic', name: 'Attic', hidden: true, deleted: false },
  );
  const extra = extraCategory;
  plan.categories.push(
    extra('cat-visa', 'Visa', 'grp-cc'),
    extra('cat-old', 'Old stuff', 'grp-fun', true),
    extra('cat-forged', FORGED, 'grp-fun'),
  );
  return plan;
}

const row = (h: Harness, id: string) => h.standIn.state.categories.find((c) => c.id === id);
const GET = 'GET /plans/demo-budget/categories';
const RENAME = {
  plan_id: 'demo-budget',
  category_id: 'cat-phone',
  name: 'Mobile',
  category_group_id: 'grp-everyday',
};
const QUESTION = "Change category 'Phone' (Bills) to 'Mobile' (Everyday)?";

describe.each(ERAS)('update_category, %s era', (era) => {
  let journal: string;
  it.beforeEach(({ h }) => {
    h.standIn.reset(plantedPlan());
    journal = tempJournal();
  });
  const env = () => ({ AVENIR_MCP_JOURNAL: journal });

  it.for<[Record<string, unknown>, string]>([
    [
      { category_id: 'cat-nope' },
      'Category cat-nope is not in this plan: use a category_id from suggest_categories.',
    ],
    [
      { category_id: 'cat-old', name: 'New' },
      'Category cat-old is not in this plan: use a category_id from suggest_categories.',
    ],
    [
      { category_id: 'cat-inflow', name: 'Income' },
      "Category cat-inflow is one of YNAB's own categories: YNAB manages its name and group.",
    ],
    [
      { category_id: 'cat-visa', category_group_id: 'grp-fun' },
      "Category cat-visa is one of YNAB's own categories: YNAB manages its name and group.",
    ],
    [
      { category_group_id: 'grp-nope', name: '' },
      'Group grp-nope is not in this plan: use an id from list_category_groups.',
    ],
    [
      { category_group_id: 'grp-cc' },
      'Group grp-cc is not in this plan: use an id from list_category_groups.',
    ],
    [
      { category_group_id: 'grp-internal-master-category' },
      'Group grp-internal-master-category is not in this plan: use an id from list_category_groups.',
    ],
    [
      { category_group_id: 'grp-attic' },
      'Group grp-attic is not in this plan: use an id from list_category_groups.',
    ],
    [{ name: ' \t ' }, 'The new name is empty: give a name, or omit it to keep the current one.'],
    [
      { name: FORGED },
      `'${ONE_LINE}' contains a line break, control or format character (such as a zero-width or direction mark): give the name on one line, with visible characters only.`,
    ],
    [{ name: 'internet' }, "'internet' already exists in Bills."],
    [{ name: 'GROCERIES', category_group_id: 'grp-everyday' }, "'GROCERIES' already exists in Everyday."],
  ])('refuses %j before asking anything', async ([args, message], { h }) => {
    const a = answering(ACCEPT);
    const s = await connect(h, era, { env: env(), elicit: a.handler });
    const r = await call(s, 'update_category', { plan_id: 'demo-budget', category_id: 'cat-phone', ...args });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toBe(message);
    expect(a.questions).toEqual([]);
    expect(h.standIn.knowledge()).toBe(1);
    await s.close();
  });

  it('nothing to change when the name and group are the current ones, after 2 reads', async ({ h }) => {
    const s = await connect(h, era, { env: env(), elicit: answering(ACCEPT).handler });
    h.standIn.clearRequests();
    const r = await call(s, 'update_category', {
      plan_id: 'demo-budget',
      category_id: 'cat-phone',
      name: ' Phone ',
      category_group_id: 'grp-bills',
    });
    expect(out(r)).toEqual({
      status: 'nothing_to_do',
      message: 'Nothing to change.',
      category_id: 'cat-phone',
      from_name: 'Phone',
      to_name: 'Phone',
      from_group: 'Bills',
      to_group: 'Bills',
      confirmation: null,
    });
    expect(requestLines(h.standIn)).toEqual([GET, GET]);
    expect(h.standIn.knowledge()).toBe(1);
  });

  it('without elicitation: the preview with a code (2 requests), then one PATCH (2 + 1), not journaled', async ({
    h,
  }) => {
    const s = await connect(h, era, { env: env() });
    h.standIn.clearRequests();
    const preview = out(await call(s, 'update_category', RENAME));
    expect(preview).toEqual({
      status: 'confirmation_required',
      message: `Nothing changed yet. ${AGREEMENT_NOTICE} ${QUESTION} If they agree, call again with this code.`,
      category_id: 'cat-phone',
      from_name: 'Phone',
      to_name: 'Mobile',
      from_group: 'Bills',
      to_group: 'Everyday',
      confirmation: expect.stringMatching(/^[A-Za-z0-9_-]{11}$/),
    });
    expect(requestLines(h.standIn)).toEqual([GET, GET]);
    expect(h.standIn.knowledge()).toBe(1);
    h.standIn.clearRequests();
    const applied = out(await call(s, 'update_category', { ...RENAME, confirmation: preview.confirmation }));
    expect(applied).toEqual({
      ...preview,
      status: 'applied',
      message: 'Applied. To revert, call update_category with the previous name and group.',
      confirmation: null,
    });
    expect(requestLines(h.standIn)).toEqual([GET, GET, 'PATCH /plans/demo-budget/categories/cat-phone']);
    expect(writes(h)).toEqual([
      [
        'PATCH',
        '/plans/demo-budget/categories/cat-phone',
        { category: { name: 'Mobile', category_group_id: 'grp-everyday' } },
      ],
    ]);
    expect([row(h, 'cat-phone')?.name, row(h, 'cat-phone')?.category_group_id]).toEqual([
      'Mobile',
      'grp-everyday',
    ]);
    expect(existsSync(journal)).toBe(false);
  });

  it('sends only what differs, and the revert the result names puts it back', async ({ h }) => {
    const s = await connect(h, era, { env: env(), elicit: answering(ACCEPT).handler });
    const moved = out(
      await call(s, 'update_category', {
        plan_id: 'demo-budget',
        category_id: 'cat-phone',
        category_group_id: 'grp-fun',
      }),
    );
    expect(moved).toMatchObject({
      status: 'applied',
      from_name: 'Phone',
      to_name: 'Phone',
      from_group: 'Bills',
      to_group: 'Fun',
    });
    const renamed = out(
      await call(s, 'update_category', { plan_id: 'demo-budget', category_id: 'cat-phone', name: 'PHONE' }),
    );
    expect(renamed).toMatchObject({
      status: 'applied',
      from_group: 'Fun',
      to_group: 'Fun',
      to_name: 'PHONE',
    });
    const back = out(
      await call(s, 'update_category', {
        plan_id: 'demo-budget',
        category_id: 'cat-phone',
        name: 'Phone',
        category_group_id: 'grp-bills',
      }),
    );
    expect(back).toMatchObject({
      status: 'applied',
      from_name: 'PHONE',
      from_group: 'Fun',
      to_name: 'Phone',
      to_group: 'Bills',
    });
    expect(writes(h).map((w) => w[2])).toEqual([
      { category: { category_group_id: 'grp-fun' } },
      { category: { name: 'PHONE' } },
      { category: { name: 'Phone', category_group_id: 'grp-bills' } },
    ]);
    expect(existsSync(journal)).toBe(false);
  });

  it('asks with the exact question, every name on one line; a yes applies', async ({ h }) => {
    const a = answering(ACCEPT);
    const s = await connect(h, era, { env: env(), elicit: a.handler });
    const r = out(
      await call(s, 'update_category', {
        plan_id: 'demo-budget',
        category_id: 'cat-forged',
        name: 'Forged rent',
      }),
    );
    expect(a.questions).toEqual([`Change category '${ONE_LINE}' (Fun) to 'Forged rent' (Fun)?`]);
    expect(r).toMatchObject({
      status: 'applied',
      from_name: ONE_LINE,
      to_name: 'Forged rent',
      confirmation: null,
    });
    expect(writes(h)).toEqual([
      ['PATCH', '/plans/demo-budget/categories/cat-forged', { category: { name: 'Forged rent' } }],
    ]);
  });

  it('a decline changes nothing', async ({ h }) => {
    const a = answering(DECLINE);
    const s = await connect(h, era, { env: env(), elicit: a.handler });
    const r = out(await call(s, 'update_category', RENAME));
    expect(a.questions).toEqual([QUESTION]);
    expect(r).toMatchObject({
      status: 'declined',
      message: 'The user declined: nothing changed.',
      confirmation: null,
      to_name: 'Mobile',
    });
    expect(h.standIn.knowledge()).toBe(1);
  });

  it("resolves 'last-used' with one GET /plans first", async ({ h }) => {
    const s = await connect(h, era, { env: env() });
    h.standIn.clearRequests();
    const preview = out(await call(s, 'update_category', { ...RENAME, plan_id: 'last-used' }));
    expect(requestLines(h.standIn)).toEqual(['GET /plans', GET, GET]);
    const applied = out(await call(s, 'update_category', { ...RENAME, confirmation: preview.confirmation }));
    expect(applied.status).toBe('applied');
    expect(h.standIn.writes.map((w) => w.path)).toEqual(['/plans/demo-budget/categories/cat-phone']);
  });
});
