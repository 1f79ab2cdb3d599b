/**
 * The small files and seals of this server's own state, at their edges: the household rules' file
 * and the change marks' file (missing, damaged, unreadable, unwritable), the undo of a rule when the
 * rules moved on, the journal's entries since a time, and compare_statement's sealed comparison id
 * (genuine, tampered, expired, another key).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Deps } from '../../src/deps.js';
import type { Mark } from '../../src/domain/changes/mark.js';
import { Secret } from '../../src/domain/secret.js';
import type { Rule } from '../../src/domain/rules/rule.js';
import { COMPARISON_REFUSED, openComparison, sealComparison } from '../../src/safety/comparison-seal.js';
import { Journal, type JournalEntry } from '../../src/safety/journal.js';
import { FileMarks } from '../../src/safety/marks.js';
import type { RuleBook } from '../../src/safety/rules-book.js';
import { RulesFile } from '../../src/safety/rules-file.js';
import { RULE_CHANGED, undoRule } from '../../src/safety/undo/rules.js';
import { tempJournal } from '../helpers/writes.js';
import { twoDecimals } from '../helpers/money.js';
import type { YnabClient } from '../../src/ynab/api.js';

const folder = () => {
  const dir = join(tmpdir(), `avenir-state-${Math.random().toString(36).slice(2)}`);
  mkdirSync(dir, { recursive: true });
  return dir;
};

const rule = (number: number, merchant: string, said = `rule ${number}`): Rule => ({
  number,
  said,
  condition: { merchant, amount: null, account_id: null, memo_words: [] },
  action: { category_id: 'cat-groceries', payee_name: null, flag_color: null, note: null },
  created_at: '2026-09-25T09:00:00+00:00',
});

describe('the household rules file', () => {
  it('reads an empty book where there is no file, and says what is wrong with a damaged or unreadable one', async () => {
    const dir = folder();
    const journal = join(dir, 'journal.jsonl');
    const rules = new RulesFile(() => journal);
    expect((await rules.read('p')).rules).toEqual([]);
    writeFileSync(join(dir, 'rules.json'), '{ not json');
    await expect(rules.read('p')).rejects.toThrow(/^The rules file .*rules\.json is damaged/);
    const other = folder();
    mkdirSync(join(other, 'rules.json'));
    await expect(new RulesFile(() => join(other, 'journal.jsonl')).read('p')).rejects.toThrow(
      /^The rules file .*rules\.json cannot be read \(/,
    );
  });

  it('refuses a change it cannot write, and the next change still runs', async () => {
    const dir = folder();
    writeFileSync(join(dir, 'blocker'), 'a file where a folder should be');
    const rules = new RulesFile(() => join(dir, 'blocker', 'journal.jsonl'));
    const add = (book: RuleBook) => ({
      book: { ...book, highest: 1, rules: [rule(1, 'COSTCO')] },
      result: 'added',
    });
    await expect(rules.change('p', add)).rejects.toThrow(/cannot be written .*nothing was changed/);
    // the queue goes on after a failed change: a read waits for it and then answers
    await expect(rules.read('p')).resolves.toMatchObject({ rules: [] });
    const ok = new RulesFile(() => join(dir, 'journal.jsonl'));
    await expect(ok.change('p', add)).resolves.toBe('added');
    expect((await ok.read('p')).rules.map((r) => r.number)).toEqual([1]);
  });
});

describe('the change marks file', () => {
  it('reads no mark from a missing, damaged or misshapen file: the next call sets a new one', async () => {
    const dir = folder();
    const path = join(dir, 'marks.json');
    const marks = new FileMarks(() => path);
    expect(await marks.get('p')).toBeNull();
    for (const text of ['{ not json', '{"plans": null}', '{"plans": {"p": {"version": 2}}}', '[]']) {
      writeFileSync(path, text);
      expect(await marks.get('p'), text).toBeNull();
    }
  });

  it("keeps each plan's mark, a set after a failed one included", async () => {
    const dir = folder();
    writeFileSync(join(dir, 'blocker'), 'x');
    let path = join(dir, 'blocker', 'marks.json');
    const marks = new FileMarks(() => path);
    const mark = {
      version: 1,
      knowledge: 3,
      at: '2026-09-25T09:00:00+00:00',
      from: '2026-07-25',
      transactions: [],
      scheduled: [],
      targets: [],
      moved: { at: null, ids: [] },
    } satisfies Mark;
    await expect(marks.set('p', mark)).rejects.toThrow(/cannot be written/);
    path = join(dir, 'marks.json');
    await marks.set('p', mark);
    await marks.set('q', { ...mark, knowledge: 4 });
    expect([(await marks.get('p'))?.knowledge, (await marks.get('q'))?.knowledge]).toEqual([3, 4]);
  });

  it('says the mark did not move when it cannot write', async () => {
    const dir = folder();
    writeFileSync(join(dir, 'blocker'), 'x');
    const marks = new FileMarks(() => join(dir, 'blocker', 'marks.json'));
    const mark = { version: 1, knowledge: 3, at: '2026-09-25T09:00:00+00:00', from: '2026-07-25' } as never;
    await expect(marks.set('p', mark)).rejects.toThrow(
      /^The marks file .* cannot be written .*the mark did not move/,
    );
  });
});

describe('the undo of a rule', () => {
  const entry = (details: unknown): JournalEntry => ({
    operation_id: 'op-rule-1',
    plan_id: 'p',
    kind: 'rule',
    applied_at: '2026-09-25T09:00:00+00:00',
    moves: [],
    details: details as Record<string, unknown>,
  });
  const undo = async (rules: RulesFile, details: { added: Rule | null; removed: Rule | null }) =>
    undoRule({} as YnabClient, 'p', entry(details), details as never, twoDecimals, rules);

  it('puts a removed rule back under its number, and leaves it when its number or condition is taken', async () => {
    const journal = join(folder(), 'journal.jsonl');
    const rules = new RulesFile(() => journal);
    await rules.change('p', (b) => ({
      book: { ...b, highest: 3, rules: [rule(1, 'A'), rule(3, 'C')] },
      result: null,
    }));
    const back = await undo(rules, { added: null, removed: rule(2, 'B') });
    expect([back.fullConflict, back.question]).toEqual([null, 'Put rule 2 ("rule 2") back?']);
    expect(await back.apply()).toBe('rule 2 is back.');
    expect((await rules.read('p')).rules.map((r) => r.number)).toEqual([1, 2, 3]);
    // its number taken, or its condition another rule's now: left alone
    expect((await undo(rules, { added: null, removed: rule(2, 'Z') })).fullConflict).toBe(RULE_CHANGED);
    expect((await undo(rules, { added: null, removed: rule(9, 'A') })).fullConflict).toBe(RULE_CHANGED);
  });

  it('removes an added rule still as added, and refuses at the yes when it changed after the question', async () => {
    const journal = join(folder(), 'journal.jsonl');
    const rules = new RulesFile(() => journal);
    await rules.change('p', (b) => ({ book: { ...b, highest: 1, rules: [rule(1, 'A')] }, result: null }));
    expect((await undo(rules, { added: rule(1, 'A', 'other words'), removed: null })).fullConflict).toBe(
      RULE_CHANGED,
    );
    const plan = await undo(rules, { added: rule(1, 'A'), removed: null });
    expect(plan.fullConflict).toBeNull();
    expect(plan.question).toBe('Remove rule 1 ("rule 1") again?');
    await rules.change('p', (b) => ({ book: { ...b, rules: [] }, result: null }));
    await expect(plan.apply()).rejects.toThrow(RULE_CHANGED);
    // as added still: removed again
    await rules.change('p', (b) => ({ book: { ...b, rules: [rule(1, 'A')] }, result: null }));
    expect(await (await undo(rules, { added: rule(1, 'A'), removed: null })).apply()).toBe(
      'rule 1 is removed again.',
    );
    expect((await rules.read('p')).rules).toEqual([]);
  });
});

describe('the journal since a time', () => {
  it('keeps the plan’s entries applied at or after the time, in the order applied', async () => {
    const path = tempJournal();
    const j = new Journal(() => path);
    const at = (id: string, plan: string, time: string): JournalEntry => ({
      operation_id: id,
      plan_id: plan,
      kind: 'categorize',
      applied_at: time,
      moves: [],
      details: {},
    });
    await j.record(at('000000000001', 'p', '2026-09-20T09:00:00+00:00'));
    await j.record(at('000000000002', 'p', '2026-09-25T09:00:00+00:00'));
    await j.record(at('000000000003', 'q', '2026-09-26T09:00:00+00:00'));
    await j.record(at('000000000004', 'p', '2026-09-27T09:00:00+00:00'));
    const ids = (await j.since('p', '2026-09-25T09:00:00+00:00')).map((e) => e.operation_id);
    expect(ids).toEqual(['000000000002', '000000000004']);
  });
});

describe('the comparison id', () => {
  const deps = (key: string | null) =>
    ({ config: { stateKey: key === null ? null : new Secret(key) } }) as unknown as Deps;
  afterEach(() => vi.useRealTimers());

  it('gives back what it sealed, under the same key only', async () => {
    const keyed = deps('k'.repeat(40));
    const id = await sealComparison(keyed, { fixes: [{ id: 'F1' }], plan: 'p' });
    await expect(openComparison(keyed, id)).resolves.toEqual({ fixes: [{ id: 'F1' }], plan: 'p' });
    await expect(openComparison(deps('x'.repeat(40)), id)).rejects.toThrow(COMPARISON_REFUSED);
    const local = deps(null);
    await expect(openComparison(local, await sealComparison(local, [1, 2]))).resolves.toEqual([1, 2]);
    await expect(openComparison(local, id)).rejects.toThrow(COMPARISON_REFUSED);
  });

  it('refuses a changed id and one older than 30 minutes', async () => {
    const keyed = deps('k'.repeat(40));
    const id = await sealComparison(keyed, { plan: 'p' });
    const [head, body, sig] = id.split('.');
    await expect(openComparison(keyed, `${head}.${body}x.${sig}`)).rejects.toThrow(COMPARISON_REFUSED);
    await expect(openComparison(keyed, 'not-an-id')).rejects.toThrow(COMPARISON_REFUSED);
    vi.useFakeTimers();
    vi.setSystemTime(Date.now() + 31 * 60_000);
    await expect(openComparison(keyed, id)).rejects.toThrow(COMPARISON_REFUSED);
  });
});
