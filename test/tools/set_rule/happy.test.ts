/**
 * The household's rules through real clients in both eras: set_rule and delete_rule previewed and
 * confirmed, journaled and undone, sending no YNAB write; list_rules in the order rules win; a rule
 * repeating another's condition refused, naming it; the rule tools listed without AVENIR_MCP_WRITE.
 */
import { readFileSync } from 'node:fs';
import { describe, expect } from 'vitest';
import { it } from '../../helpers/fixture.js';
import { ERAS, call, connect, requestLines, textOf, type Session, out } from '../../helpers/harness.js';
import { ACCEPT, answering, tempJournal } from '../../helpers/writes.js';

const PLAN = 'demo-budget';
const READS = [`GET /plans/${PLAN}/accounts`, `GET /plans/${PLAN}/categories`];
const RAIL = { plan_id: PLAN, said: 'Rail Co is holidays', payee: 'RAIL CO', category_id: 'cat-holidays' };
const FRESH = {
  plan_id: PLAN,
  said: 'Market Fresh under 100 is groceries',
  payee: 'CB MARKET FRESH FACT 050926 525130******1',
  amount_max: 100,
  category_id: 'Groceries',
};

const journalKinds = (path: string) =>
  readFileSync(path, 'utf8')
    .trim()
    .split('\n')
    .map((l) => (JSON.parse(l) as { kind: string }).kind);

/** Sets a rule by the code flow: preview, then the same call with the code. */
async function confirmed(s: Session, tool: string, args: Record<string, unknown>) {
  const preview = out(await call(s, tool, args));
  expect(preview.status).toBe('confirmation_required');
  return out(await call(s, tool, { ...args, confirmation: preview.confirmation }));
}

const numbers = async (s: Session) =>
  (out(await call(s, 'list_rules', { plan_id: PLAN })).rules as { number: number; rule: string }[]).map(
    (r) => [r.number, r.rule],
  );

describe.each(ERAS)('household rules, %s era', (era) => {
  let journal: string;
  it.beforeEach(({ h }) => {
    h.standIn.reset();
    journal = tempJournal();
  });

  it('are listed without AVENIR_MCP_WRITE, the YNAB writes are not', async ({ h }) => {
    const s = await connect(h, era, { env: { AVENIR_MCP_JOURNAL: journal, AVENIR_MCP_WRITE: '0' } });
    const names = (await s.client.listTools()).tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['list_rules', 'set_rule', 'delete_rule']));
    expect(names).not.toContain('apply_categories');
    expect(names).not.toContain('apply_rules');
    expect(names).not.toContain('undo_operation');
    const set = await confirmed(s, 'set_rule', RAIL);
    expect(set.message).toBe('Rule 1 set. delete_rule 1 reverts it.');
    expect(h.standIn.writes).toEqual([]);
  });

  it('set_rule previews, asks, records the rule and journals it, with no YNAB write', async ({ h }) => {
    const a = answering(ACCEPT);
    const s = await connect(h, era, { env: { AVENIR_MCP_JOURNAL: journal }, elicit: a.handler });
    h.standIn.clearRequests();
    const r = out(await call(s, 'set_rule', FRESH));
    expect(a.questions).toEqual([
      'Set rule 1: MARKET FRESH under 100.00 is Groceries ("Market Fresh under 100 is groceries")?',
    ]);
    expect(r).toMatchObject({
      status: 'applied',
      rule: {
        number: 1,
        rule: 'MARKET FRESH under 100.00 is Groceries',
        said: 'Market Fresh under 100 is groceries',
        category_id: 'cat-groceries',
        payee_name: null,
        flag_color: null,
        note: null,
      },
      position: 1,
    });
    expect(r.message).toBe(
      `Rule 1 set. undo_operation with operation_id ${String(r.operation_id)} reverts it.`,
    );
    expect(h.standIn.writes).toEqual([]);
    expect(requestLines(h.standIn).every((l) => l.startsWith('GET '))).toBe(true);
    expect(journalKinds(journal)).toEqual(['rule']);
  });

  it('lists the more specific first, refuses a repeated condition naming its rule, and numbers are never reused', async ({
    h,
  }) => {
    const s = await connect(h, era, { env: { AVENIR_MCP_JOURNAL: journal } });
    await confirmed(s, 'set_rule', { ...FRESH, amount_max: null, said: 'Market Fresh is groceries' });
    await confirmed(s, 'set_rule', {
      ...FRESH,
      category_id: 'cat-restaurants',
      said: 'small Market Fresh is lunch',
    });
    h.standIn.clearRequests();
    expect(await numbers(s)).toEqual([
      [2, 'MARKET FRESH under 100.00 is Restaurants'],
      [1, 'MARKET FRESH is Groceries'],
    ]);
    // the names to word them with, at most (within the freshness window, none)
    expect(requestLines(h.standIn).filter((l) => !READS.includes(l))).toEqual([]);
    const refused = await call(s, 'set_rule', { ...FRESH, payee: 'Market Fresh', said: 'other words' });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toBe(
      'Rule 2 has the same condition with another action ("small Market Fresh is lunch"): delete_rule 2 first, or narrow the condition.',
    );
    await confirmed(s, 'delete_rule', { plan_id: PLAN, number: 2 });
    const third = await confirmed(s, 'set_rule', RAIL);
    expect((third.rule as { number: number }).number).toBe(3);
    expect(h.standIn.writes).toEqual([]);
  });

  it('refuses bad input before asking: no condition, no action, an unknown category or rule', async ({
    h,
  }) => {
    const s = await connect(h, era, { env: { AVENIR_MCP_JOURNAL: journal } });
    const cases: [Record<string, unknown>, string][] = [
      [{ plan_id: PLAN, said: 'x', category_id: 'cat-rent' }, 'A rule needs a condition'],
      [{ plan_id: PLAN, said: 'x', payee: 'Rail Co' }, 'A rule needs an action'],
      [{ ...RAIL, category_id: 'cat-nope' }, 'cat-nope'],
      [{ ...RAIL, amount_min: 50, amount_max: 10 }, 'swap them'],
    ];
    for (const [args, text] of cases) {
      const r = await call(s, 'set_rule', args);
      expect(r.isError, JSON.stringify(args)).toBe(true);
      expect(textOf(r)).toContain(text);
    }
    const gone = await call(s, 'delete_rule', { plan_id: PLAN, number: 9 });
    expect(textOf(gone)).toBe('There is no rule 9 in this plan: use a number from list_rules.');
    expect(await numbers(s)).toEqual([]);
    expect(h.standIn.writes).toEqual([]);
  });

  it("suggest_categories follows a rule before the merchant's history, and says so", async ({ h }) => {
    const s = await connect(h, era, { env: { AVENIR_MCP_JOURNAL: journal } });
    type Item = {
      transaction_id: string;
      suggestion: { category_id: string; confidence: number } | null;
      rule?: string;
    };
    const items = async () =>
      new Map(
        (out(await call(s, 'suggest_categories', { plan_id: PLAN })).items as Item[]).map((i) => [
          i.transaction_id,
          i,
        ]),
      );
    const before = await items();
    expect(before.get('tx-054')?.suggestion?.category_id).not.toBe('cat-holidays');
    expect(before.get('tx-054')).not.toHaveProperty('rule');
    await confirmed(s, 'set_rule', RAIL);
    await confirmed(s, 'set_rule', {
      ...FRESH,
      category_id: null,
      note: 'the big weekly shop',
      said: 'note it',
    });
    const after = await items();
    expect(after.get('tx-054')).toMatchObject({
      suggestion: { category_id: 'cat-holidays', category_name: 'Holidays', confidence: 1 },
      rule: 'by rule 1: RAIL CO is Holidays',
    });
    // a rule with no category says so, and the history still suggests
    expect(after.get('tx-046')).toMatchObject({
      suggestion: before.get('tx-046')?.suggestion ?? null,
      rule: 'by rule 2: MARKET FRESH under 100.00 is the big weekly shop',
    });
    expect(after.get('tx-052')).toEqual(before.get('tx-052'));
    expect(h.standIn.writes).toEqual([]);
  });

  it("apply_rules gives waiting transactions their rule's category in one PATCH, and undo puts them back", async ({
    h,
  }) => {
    const s = await connect(h, era, { env: { AVENIR_MCP_JOURNAL: journal } });
    const nothing = out(await call(s, 'apply_rules', { plan_id: PLAN }));
    expect(nothing).toMatchObject({
      status: 'nothing_to_do',
      message: 'No rules yet: set_rule records one.',
    });
    await confirmed(s, 'set_rule', RAIL);
    await confirmed(s, 'set_rule', FRESH);
    const preview = out(await call(s, 'apply_rules', { plan_id: PLAN }));
    expect(preview.status).toBe('confirmation_required');
    expect(preview.by_rule).toEqual([
      { transaction_id: 'tx-046', rule: 'by rule 2: MARKET FRESH under 100.00 is Groceries' },
      { transaction_id: 'tx-054', rule: 'by rule 1: RAIL CO is Holidays' },
      { transaction_id: 'tx-055', rule: 'by rule 2: MARKET FRESH under 100.00 is Groceries' },
      { transaction_id: 'tx-056', rule: 'by rule 2: MARKET FRESH under 100.00 is Groceries' },
    ]);
    expect(h.standIn.writes).toEqual([]);
    const applied = out(await call(s, 'apply_rules', { plan_id: PLAN, confirmation: preview.confirmation }));
    expect(applied.status).toBe('applied');
    expect(h.standIn.writes.map((w) => [w.method, w.path])).toEqual([
      ['PATCH', `/plans/${PLAN}/transactions`],
    ]);
    const category = (id: string) =>
      h.standIn.state.transactions.find((t) => t.id === id)?.category_id ?? null;
    expect(['tx-046', 'tx-054', 'tx-055', 'tx-056'].map(category)).toEqual([
      'cat-groceries',
      'cat-holidays',
      'cat-groceries',
      'cat-groceries',
    ]);
    expect(out(await call(s, 'apply_rules', { plan_id: PLAN })).status).toBe('nothing_to_do');
    await confirmed(s, 'undo_operation', { plan_id: PLAN, operation_id: applied.operation_id });
    expect(['tx-046', 'tx-054', 'tx-055', 'tx-056'].map(category)).toEqual([null, null, null, null]);
  });

  it('apply_categories proposes a rule the second time a merchant goes against its suggestion, storing no rule', async ({
    h,
  }) => {
    const s = await connect(h, era, { env: { AVENIR_MCP_JOURNAL: journal } });
    const assign = (id: string) =>
      confirmed(s, 'apply_categories', {
        plan_id: PLAN,
        assignments: [{ transaction_id: id, category_id: 'cat-restaurants' }],
      });
    const first = await assign('tx-055');
    expect(first.message).toBe(
      `Applied. undo_operation with operation_id ${String(first.operation_id)} reverts it.`,
    );
    const second = await assign('tx-056');
    expect(second.message).toBe(
      `Applied. undo_operation with operation_id ${String(second.operation_id)} reverts it. MARKET FRESH was given Restaurants rather than the suggested Groceries twice now: if the user wants that always, offer set_rule (payee "MARKET FRESH", category_id cat-restaurants); nothing is kept without their yes.`,
    );
    expect(await numbers(s)).toEqual([]);
    // a suggestion followed is no correction
    const followed = await confirmed(s, 'apply_categories', {
      plan_id: PLAN,
      assignments: [{ transaction_id: 'tx-046', category_id: 'cat-groceries' }],
    });
    expect(String(followed.message)).not.toContain('set_rule');
  });

  it('the resource avenir-mcp://rules/{plan_id} is what list_rules answers', async ({ h }) => {
    const s = await connect(h, era, { env: { AVENIR_MCP_JOURNAL: journal } });
    await confirmed(s, 'set_rule', RAIL);
    const r = await s.client.readResource({ uri: `avenir-mcp://rules/${PLAN}` });
    const c = r.contents[0] as { text: string; mimeType?: string };
    expect(c.mimeType).toBe('application/json');
    expect(JSON.parse(c.text)).toEqual(out(await call(s, 'list_rules', { plan_id: PLAN })));
    expect((JSON.parse(c.text) as { rules: unknown[] }).rules).toHaveLength(1);
  });

  it('undo_operation removes a rule set, and puts a deleted rule back under its number', async ({ h }) => {
    const s = await connect(h, era, { env: { AVENIR_MCP_JOURNAL: journal } });
    const set = await confirmed(s, 'set_rule', RAIL);
    const undone = await confirmed(s, 'undo_operation', { plan_id: PLAN, operation_id: set.operation_id });
    expect(undone.status).toBe('applied');
    expect(await numbers(s)).toEqual([]);
    await confirmed(s, 'set_rule', FRESH);
    const deleted = await confirmed(s, 'delete_rule', { plan_id: PLAN, number: 2 });
    expect(await numbers(s)).toEqual([]);
    await confirmed(s, 'undo_operation', { plan_id: PLAN, operation_id: deleted.operation_id });
    expect(await numbers(s)).toEqual([[2, 'MARKET FRESH under 100.00 is Groceries']]);
    expect(h.standIn.writes).toEqual([]);
  });

  it('an undo leaves alone a rule whose condition another rule has taken since', async ({ h }) => {
    const s = await connect(h, era, { env: { AVENIR_MCP_JOURNAL: journal } });
    await confirmed(s, 'set_rule', RAIL);
    const deleted = await confirmed(s, 'delete_rule', { plan_id: PLAN, number: 1 });
    await confirmed(s, 'set_rule', { ...RAIL, category_id: 'cat-transport', said: 'Rail Co is transport' });
    const r = out(await call(s, 'undo_operation', { plan_id: PLAN, operation_id: deleted.operation_id }));
    expect(String(r.message)).toContain('nothing to undo');
    expect(await numbers(s)).toEqual([[2, 'RAIL CO is Transport']]);
  });
});
