/**
 * What the user is asked before an undo, and told when they say no, compared whole, through a real
 * client whose elicitation answers are recorded: the undo of a target (with and without the target
 * it had before), of each scheduled-transaction write, and of apply_categories (a change list).
 * Also what the undo of a move reserves of the hourly allowance: both of its writes.
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { describe, expect } from 'vitest';
import { loadConfig } from '../../../src/config.js';
import { createDeps } from '../../../src/deps.js';
import { silentLog } from '../../../src/log.js';
import { targetDescription } from '../../../src/domain/months/targets.js';
import { bodyOf } from '../../../src/domain/transactions/scheduled-writes.js';
import { planUndo } from '../../../src/safety/undo/handlers.js';
import { it } from '../../helpers/fixture.js';
import { call, connect, type Harness } from '../../helpers/harness.js';
import { MOVE, out, type Out } from '../../helpers/move.js';
import { ACCEPT, DECLINE, answering } from '../../helpers/writes.js';
import { twoDecimals } from '../../helpers/money.js';

const PLAN = 'demo-budget';

const entry = (kind: string, details: unknown) => ({
  operation_id: 'aaaaaaaaaaaa',
  plan_id: PLAN,
  kind,
  applied_at: '2026-09-25T09:12:04+00:00',
  moves: [],
  details,
});

/** Declines the undo of one journaled operation: the question asked, the answer, what was written. */
async function declined(h: Harness, journal: string, kind: string, details: unknown) {
  mkdirSync(dirname(journal), { recursive: true });
  appendFileSync(journal, `${JSON.stringify(entry(kind, details))}\n`);
  const no = answering(DECLINE);
  const s = await connect(h, 'modern', { env: { AVENIR_MCP_JOURNAL: journal }, elicit: no.handler });
  h.standIn.clearRequests();
  const r = (await call(s, 'undo_operation', { plan_id: PLAN })).structuredContent as Out & {
    conflicts: string[];
  };
  return { questions: no.questions, r, writes: h.standIn.writes };
}

const ynabOf = (h: Harness) => createDeps(loadConfig(h.env), silentLog).ynab;

describe('the question of an undo', () => {
  it('of a target, naming the target it goes back to, or none', async ({ h, journal }) => {
    h.standIn.reset();
    const category = (await ynabOf(h).categories.groups(PLAN)).flatMap((g) => g.categories)[0]!;
    const base = {
      category_id: category.id,
      undo: { goal_target: null },
      after: targetDescription(category, twoDecimals),
    };
    const withBefore = await declined(h, journal, 'target', { ...base, before: 'no target' });
    const without = await declined(h, `${journal}.2`, 'target', base);
    expect([withBefore.questions, without.questions]).toEqual([
      [`Undo: set the target of ${category.name} back to no target?`],
      [`Undo: set the target of ${category.name} back?`],
    ]);
    expect(withBefore.r.status).toBe('declined');
    expect([...withBefore.writes, ...without.writes]).toEqual([]);
  });

  it('of each scheduled-transaction write', async ({ h, journal }) => {
    h.standIn.reset();
    const s = (await ynabOf(h).scheduled.list(PLAN)).find((x) => !x.deleted)!;
    const body = bodyOf(s);
    const create = await declined(h, journal, 'schedule_create', { scheduled_transaction_id: s.id, body });
    const update = await declined(h, `${journal}.2`, 'schedule_update', {
      scheduled_transaction_id: s.id,
      before: { ...body, memo: 'before' },
      after: body,
    });
    const recreate = await declined(h, `${journal}.3`, 'schedule_delete', {
      scheduled_transaction_id: 'gone-schedule',
      body,
    });
    expect([create, update, recreate].map((d) => d.questions)).toEqual([
      ['Undo: delete the scheduled transaction this operation created?'],
      ['Undo: put the scheduled transaction back as it was?'],
      ['Undo: recreate the deleted scheduled transaction? It comes back with a new id.'],
    ]);
    expect([create, update, recreate].map((d) => [d.r.status, d.r.message, d.r.conflicts])).toEqual(
      Array(3).fill(['declined', 'The user declined: nothing changed.', []]),
    );
    expect([...create.writes, ...update.writes, ...recreate.writes]).toEqual([]);
    // one deleted since is not asked about: it is named among the conflicts
    const gone = await declined(h, `${journal}.4`, 'schedule_create', {
      scheduled_transaction_id: 'gone-schedule',
      body,
    });
    expect([gone.questions, gone.r.status, gone.r.conflicts]).toEqual([
      [],
      'nothing_to_do',
      ['gone-schedule'],
    ]);
  });

  it('of apply_categories, declined: a change list, nothing changed', async ({ h, journal }) => {
    h.standIn.reset();
    const yes = await connect(h, 'modern', {
      env: { AVENIR_MCP_JOURNAL: journal },
      elicit: answering(ACCEPT).handler,
    });
    const assign = {
      plan_id: PLAN,
      assignments: [{ transaction_id: 'tx-046', category_id: 'cat-groceries' }],
    };
    expect(out(await call(yes, 'apply_categories', assign)).status).toBe('applied');
    const no = answering(DECLINE);
    const s = await connect(h, 'modern', { env: { AVENIR_MCP_JOURNAL: journal }, elicit: no.handler });
    h.standIn.clearRequests();
    const r = out(await call(s, 'undo_operation', { plan_id: PLAN }));
    expect([r.status, r.message]).toEqual(['declined', 'The user declined: nothing was changed.']);
    expect(h.standIn.writes).toEqual([]);
  });
});

describe('the undo of a move', () => {
  it('reserves both of its writes before the first', async ({ h, journal }) => {
    h.standIn.reset();
    const s = await connect(h, 'modern', {
      env: { AVENIR_MCP_JOURNAL: journal },
      elicit: answering(ACCEPT).handler,
    });
    const move = out(await call(s, 'move_money', MOVE));
    expect(move.status).toBe('applied');
    const deps = createDeps(loadConfig({ ...h.env, AVENIR_MCP_JOURNAL: journal }), silentLog);
    const details = (await deps.journal.find(PLAN, false, new Set(['move']), move.operation_id))!;
    const plan = await planUndo(deps.ynab, PLAN, details, 'move', twoDecimals, deps.rules);
    h.standIn.clearRequests();
    await plan.apply();
    expect([plan.sends, h.standIn.writes.map((w) => w.method)]).toEqual([2, ['PATCH', 'PATCH']]);
  });
});
