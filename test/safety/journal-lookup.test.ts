/**
 * Undo's lookup of one operation by its id: found however far back it is, never when it is undone,
 * of another plan or of an unknown kind, never mistaken for an entry whose details quote the id,
 * with damaged lines that quote it skipped with a warning; and, over random journals, the same answer
 * as a plain reading of the rules.
 */
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Journal, type JournalEntry } from '../../src/safety/journal.js';
import { tempJournal } from '../helpers/writes.js';

const ID = 'c0ffee000001';
const KINDS = new Set(['categorize', 'payee']);

const entry = (
  id: string,
  plan = 'demo-budget',
  kind = 'categorize',
  details: Record<string, unknown> = {},
): JournalEntry => ({
  operation_id: id,
  plan_id: plan,
  kind,
  applied_at: '2026-09-25T09:12:04+00:00',
  moves: [{ transaction_id: 'tx-048', from_category_id: 'cat-phone', to_category_id: 'cat-groceries' }],
  details,
});
const line = (e: JournalEntry): string => `${JSON.stringify(e)}\n`;

function journal(): { j: Journal; path: string; warnings: string[] } {
  const path = tempJournal();
  const warnings: string[] = [];
  return {
    j: new Journal(
      () => path,
      (m) => warnings.push(m),
    ),
    path,
    warnings,
  };
}

describe('an operation named by its id', () => {
  it('is found at the start of a journal of several megabytes, and an unknown id is not', async () => {
    const { j, path, warnings } = journal();
    const lines = [line(entry(ID))];
    for (let n = 0; n < 12_000; n++) {
      lines.push(line(entry(n.toString(16).padStart(12, '0'), n % 2 ? 'other-plan' : 'demo-budget')));
    }
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, lines.join(''));
    expect(await j.find('demo-budget', false, KINDS, ID)).toEqual(entry(ID));
    expect((await j.find('other-plan', false, KINDS, '000000000001'))?.plan_id).toBe('other-plan');
    expect(await j.find('demo-budget', false, KINDS, '000000000001')).toBeNull();
    expect(await j.find('demo-budget', false, KINDS, 'ffffffffffff')).toBeNull();
    expect(warnings).toEqual([]);
  });

  it('is not found once undone, nor after a full conflict', async () => {
    const { j } = journal();
    await j.record(entry(ID));
    await j.record(entry('000000000002'));
    await j.record(entry('000000000003'));
    await j.markUndone(ID);
    await j.markUndone('000000000003', true);
    await j.record(entry('000000000004'));
    expect(await j.find('demo-budget', false, KINDS, ID)).toBeNull();
    expect(await j.find('demo-budget', false, KINDS, '000000000003')).toBeNull();
    expect((await j.find('demo-budget', false, KINDS, '000000000002'))?.operation_id).toBe('000000000002');
  });

  it('is never an entry whose details quote the id, nor a marker of another id that does', async () => {
    const { j } = journal();
    await j.record(entry(ID, 'demo-budget', 'payee', { payee_id: 'p-1', from: 'Old', to: ID }));
    await j.record(entry('000000000002', 'demo-budget', 'payee', { payee_id: 'p-2', from: ID, to: 'New' }));
    expect(await j.find('demo-budget', false, KINDS, ID)).toMatchObject({ operation_id: ID });
    // an operation only quoted is not there to undo
    expect(await j.find('demo-budget', false, KINDS, 'Old')).toBeNull();
    await j.markUndone(ID);
    expect(await j.find('demo-budget', false, KINDS, ID)).toBeNull();
    expect((await j.find('demo-budget', false, KINDS, '000000000002'))?.operation_id).toBe('000000000002');
  });

  it('is skipped when of another plan or an unknown kind; one recorded with last-used only for last-used', async () => {
    const { j } = journal();
    await j.record(entry(ID, 'other-plan'));
    await j.record(entry('000000000002', 'demo-budget', 'kind-from-the-future'));
    await j.record(entry('000000000003', 'last-used'));
    expect(await j.find('demo-budget', false, KINDS, ID)).toBeNull();
    expect(await j.find('demo-budget', true, KINDS, ID)).toBeNull();
    expect(await j.find('demo-budget', false, KINDS, '000000000002')).toBeNull();
    expect(await j.find('demo-budget', false, KINDS, '000000000003')).toBeNull();
    expect((await j.find('demo-budget', true, KINDS, '000000000003'))?.plan_id).toBe('last-used');
  });

  it('is found past damaged lines that quote it, with a warning; those that do not are left unread', async () => {
    const { j, path, warnings } = journal();
    await j.record(entry(ID));
    appendFileSync(path, `{"undone":"${ID}"\nnot json at all\n[${JSON.stringify(ID)}]\n`);
    // a torn last append of the same id
    appendFileSync(path, `{"operation_id":"${ID}","plan_id":"demo-budget","kind":"categ`);
    expect(await j.find('demo-budget', false, KINDS, ID)).toEqual(entry(ID));
    // the torn marker, the array and the torn entry; the line without the id is never parsed
    expect(warnings).toEqual([`The journal ${path} has 3 damaged line(s), skipped.`]);
  });

  it('is an id with characters JSON escapes, as it was recorded', async () => {
    const { j } = journal();
    const odd = 'a"b\\c';
    await j.record(entry(odd));
    await j.record(entry('ab'));
    expect((await j.find('demo-budget', false, KINDS, odd))?.operation_id).toBe(odd);
    expect(await j.find('demo-budget', false, KINDS, 'a')).toBeNull();
  });

  it('is nothing when there is no journal', async () => {
    const { j } = journal();
    expect(await j.find('demo-budget', false, KINDS, ID)).toBeNull();
  });
});

/** Undo's rules read plainly: from the last step, markers met first, the first entry that qualifies. */
type Step = { record: JournalEntry } | { undone: string; conflict: boolean };
function byTheRules(steps: Step[], plan: string, lastUsed: boolean, id: string): JournalEntry | null {
  const undone = new Set<string>();
  for (const step of [...steps].reverse()) {
    if ('undone' in step) {
      undone.add(step.undone);
      continue;
    }
    const e = step.record;
    const samePlan = e.plan_id === plan || (lastUsed && e.plan_id === 'last-used');
    if (!undone.has(e.operation_id) && samePlan && KINDS.has(e.kind) && e.operation_id === id) return e;
  }
  return null;
}

describe('over random journals', () => {
  const ids = fc.constantFrom('000000000001', '000000000002', '000000000003', 'demo-budget');
  const step: fc.Arbitrary<Step> = fc.oneof(
    fc
      .record({
        id: ids,
        plan: fc.constantFrom('demo-budget', 'other-plan', 'last-used'),
        kind: fc.constantFrom('categorize', 'payee', 'kind-from-the-future'),
        quoted: ids,
      })
      .map(({ id, plan, kind, quoted }) => ({ record: entry(id, plan, kind, { mentions: quoted }) })),
    fc.record({ undone: ids, conflict: fc.boolean() }),
  );

  it('finds by id what the rules say, for either kind of call', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 12 }), ids, fc.boolean(), async (steps, id, lastUsed) => {
        const { j } = journal();
        for (const s of steps) {
          if ('record' in s) await j.record(s.record);
          else await j.markUndone(s.undone, s.conflict);
        }
        expect(await j.find('demo-budget', lastUsed, KINDS, id)).toEqual(
          byTheRules(steps, 'demo-budget', lastUsed, id),
        );
      }),
      { numRuns: 100 },
    );
  });
});
