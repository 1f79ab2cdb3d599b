/**
 * The pending store, alone: entries written before a write's first request and removed once its
 * outcome is known, kept across processes (a new store reads the file), one file per journal with
 * mode 0600, and clear refusals when the file is damaged or cannot be written.
 */
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PendingStore, pendingPath, type PendingEntry } from '../../src/safety/pending.js';
import { tempJournal } from '../helpers/writes.js';

const entry = (id: string, plan = 'demo-budget'): PendingEntry => ({
  operation_id: id,
  plan_id: plan,
  tool: 'create_transfer',
  subject: [`new-transaction:acc-checking:2026-09-25:-25000`],
  started_at: '2026-09-25T09:12:04+00:00',
  check_with: 'find_transactions',
});

describe('PendingStore', () => {
  it('lists nothing before any write', async () => {
    expect(await new PendingStore(() => tempJournal()).list()).toEqual([]);
  });

  it('keeps entries in the file beside the journal, readable by another store', async () => {
    const journal = tempJournal();
    const store = new PendingStore(() => journal);
    await Promise.all([store.open(entry('aaa')), store.open(entry('bbb', 'other-plan'))]);
    expect((await store.list()).map((e) => e.operation_id)).toEqual(['aaa', 'bbb']);
    expect((await store.list('other-plan')).map((e) => e.operation_id)).toEqual(['bbb']);
    const again = new PendingStore(() => journal);
    expect(await again.list('demo-budget')).toEqual([entry('aaa')]);
    expect(statSync(pendingPath(journal)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(pendingPath(journal), 'utf8'))).toEqual({
      version: 1,
      entries: [entry('aaa'), entry('bbb', 'other-plan')],
    });
  });

  it('recognise data this build cannot read (another version wrote it) is dropped, the entry kept', async () => {
    const journal = tempJournal();
    mkdirSync(dirname(journal), { recursive: true });
    const strange = { ...entry('aaa'), recognise: { expect: 'from-a-later-version', ids: ['tx-1'] } };
    writeFileSync(pendingPath(journal), JSON.stringify({ version: 1, entries: [strange] }));
    expect(await new PendingStore(() => journal).list()).toEqual([{ ...entry('aaa'), recognise: undefined }]);
  });

  it('opening an id again replaces it; closing removes it and what was kept in memory', async () => {
    const journal = tempJournal();
    const store = new PendingStore(() => journal);
    await store.open(entry('aaa'));
    await store.open({ ...entry('aaa'), tool: 'move_money' });
    expect((await store.list()).map((e) => e.tool)).toEqual(['move_money']);
    const later = { settle: async () => 'closed' as const };
    store.keep('aaa', { later, idUsed: false, triedAt: 0 });
    store.keep('bbb', null);
    expect(store.later('aaa')?.later).toBe(later);
    expect(store.later('bbb')).toBeUndefined();
    await store.close('aaa');
    expect(await store.list()).toEqual([]);
    expect(store.later('aaa')).toBeUndefined();
  });

  it('refuses, naming the file, when it is damaged', async () => {
    const journal = tempJournal();
    mkdirSync(dirname(journal), { recursive: true });
    for (const text of ['{not json', JSON.stringify({ version: 2, entries: [] })]) {
      writeFileSync(pendingPath(journal), text);
      const store = new PendingStore(() => journal);
      await expect(store.list()).rejects.toThrow(
        `The pending operations file ${pendingPath(journal)} is damaged: fix or remove that file`,
      );
      await expect(store.open(entry('aaa'))).rejects.toThrow('is damaged');
    }
  });

  it('refuses when the file cannot be read or written: nothing is sent', async () => {
    const journal = tempJournal();
    mkdirSync(pendingPath(journal), { recursive: true }); // a folder where the file goes
    const store = new PendingStore(() => journal);
    await expect(store.list()).rejects.toThrow(
      `The pending operations file ${pendingPath(journal)} cannot be read`,
    );
    // a file where the journal's folder should be: nothing is pending there, and nothing can be written
    const file = tempJournal();
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, '');
    const blocked = new PendingStore(() => `${file}/journal.jsonl`);
    expect(await blocked.list()).toEqual([]);
    await expect(blocked.open(entry('aaa'))).rejects.toThrow(
      `The pending operations file ${file}/journal.jsonl.pending.json cannot be written`,
    );
    await expect(blocked.open(entry('aaa'))).rejects.toThrow('nothing was sent');
  });

  it('a failed change does not stop the next one', async () => {
    const journal = tempJournal();
    mkdirSync(dirname(journal), { recursive: true });
    writeFileSync(pendingPath(journal), '{not json');
    const store = new PendingStore(() => journal);
    await expect(store.open(entry('aaa'))).rejects.toThrow('is damaged');
    writeFileSync(pendingPath(journal), JSON.stringify({ version: 1, entries: [] }));
    await store.open(entry('bbb'));
    expect((await store.list()).map((e) => e.operation_id)).toEqual(['bbb']);
  });
});
