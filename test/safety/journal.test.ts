/** The journal file: format, mode, damaged lines, which operation an undo picks. */
import { appendFileSync, readFileSync, statSync, writeFileSync, mkdtempSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Journal, appliedAt, newOperationId, type JournalEntry } from '../../src/safety/journal.js';
import { tempJournal } from '../helpers/writes.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { appendLine, checkWritable } from '../../src/safety/journal-files.js';

const entry = (id: string, plan = 'demo-budget', kind = 'categorize'): JournalEntry => ({
  operation_id: id,
  plan_id: plan,
  kind,
  applied_at: '2026-09-25T09:12:04+00:00',
  moves: [{ transaction_id: 'tx-048', from_category_id: 'cat-phone', to_category_id: 'cat-groceries' }],
  details: {},
});
const KINDS = new Set(['categorize']);

describe('writing', () => {
  it('creates the folders and a 0600 file, one compact line per operation, fields in order', async () => {
    const path = tempJournal();
    const j = new Journal(() => path);
    await j.record(entry('5f2c9a1e7b30'));
    await j.markUndone('5f2c9a1e7b30');
    await j.markUndone('aaaaaaaaaaaa', true);
    expect(readFileSync(path, 'utf8')).toBe(
      '{"operation_id":"5f2c9a1e7b30","plan_id":"demo-budget","kind":"categorize","applied_at":"2026-09-25T09:12:04+00:00","moves":[{"transaction_id":"tx-048","from_category_id":"cat-phone","to_category_id":"cat-groceries"}],"details":{}}\n{"undone":"5f2c9a1e7b30"}\n{"undone":"aaaaaaaaaaaa","conflict":true}\n',
    );
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it('makes 12-hex operation ids and second-precision UTC timestamps', () => {
    expect(newOperationId()).toMatch(/^[0-9a-f]{12}$/);
    expect(appliedAt(new Date('2026-09-25T09:12:04.987Z'))).toBe('2026-09-25T09:12:04+00:00');
  });
});

describe('reading and lookup', () => {
  it('finds the most recent operation of the plan still in effect', async () => {
    const path = tempJournal();
    const j = new Journal(() => path);
    expect(await j.find('demo-budget', false, KINDS, null)).toBeNull();
    await j.record(entry('000000000001'));
    await j.record(entry('000000000002'));
    await j.record(entry('000000000003', 'other-plan'));
    await j.record(entry('000000000004', 'demo-budget', 'budget-from-the-future'));
    expect((await j.find('demo-budget', false, KINDS, null))?.operation_id).toBe('000000000002');
    await j.markUndone('000000000002');
    expect((await j.find('demo-budget', false, KINDS, null))?.operation_id).toBe('000000000001');
    expect(await j.find('demo-budget', false, KINDS, '000000000002')).toBeNull();
    expect(await j.find('demo-budget', false, KINDS, '000000000004')).toBeNull();
    expect((await j.find('other-plan', false, KINDS, '000000000003'))?.plan_id).toBe('other-plan');
  });

  it('reads older lines: extra fields, budget_id, blank lines, last-used only for last-used', async () => {
    const path = tempJournal();
    const j = new Journal(() => path);
    await j.record(entry('000000000001'));
    appendFileSync(
      path,
      '\n{"operation_id":"000000000009","budget_id":"last-used","kind":"categorize","applied_at":"x","moves":[],"details":{},"extra":1}\n\n',
    );
    expect(await j.find('demo-budget', false, KINDS, '000000000009')).toBeNull();
    expect((await j.find('demo-budget', true, KINDS, null))?.operation_id).toBe('000000000009');
  });

  it.each([
    ['not json', 'nope\n'],
    [
      'a moves item with an extra field',
      '{"operation_id":"a","plan_id":"p","kind":"categorize","applied_at":"x","moves":[{"transaction_id":"t","from_category_id":null,"to_category_id":null,"amount":5}],"details":{}}\n',
    ],
    ['no plan', '{"operation_id":"a","kind":"categorize","applied_at":"x","moves":[],"details":{}}\n'],
    ['an array', '[1,2]\n'],
  ])('skips the damaged line with a warning, keeping the others: %s', async (_what, content) => {
    const path = tempJournal();
    const warnings: string[] = [];
    const j = new Journal(
      () => path,
      (m) => warnings.push(m),
    );
    await j.record(entry('000000000001'));
    appendFileSync(path, content);
    await j.record(entry('000000000002'));
    const { entries } = await j.read();
    expect(entries.map((e) => e.operation_id)).toEqual(['000000000001', '000000000002']);
    expect(warnings).toEqual([`The journal ${path} has 1 damaged line(s), skipped.`]);
  });

  it('skips a byte that is not UTF-8 as a damaged line', async () => {
    const path = tempJournal();
    const warnings: string[] = [];
    const j = new Journal(
      () => path,
      (m) => warnings.push(m),
    );
    await j.markUndone('x');
    writeFileSync(path, Buffer.from([0x80, 0x0a]));
    expect((await j.read()).entries).toEqual([]);
    expect(warnings).toHaveLength(1);
  });

  it('never fails on arbitrary bytes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 1, maxLength: 60 }), async (bytes) => {
        const path = tempJournal();
        await new Journal(() => path).markUndone('x');
        writeFileSync(path, bytes);
        const { entries } = await new Journal(() => path).read();
        expect(Array.isArray(entries)).toBe(true);
      }),
      { numRuns: 50 },
    );
  });
});

/*
 * The journal where the main tests do not look: the exact text of a refusal (said once, never wrapped
 * in itself), a line holding JSON that is no object, and the lookup of undo when a line of another
 * plan happens to quote this plan's id or the word "last-used" (a payee renamed to that text).
 */
describe('texts and lines the main cases miss', () => {
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
});
