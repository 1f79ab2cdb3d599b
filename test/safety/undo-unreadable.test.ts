/**
 * The undo plan of a journal entry whose details do not match its kind (written by hand or by another
 * version): the undo tool reports its "left alone" text without applying anything, and should the plan
 * ever be applied, it still changes nothing and says the same. No YNAB request is made for it.
 */
import { describe, expect } from 'vitest';
import { it } from '../helpers/fixture.js';
import { loadConfig } from '../../src/config.js';
import { createDeps } from '../../src/deps.js';
import { silentLog } from '../../src/log.js';
import { planUndo } from '../../src/safety/undo/handlers.js';
import { journalEntry } from '../helpers/writes.js';
import { twoDecimals } from '../helpers/money.js';

describe('the undo plan of an unreadable entry', () => {
  it.for([
    ['flag', 'payee_id'],
    ['payee', 'payee_id'],
    ['create', 'transaction_ids'],
  ] as const)('%s: a full conflict whose apply changes nothing', async ([kind, field], { h }) => {
    const deps = createDeps(loadConfig(h.env), silentLog);
    const entry = journalEntry('dddddddddddd', kind, { [field]: 42 });
    const plan = await planUndo(deps.ynab, 'demo-budget', entry, kind, twoDecimals, deps.rules);
    expect(plan.changes).toEqual([]);
    expect(plan.conflicts).toEqual([]);
    expect(plan.fullConflict).toMatch(/left alone|already|changed/i);
    expect(await plan.apply()).toBe(plan.fullConflict);
    expect(h.standIn.requests).toEqual([]);
  });
});
