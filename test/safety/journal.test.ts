/** The journal file: format, mode, damaged lines, which operation an undo picks. */
import { appendFileSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Journal, appliedAt, newOperationId, type JournalEntry } from '../../src/safety/journal.js';
import { tempJournal } from '../helpers/writes.js';

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
