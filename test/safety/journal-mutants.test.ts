/**
 * The journal where the main tests do not look: the exact text of a refusal (said once, never wrapped
 * in itself), a line holding JSON that is no object, and the lookup of undo when a line of another
 * plan happens to quote this plan's id or the word "last-used" (a payee renamed to that text).
 */
import { appendFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appendLine, checkWritable } from '../../src/safety/journal-files.js';
import { Journal, type JournalEntry } from '../../src/safety/journal.js';
import { tempJournal } from '../helpers/writes.js';

const FIX = 'set AVENIR_MCP_JOURNAL to a writable file, or fix the permissions of that one.';

const message = (p: Promise<unknown>): Promise<string> =>
  p.then(
    () => 'no error',
    (e: unknown) => (e as Error).message,
  );

describe('refusals, said once', () => {
  it.each([
    ['a folder', () => mkdtempSync(join(tmpdir(), 'avenir-journal-')), 'it is a folder'],
    ['a device', () => '/dev/null', 'it is not a regular file'],
  ])('the check before a write refuses %s in exactly one sentence', async (_, make, reason) => {
    const path = make();
    const expected = `The journal ${path} cannot be written: ${reason}. Nothing was asked and nothing was changed: ${FIX}`;
    expect(await message(checkWritable(path))).toBe(expected);
    expect(await message(new Journal(() => path).checkWritable())).toBe(expected);
  });

  it('an append to a device is refused in exactly one sentence', async () => {
    expect(await message(appendLine('/dev/null', { a: 1 }))).toBe(
      'the journal /dev/null could not be written: it is not a regular file',
    );
  });
});

const entry = (id: string, plan: string, to = 'Groceries'): JournalEntry => ({
  operation_id: id,
  plan_id: plan,
  kind: 'payee',
  applied_at: '2026-09-25T09:12:04+00:00',
  moves: [],
  details: { payee_id: 'payee-1', from: 'Old name', to },
});
const KINDS = new Set(['payee']);

describe('lines that are no entries', () => {
  it('skips JSON that is no object (null, a number, a text) as damaged, and finds the entry', async () => {
    const path = tempJournal();
    const warnings: string[] = [];
    const j = new Journal(
      () => path,
      (m) => warnings.push(m),
    );
    await j.record(entry('000000000001', 'demo-budget'));
    appendFileSync(path, 'null\n7\n"demo-budget"\n');
    expect((await j.find('demo-budget', false, KINDS, null))?.operation_id).toBe('000000000001');
    const { entries, undone } = await j.read();
    expect(entries.map((e) => e.operation_id)).toEqual(['000000000001']);
    expect(undone.size).toBe(0);
    // the lookup parses only the line that quotes the plan's id; reading parses all three
    expect(warnings).toEqual([
      `The journal ${path} has 1 damaged line(s), skipped.`,
      `The journal ${path} has 3 damaged line(s), skipped.`,
    ]);
  });
});

describe('undo never picks an operation of another plan whose line quotes this one', () => {
  it('a newer operation of another plan naming this plan’s id', async () => {
    const path = tempJournal();
    const j = new Journal(() => path);
    await j.record(entry('000000000001', 'demo-budget'));
    await j.record(entry('000000000002', 'other-plan', 'demo-budget'));
    expect((await j.find('demo-budget', false, KINDS, null))?.operation_id).toBe('000000000001');
    expect(await j.find('demo-budget', false, KINDS, '000000000002')).toBeNull();
  });

  it('a newer operation recorded with last-used, for a call that names the plan', async () => {
    const path = tempJournal();
    const j = new Journal(() => path);
    await j.record(entry('000000000001', 'demo-budget'));
    await j.record(entry('000000000002', 'last-used', 'demo-budget'));
    expect((await j.find('demo-budget', false, KINDS, null))?.operation_id).toBe('000000000001');
    expect((await j.find('demo-budget', true, KINDS, null))?.operation_id).toBe('000000000002');
  });

  it('a newer operation of another plan naming "last-used", for a last-used call', async () => {
    const path = tempJournal();
    const j = new Journal(() => path);
    await j.record(entry('000000000001', 'demo-budget'));
    await j.record(entry('000000000002', 'other-plan', 'last-used'));
    expect((await j.find('demo-budget', true, KINDS, null))?.operation_id).toBe('000000000001');
  });
});
