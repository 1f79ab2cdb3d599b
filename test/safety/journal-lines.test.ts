/** The journal's reading of lines that are no entries: blank ones, and one too long to be an entry. */
import { appendFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { Journal, type JournalEntry } from '../../src/safety/journal.js';
import { tempJournal } from '../helpers/writes.js';

const entry = (id: string): JournalEntry => ({
  operation_id: id,
  plan_id: 'demo-budget',
  kind: 'categorize',
  applied_at: '2026-09-25T09:12:04+00:00',
  moves: [],
  details: {},
});
const KINDS = new Set(['categorize']);

it('reads entries and markers around blank lines without counting them as damaged', async () => {
  const path = tempJournal();
  const warnings: string[] = [];
  const j = new Journal(
    () => path,
    (m) => warnings.push(m),
  );
  await j.record(entry('000000000001'));
  appendFileSync(path, '\n   \n');
  await j.record(entry('000000000002'));
  await j.markUndone('000000000002');
  appendFileSync(path, '\n');
  const { entries, undone } = await j.read();
  expect(entries.map((e) => e.operation_id)).toEqual(['000000000001', '000000000002']);
  expect([...undone]).toEqual(['000000000002']);
  expect((await j.find('demo-budget', false, KINDS, null))?.operation_id).toBe('000000000001');
  expect(warnings).toEqual([]);
});

// A megabyte line read byte by byte: slow when instrumented (coverage, mutation testing).
it(
  'skips a line too long to be an entry as damaged, with a warning, and finds the others',
  { timeout: 60_000 },
  async () => {
    const path = tempJournal();
    const warnings: string[] = [];
    const j = new Journal(
      () => path,
      (m) => warnings.push(m),
    );
    await j.record(entry('000000000001'));
    // an entry-like line of 1.1 MB: over the 1 MB an entry may take, so it is never held whole
    appendFileSync(
      path,
      `{"operation_id":"000000000002","plan_id":"demo-budget","memo":"${'x'.repeat(1100 * 1024)}"}\n`,
    );
    await j.record(entry('000000000003'));
    expect((await j.read()).entries.map((e) => e.operation_id)).toEqual(['000000000001', '000000000003']);
    expect(warnings).toEqual([`The journal ${path} has 1 damaged line(s), skipped.`]);
    expect((await j.find('demo-budget', false, KINDS, '000000000001'))?.operation_id).toBe('000000000001');
  },
);
