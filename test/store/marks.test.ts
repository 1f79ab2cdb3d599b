/**
 * The marks of get_changes on both engines, through the interface the tool receives: none at first,
 * set and replaced per plan, each person's apart; and the owner's file beside the journal (mode 0600,
 * replaced whole, a damaged one read as no mark).
 */
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Mark } from '../../src/domain/changes/mark.js';
import { StoreMarks } from '../../src/hosted/store-marks.js';
import { FileMarks, marksPath } from '../../src/safety/marks.js';
import { ENGINES, SLOW, type TestDatabase } from './engines.js';
import { twoPeople } from './helpers.js';

const mark = (knowledge: number): Mark => ({
  version: 1,
  knowledge,
  at: '2026-09-25T10:00:00.000Z',
  from: '2026-07-25',
  transactions: [['tx-1', '2026-09-20', -12340, 'acc-1', 'pay-1', null, 'abcd1234', 'cleared', 1, null]],
  scheduled: [],
  targets: [['cat-1', 'NEED', 100000, null]],
  moved: { at: '2026-09-25T12:00:00Z', ids: ['mm-1'] },
});

describe.each(ENGINES)('the marks on $name', (engine) => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await engine.open();
  }, SLOW);
  afterEach(() => t.drop(), SLOW);

  it('keeps one mark per person and plan, replaced when it moves', async () => {
    const { a, b } = await twoPeople(t.db);
    const mine = new StoreMarks(t.db, a);
    const theirs = new StoreMarks(t.db, b);
    expect(await mine.get('plan-1')).toBeNull();
    await mine.set('plan-1', mark(10));
    await mine.set('plan-2', mark(20));
    expect(await mine.get('plan-1')).toEqual(mark(10));
    expect(await theirs.get('plan-1')).toBeNull(); // another person's mark is not theirs
    await mine.set('plan-1', mark(11));
    expect((await mine.get('plan-1'))?.knowledge).toBe(11);
    expect((await mine.get('plan-2'))?.knowledge).toBe(20);
  });
});

describe("the owner's marks file", () => {
  it('lives beside the journal, mode 0600, and reads a damaged file as no mark', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'avenir-marks-'));
    const path = marksPath(join(dir, 'journal.jsonl'));
    expect(path).toBe(join(dir, 'marks.json'));
    const marks = new FileMarks(() => path);
    expect(await marks.get('plan-1')).toBeNull();
    await Promise.all([marks.set('plan-1', mark(10)), marks.set('plan-2', mark(20))]);
    expect(await marks.get('plan-1')).toEqual(mark(10));
    expect(await marks.get('plan-2')).toEqual(mark(20)); // writes in turn: neither lost
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(path, 'utf8')).version).toBe(1);
    writeFileSync(path, '{"plans": {"plan-1": {"knowledge": "x"}}}');
    expect(await marks.get('plan-1')).toBeNull();
    writeFileSync(path, 'not json');
    expect(await marks.get('plan-1')).toBeNull();
  });
});
