/**
 * Writes YNAB applies after avenir-mcp has stopped waiting, through a real client against the
 * stand-in, for every confirmed write but reconcile_account and undo_operation (which have tables
 * of their own): the answer is never `not_applied` and never invites a second try; the write stays
 * pending (a repeat is refused, nothing re-sent); the next call on the plan settles it — journaled
 * under the pending id and undoable once YNAB shows it, closed once its pending time is over when
 * it never does. Assertions are on the stand-in's state, the journal and the pending file.
 */
import { OWN_OUTCOME_TABLES } from '../helpers/tool-checklist.js';
import { describe, expect } from 'vitest';
import type { Clock } from '../../src/clock.js';
import type { FaultRule } from '../../src/demo/index.js';
import { PENDING_MS, RETRY_MS } from '../../src/safety/outcome/settle-later.js';
import { it } from '../helpers/fixture.js';
import { call, connect, textOf, type Harness, type Session, out } from '../helpers/harness.js';
import { RESTAURANTS } from '../helpers/move.js';
import { BUDGET_CASES, CASES } from '../helpers/write-cases.js';
import { ACCEPT, answering } from '../helpers/writes.js';
import { WRITE_TOOLS } from '../helpers/catalogue.js';
import { lateOptions } from '../helpers/late-session.js';
import {
  journalEntries,
  movableClock,
  pendingEntries as pendingOf,
  pendingIdIn,
  until,
  heldBack,
} from '../helpers/pending.js';

const ALL = [...CASES, ...BUDGET_CASES];

type Out = { status: string; message: string; operation_id?: string | null };
const journalLines = journalEntries;

function open(h: Harness, journal: string, clock?: Clock): Promise<Session> {
  return connect(h, 'modern', lateOptions(h, journal, clock));
}

describe('the late-answer table covers every confirmed write', () => {
  it('each write tool is a row here or in the tables of reconcile_account and undo_operation', () => {
    // OWN_OUTCOME_TABLES: reconcile_account and undo_operation have tables of their own; the rule
    // writes send nothing to YNAB, and apply_rules sends apply_categories' write, whose rows cover it
    const rows = new Set([...ALL.map((c) => c.tool), ...OWN_OUTCOME_TABLES]);
    const immediate = new Set(['approve_transactions', 'import_transactions']);
    expect(WRITE_TOOLS.filter((t) => !rows.has(t) && !immediate.has(t))).toEqual([]);
  });
});

describe.each(ALL)('$tool, answered late', (c) => {
  it.beforeEach(({ h }) => h.standIn.reset());
  const args = { plan_id: 'demo-budget', ...c.args };
  const sends = (h: Harness) =>
    h.standIn.requests.filter((q) => q.method === c.route.method && q.path === c.route.path).length;

  it('applied after the wait: unknown and pending, a repeat refused, then settled, journaled and undoable', async ({
    h,
    journal,
  }) => {
    const before = c.held(h.standIn.state);
    const clock = movableClock();
    const s = await open(h, journal, clock);
    const late = heldBack();
    h.standIn.fault({ ...c.route, hold: late.hold });
    const r = await call(s, c.tool, args);
    const result = out<Out>(r);
    expect(result.status).toBe('unknown');
    expect(r.isError).toBe(true);
    expect(result.message).toMatch(/^Do not repeat this change yet: /);
    expect(result.message).not.toContain('safe to ask again');
    const id = pendingIdIn(result.message);
    expect(pendingOf(journal)).toEqual([expect.objectContaining({ operation_id: id, tool: c.tool })]);

    // asked again while YNAB has not shown it: refused before anything is asked or sent
    const again = await call(s, c.tool, args);
    expect(again.isError).toBe(true);
    expect(textOf(again)).toContain(`A change to the same thing is still pending: operation ${id}`);

    // YNAB applies it now, long after the server stopped waiting
    late.land();
    await until(() => JSON.stringify(c.held(h.standIn.state)) === JSON.stringify(c.after));
    // the next call on the plan, once reads are due again, settles it
    clock.forward(RETRY_MS);
    await call(s, 'list_accounts', { plan_id: 'demo-budget' });
    expect(pendingOf(journal)).toEqual([]);
    // sent once, whatever the answers said
    expect(sends(h)).toBe(1);
    const entries = journalLines(journal);
    if (c.kind === null) {
      expect(entries.filter((e) => e.operation_id === id)).toEqual([]);
    } else {
      expect(entries.filter((e) => e.operation_id === id).map((e) => e.kind)).toEqual([c.kind]);
      const undo = out<Out>(await call(s, 'undo_operation', { plan_id: 'demo-budget', operation_id: id }));
      expect(undo.status).toBe('applied');
      // an undone delete is a new transaction or schedule: its old id stays deleted
      if (c.route.method !== 'DELETE') expect(c.held(h.standIn.state)).toEqual(before);
    }
  });

  it.for<{ name: string; fault: Partial<FaultRule> }>([
    { name: 'dropped after it was sent', fault: { drop: true } },
    { name: 'answered 2xx with a body that is not JSON', fault: { status: 200, body: '<html>proxy</html>' } },
  ])('$name and never applied: unknown, pending until its time is over', async (lost, { h, journal }) => {
    const before = c.held(h.standIn.state);
    const clock = movableClock();
    const s = await open(h, journal, clock);
    h.standIn.fault({ ...c.route, ...lost.fault });
    const r = await call(s, c.tool, args);
    expect(out<Out>(r).status).toBe('unknown');
    expect(r.isError).toBe(true);
    expect(out<Out>(r).message).toMatch(/^Do not repeat this change yet: /);
    const id = pendingIdIn(out<Out>(r).message);
    expect(pendingOf(journal).map((p) => p.operation_id)).toEqual([id]);
    // a call on the plan within the pending time reads it again and leaves it pending
    await call(s, 'list_accounts', { plan_id: 'demo-budget' });
    expect(h.standIn.requests.at(-1)?.method).toBe('GET');
    expect(pendingOf(journal).map((p) => p.operation_id)).toEqual([id]);
    clock.forward(PENDING_MS);
    await call(s, 'list_accounts', { plan_id: 'demo-budget' });
    expect(pendingOf(journal)).toEqual([]);
    expect(
      journalLines(journal).filter((e) => e.operation_id === id && e.kind !== 'move' && e.kind !== 'budget'),
    ).toEqual([]);
    expect(c.held(h.standIn.state)).toEqual(before);
    expect(sends(h)).toBe(1);
  });
});

describe('progress while a lost answer settles', () => {
  it.beforeEach(({ h }) => h.standIn.reset());

  it('a call that asked for progress is told before each later read', async ({ h, journal }) => {
    const s = await connect(h, 'legacy', {
      env: { AVENIR_MCP_JOURNAL: journal, AVENIR_MCP_SETTLE_MS: '120' },
      elicit: answering(ACCEPT).handler,
    });
    h.standIn.fault({ method: 'PATCH', path: RESTAURANTS, drop: true });
    const messages: string[] = [];
    const r = await s.client.callTool(
      {
        name: 'set_category_budget',
        arguments: {
          plan_id: 'demo-budget',
          month: '2026-09-01',
          category_id: 'cat-restaurants',
          amount: 150,
        },
      },
      { onprogress: (p) => messages.push(String(p.message)) },
    );
    expect(out<Out>(r).status).toBe('unknown');
    // a read slow enough to report its download (a loaded machine) adds a line of its own: left out
    expect(messages.filter((m) => !m.startsWith('Downloading '))).toEqual(
      [1, 2, 3].map(
        (i) => `YNAB's answer was lost: reading again to see whether the change landed (${i}/3).`,
      ),
    );
    // four reads of the month after the write: at once, then at 30, 60 and 120 ms
    const after = h.standIn.requests.slice(h.standIn.requests.findIndex((q) => q.method === 'PATCH') + 1);
    expect(after.filter((q) => q.method === 'GET').length).toBe(4);
  });
});
