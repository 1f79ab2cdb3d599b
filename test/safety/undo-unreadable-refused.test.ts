/**
 * A `budget` or `move` journal entry whose details do not match its kind cannot be undone: the amounts
 * to set back cannot be guessed, so planning its undo is REFUSED with a message that says what to do,
 * and YNAB is asked nothing. Closing such an entry as a conflict (as the other kinds' unreadable
 * entries are, see undo-unreadable.test.ts) would tell the user the undo was settled while the money
 * stays moved.
 */
import { describe, expect } from 'vitest';
import { it } from '../helpers/fixture.js';
import { loadConfig } from '../../src/config.js';
import { createDeps } from '../../src/deps.js';
import { silentLog } from '../../src/log.js';
import { planUndo } from '../../src/safety/undo/handlers.js';
import { journalEntry } from '../helpers/writes.js';
import { twoDecimals } from '../helpers/money.js';

const refusal = (id: string) =>
  `Operation ${id} of the journal lacks the amounts its undo needs: nothing was changed. Set the amounts back in YNAB.`;

/** Details of each kind that its schema refuses: a side missing, amounts missing, amounts as text. */
const UNREADABLE = [
  ['move', { month: '2026-09-01', changes: [{ category_id: 'cat-holidays', from: 200_000, to: 177_500 }] }],
  [
    'move',
    { month: '2026-09-01', changes: [{ category_id: 'cat-holidays' }, { category_id: 'cat-restaurants' }] },
  ],
  [
    'move',
    {
      month: '2026-09-01',
      changes: [
        { category_id: 'cat-holidays', from: '200', to: '177.5' },
        { category_id: 'cat-restaurants', from: '100', to: '122.5' },
      ],
    },
  ],
  ['budget', { month: '2026-09-01', category_id: 'cat-restaurants' }],
  ['budget', { month: '2026-09-01', category_id: 'cat-restaurants', from: '150', to: 175_000 }],
] as const;

describe('the undo of an unreadable budget or move entry', () => {
  it.for(UNREADABLE)('%s %j: refused, asking YNAB nothing', async ([kind, details], { h }) => {
    h.standIn.clearRequests();
    const deps = createDeps(loadConfig(h.env), silentLog);
    const entry = journalEntry('abcdefabcdef', kind, details);
    await expect(planUndo(deps.ynab, 'demo-budget', entry, kind, twoDecimals, deps.rules)).rejects.toThrow(
      refusal('abcdefabcdef'),
    );
    expect(h.standIn.requests).toEqual([]);
  });

  it('plans, never refuses, a readable entry of the same kind', async ({ h }) => {
    h.standIn.reset();
    const deps = createDeps(loadConfig(h.env), silentLog);
    // readable, with amounts YNAB no longer holds: planned as a conflict the user is told about
    const entry = journalEntry('abcdefabcdef', 'move', {
      month: '2026-09-01',
      changes: [
        { category_id: 'cat-holidays', from: 1_000, to: 2_000 },
        { category_id: 'cat-restaurants', from: 3_000, to: 4_000 },
      ],
    });
    const plan = await planUndo(deps.ynab, 'demo-budget', entry, 'move', twoDecimals, deps.rules);
    expect(plan.fullConflict).toMatch(/changed since/);
    expect(plan.changes).toEqual([]);
  });
});
