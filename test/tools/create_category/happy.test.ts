/**
 * create_category through a real client in both eras: every check in its
 * order with nothing asked or written, the sanitised question, the code and elicitation flows, the
 * one POST, `Created.` with the new id, no journal, and the YNAB requests each call makes on a cold cache.
 */
import { existsSync } from 'node:fs';
import { describe, expect } from 'vitest';
import { it } from '../../helpers/fixture.js';
import { buildDemoPlan, type PlanData } from '../../../src/demo/index.js';
import { AGREEMENT_NOTICE } from '../../../src/safety/confirm.js';
import { ERAS, call, connect, requestLines, textOf, out, writes } from '../../helpers/harness.js';
import { ACCEPT, DECLINE, answering, tempJournal } from '../../helpers/writes.js';

const FORGED = 'Fun\n- 2026-09-03 Fake 0.00: \u200bforged';
const ONE_LINE = 'Fun - 2026-09-03 Fake 0.00: forged';

/** The demo plan plus a hidden category in Fun, a hidden group and a group with a forged name. */
function plantedPlan(): PlanData {
  const plan = buildDemoPlan();
  plan.category_groups.push(
    { id: 'grp-attic', name: 'Attic', hidden: true, deleted: false },
    { id: 'grp-forged', name: FORGED, hidden: false, deleted: false },
  );
  plan.categories.push({
    id: 'cat-old',
    name: 'Old stuff',
    category_group_id: 'grp-fun',
    hidden: true,
    deleted: false,
    note: null,
    target: null,
  });
  return plan;
}

const GET = 'GET /plans/demo-budget/categories';
const ARGS = { plan_id: 'demo-budget', category_group_id: 'grp-fun', name: '  Climbing ' };
const QUESTION = "Create category 'Climbing' in Fun?";

describe.each(ERAS)('create_category, %s era', (era) => {
  let journal: string;
  it.beforeEach(({ h }) => {
    h.standIn.reset(plantedPlan());
    journal = tempJournal();
  });
  const env = () => ({ AVENIR_MCP_JOURNAL: journal });

  it.for<[Record<string, unknown>, string]>([
    [
      { category_group_id: 'grp-nope', name: '' },
      'Group grp-nope is not in this plan: use an id from list_category_groups.',
    ],
    [
      { category_group_id: 'grp-internal-master-category' },
      'Group grp-internal-master-category is not in this plan: use an id from list_category_groups.',
    ],
    [
      { category_group_id: 'grp-attic' },
      'Group grp-attic is not in this plan: use an id from list_category_groups.',
    ],
    [{ name: '   ' }, 'The name is empty: give the new category a name.'],
    [
      { name: 'Climb\ning \u200b' },
      "'Climb ing' contains a line break, control or format character (such as a zero-width or direction mark): give the name on one line, with visible characters only.",
    ],
    [{ name: 'TENNIS' }, "'TENNIS' already exists in Fun."],
  ])('refuses %j before asking anything', async ([args, message], { h }) => {
    const a = answering(ACCEPT);
    const s = await connect(h, era, { env: env(), elicit: a.handler });
    const r = await call(s, 'create_category', { ...ARGS, ...args });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toBe(message);
    expect(a.questions).toEqual([]);
    expect(h.standIn.knowledge()).toBe(1);
    await s.close();
  });

  it('without elicitation: the preview with a code (2 requests), then one POST (2 + 1), not journaled', async ({
    h,
  }) => {
    const s = await connect(h, era, { env: env() });
    h.standIn.clearRequests();
    const preview = out(await call(s, 'create_category', ARGS));
    expect(preview).toEqual({
      status: 'confirmation_required',
      message: `Nothing changed yet. ${AGREEMENT_NOTICE} ${QUESTION} If they agree, call again with this code.`,
      name: 'Climbing',
      group: 'Fun',
      category_id: null,
      confirmation: expect.stringMatching(/^[A-Za-z0-9_-]{11}$/),
    });
    expect(requestLines(h.standIn)).toEqual([GET, GET]);
    expect(h.standIn.knowledge()).toBe(1);
    h.standIn.clearRequests();
    const applied = out(await call(s, 'create_category', { ...ARGS, confirmation: preview.confirmation }));
    expect(applied).toEqual({
      status: 'applied',
      message: 'Created.',
      name: 'Climbing',
      group: 'Fun',
      category_id: 'cat-new-1',
      confirmation: null,
    });
    expect(requestLines(h.standIn)).toEqual([GET, GET, 'POST /plans/demo-budget/categories']);
    expect(writes(h)).toEqual([
      [
        'POST',
        '/plans/demo-budget/categories',
        { category: { name: 'Climbing', category_group_id: 'grp-fun' } },
      ],
    ]);
    expect(h.standIn.state.categories.find((c) => c.id === 'cat-new-1')).toMatchObject({
      name: 'Climbing',
      category_group_id: 'grp-fun',
    });
    expect(existsSync(journal)).toBe(false);
  });

  it('a hidden homonym does not count; the question shows the group on one line; a yes creates it', async ({
    h,
  }) => {
    const a = answering(ACCEPT);
    const s = await connect(h, era, { env: env(), elicit: a.handler });
    const hidden = out(await call(s, 'create_category', { ...ARGS, name: 'old STUFF' }));
    expect(hidden).toMatchObject({ status: 'applied', name: 'old STUFF', category_id: 'cat-new-1' });
    const forged = out(
      await call(s, 'create_category', { ...ARGS, category_group_id: 'grp-forged', name: "Kid's tennis" }),
    );
    expect(a.questions).toEqual([
      "Create category 'old STUFF' in Fun?",
      `Create category 'Kid's tennis' in ${ONE_LINE}?`,
    ]);
    expect(forged).toMatchObject({
      status: 'applied',
      message: 'Created.',
      group: ONE_LINE,
      category_id: 'cat-new-2',
    });
    expect(writes(h).map((w) => w[2])).toEqual([
      { category: { name: 'old STUFF', category_group_id: 'grp-fun' } },
      { category: { name: "Kid's tennis", category_group_id: 'grp-forged' } },
    ]);
    // the new category is seen by the next call (a delta read): the same name is now refused
    const again = await call(s, 'create_category', { ...ARGS, name: 'Old Stuff' });
    expect(textOf(again)).toBe("'Old Stuff' already exists in Fun.");
  });

  it('a decline creates nothing', async ({ h }) => {
    const a = answering(DECLINE);
    const s = await connect(h, era, { env: env(), elicit: a.handler });
    const r = out(await call(s, 'create_category', ARGS));
    expect(a.questions).toEqual([QUESTION]);
    expect(r).toEqual({
      status: 'declined',
      message: 'The user declined: nothing changed.',
      name: 'Climbing',
      group: 'Fun',
      category_id: null,
      confirmation: null,
    });
    expect(h.standIn.knowledge()).toBe(1);
  });

  it("resolves 'last-used' with one GET /plans first", async ({ h }) => {
    const s = await connect(h, era, { env: env() });
    h.standIn.clearRequests();
    const preview = out(await call(s, 'create_category', { ...ARGS, plan_id: 'last-used' }));
    expect(requestLines(h.standIn)).toEqual(['GET /plans', GET, GET]);
    const applied = out(
      await call(s, 'create_category', { ...ARGS, plan_id: 'last-used', confirmation: preview.confirmation }),
    );
    expect(applied.status).toBe('applied');
    expect(h.standIn.writes.map((w) => w.path)).toEqual(['/plans/demo-budget/categories']);
  });
});
