/**
 * The one place a confirmed write runs, alone: a journal failure noted inside a write (and only
 * there), an unknown outcome kept pending with its message, a refusal closing the pending entry,
 * and an unknown outcome whose rest is safe to ask again closing it too.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createDeps } from '../../src/deps.js';
import { UnknownOutcome } from '../../src/domain/write-outcome.js';
import { silentLog } from '../../src/log.js';
import { ConfirmRequest, type JournalWrite } from '../../src/safety/confirm.js';
import { recordOperation } from '../../src/safety/outcome/record-operation.js';
import { applyConfirmed, noteJournalFailure, runUnconfirmed } from '../../src/safety/outcome/apply.js';
import { currentRun, recogniseAs } from '../../src/safety/outcome/run.js';
import { goneFrom, recordOf } from '../../src/safety/recognise.js';
import { tempJournal } from '../helpers/writes.js';

const deps = () =>
  createDeps(
    loadConfig({ AVENIR_MCP_JOURNAL: tempJournal(), YNAB_API_KEY: 't', AVENIR_MCP_SETTLE_MS: '0' }),
    silentLog,
  );

const request = (
  apply: () => Promise<Record<string, unknown>>,
  preview: Record<string, unknown> = { status: 'applied', message: '' },
  journals: readonly JournalWrite[] = [],
) =>
  new ConfirmRequest({
    plan: 'demo-budget',
    subject: { split: 'tx-046' },
    sameSubject: ['transaction:tx-046'],
    checkWith: 'find_transactions',
    question: 'Split?',
    flow: 'merge',
    preview,
    apply,
    journals,
  });

describe('noteJournalFailure', () => {
  it('is false outside a write, and keeps the first failure inside one', async () => {
    expect(noteJournalFailure('disk full')).toBe(false);
    const d = deps();
    await runUnconfirmed(d, async () => {
      expect(noteJournalFailure('disk full')).toBe(true);
      expect(noteJournalFailure('read-only')).toBe(true);
      expect(currentRun()?.journalFailure).toBe('disk full');
    });
  });
});

describe('applyConfirmed', () => {
  it('an unknown outcome of a write that journals nothing: pending, and its message says so', async () => {
    const d = deps();
    const r = await applyConfirmed(
      d,
      'split_transaction',
      request(() => Promise.reject(new UnknownOutcome('no answer within 30000 ms'))),
    );
    const [p] = await d.pending.list();
    expect(r).toEqual({
      status: 'unknown',
      message: `Do not repeat this change yet: no answer within 30000 ms avenir-mcp keeps it as pending operation ${p?.operation_id}: the next call on this plan checks YNAB again, and undo_operation with that operation_id settles it first.`,
      confirmation: null,
    });
    expect(p).toMatchObject({ tool: 'split_transaction', subject: ['transaction:tx-046'] });
  });

  it('a refusal closes the pending entry and is thrown as it is', async () => {
    const d = deps();
    await expect(
      applyConfirmed(
        d,
        'split_transaction',
        request(() => Promise.reject(new Error('YNAB 400: bad'))),
      ),
    ).rejects.toThrow('YNAB 400: bad');
    expect(await d.pending.list()).toEqual([]);
  });

  it('an unknown outcome whose rest is safe to ask again keeps nothing pending', async () => {
    const d = deps();
    const r = await applyConfirmed(
      d,
      'undo_operation',
      request(async () => {
        (currentRun() as { repeatSafe: boolean }).repeatSafe = true;
        noteJournalFailure('disk full');
        return { status: 'unknown', message: 'Undo done halfway.' };
      }),
    );
    expect(await d.pending.list()).toEqual([]);
    expect(r.message).toBe(
      'Do not repeat this change yet: Undo done halfway. YNAB holds the change, but it could not be recorded in the journal (disk full): undo_operation cannot undo it. Do not repeat it; tell the user, and fix the journal before the next change.',
    );
    expect('operation_id' in r).toBe(false);
  });
});

describe('the journal kinds a write declares', () => {
  const FLAG = { changes: [] };
  it.for([
    [['flag'], null],
    [['edit', 'undone'], 'A write journaled a flag entry it did not declare (it declared edit, undone).'],
    [[], 'A write journaled a flag entry it did not declare (it declared none).'],
  ] as const)('declared %j: recording a flag entry %s', async ([journals, refused]) => {
    const d = deps();
    const r = request(
      async () => {
        const id = await recordOperation(d, 'demo-budget', 'flag', FLAG);
        return { status: 'applied', message: '', operation_id: id };
      },
      undefined,
      journals,
    );
    if (refused === null) {
      const done = await applyConfirmed(d, 'flag_transactions', r);
      expect(await d.journal.has(String(done.operation_id))).toBe(true);
    } else {
      await expect(applyConfirmed(d, 'flag_transactions', r)).rejects.toThrow(refused);
    }
  });

  it('a kind recorded outside a confirmed write (a later settling) is not checked', async () => {
    const d = deps();
    const id = await runUnconfirmed(d, () => recordOperation(d, 'demo-budget', 'flag', FLAG));
    expect(await d.journal.has(id)).toBe(true);
  });
});

describe('recogniseAs', () => {
  const gone = goneFrom(['tx-046'], recordOf('delete', { transactions: [] }));

  it('does nothing outside a confirmed write', async () => {
    await expect(recogniseAs(gone)).resolves.toBeUndefined();
    await runUnconfirmed(deps(), () => recogniseAs(gone));
  });

  it("rewrites the running write's pending entry with what now recognises it", async () => {
    const d = deps();
    let seen: unknown;
    await applyConfirmed(
      d,
      'delete_transactions',
      request(async () => {
        await recogniseAs(gone);
        seen = (await d.pending.list())[0]?.recognise;
        return { status: 'applied', message: 'Deleted.' };
      }),
    );
    expect(seen).toEqual(gone);
    expect(await d.pending.list()).toEqual([]);
  });

  it('a pending file that cannot take it leaves the entry as it was, with a warning', async () => {
    const d = deps();
    const warnings: string[] = [];
    d.log.warning = (_area: string, text: string) => void warnings.push(text);
    const open = d.pending.open.bind(d.pending);
    let opened = 0;
    d.pending.open = (entry) => (++opened > 1 ? Promise.reject(new Error('disk full')) : open(entry));
    let kept: unknown = null;
    await applyConfirmed(
      d,
      'delete_transactions',
      request(async () => {
        await recogniseAs(gone);
        kept = (await d.pending.list())[0];
        return { status: 'applied', message: 'Deleted.' };
      }),
    );
    expect(kept).toMatchObject({ tool: 'delete_transactions' });
    expect((kept as { recognise?: unknown }).recognise).toBeUndefined();
    expect(warnings).toEqual([expect.stringMatching(/could not be updated: Error: disk full$/)]);
  });
});
