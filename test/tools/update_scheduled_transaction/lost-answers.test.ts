/**
 * create_scheduled_transaction and update_scheduled_transaction when YNAB's answer is lost, through a
 * real client against the stand-in: a create naming its payee by id is found again by that id; a twin
 * entered meanwhile makes the read-back unable to tell which is ours (unknown, never re-sent); an
 * update whose schedule was deleted before the read-back is unknown, and says the schedule is gone
 * (never "nothing changed, safe to ask again").
 */
import { describe, expect } from 'vitest';
import type { PlanState } from '../../../src/demo/plan-data.js';
import { it } from '../../helpers/fixture.js';
import { call, connect, type Harness } from '../../helpers/harness.js';
import { lines, out } from '../../helpers/move.js';
import { ACCEPT, answering } from '../../helpers/writes.js';

const SCHEDULED = '/plans/demo-budget/scheduled_transactions';
const posts = (h: Harness, path: string) =>
  h.standIn.requests.filter((q) => q.method !== 'GET' && q.path === path).length;
const session = (h: Harness, journal: string) =>
  connect(h, 'modern', { env: { AVENIR_MCP_JOURNAL: journal }, elicit: answering(ACCEPT).handler });
const payeeOf = (s: PlanState, name: string) => s.payees.find((p) => p.name === name && !p.deleted)!;
const likeGym = (s: PlanState) =>
  s.scheduled_transactions.filter((r) => !r.deleted && r.amount === -35_000 && r.date_next === '2026-10-01');

describe('scheduled writes, a lost answer', () => {
  it.beforeEach(({ h }) => h.standIn.reset());

  it('a create by payee id, landed: found again by that id, applied and journaled', async ({
    h,
    journal,
  }) => {
    const s = await session(h, journal);
    const payee = payeeOf(h.standIn.state, 'LANDLORD SARL');
    h.standIn.fault({ method: 'POST', path: SCHEDULED, drop: true, apply: true });
    const r = (
      await call(s, 'create_scheduled_transaction', {
        plan_id: 'demo-budget',
        account_id: 'acc-checking',
        date: '2026-10-01',
        frequency: 'monthly',
        amount: -35,
        payee_id: payee.id,
        category_id: 'cat-rent',
      })
    ).structuredContent as ReturnType<typeof out> & { scheduled_transaction_id: string | null };
    expect(r.status).toBe('applied');
    expect(r.message).toContain("YNAB's answer was lost, but a read-back shows");
    const made = likeGym(h.standIn.state);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ payee_id: payee.id, category_id: 'cat-rent' });
    expect(r.scheduled_transaction_id).toBe(made[0]!.id);
    expect(posts(h, SCHEDULED)).toBe(1);
    expect(lines(journal)).toEqual([expect.objectContaining({ kind: 'schedule_create' })]);
  });

  it('a twin entered meanwhile: unknown, not re-sent, nothing journaled', async ({ h, journal }) => {
    const s = await session(h, journal);
    h.standIn.fault({ method: 'POST', path: SCHEDULED, drop: true, apply: true, delayMs: 300 });
    const pending = call(s, 'create_scheduled_transaction', {
      plan_id: 'demo-budget',
      account_id: 'acc-checking',
      date: '2026-10-01',
      frequency: 'monthly',
      amount: -35,
      payee_name: 'GYM CLUB',
      category_id: 'cat-tennis',
    });
    while (posts(h, SCHEDULED) === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    // someone enters the same schedule in YNAB's app while the answer is on its way
    const st = h.standIn.state;
    const rent = st.scheduled_transactions.find((x) => x.id === 'sch-rent')!;
    st.scheduled_transactions.push({
      ...structuredClone(rent),
      id: 'sch-twin',
      date_first: '2026-10-01',
      date_next: '2026-10-01',
      amount: -35_000,
      payee_id: null,
      payee_name: 'GYM CLUB',
      category_id: 'cat-tennis',
    });
    st.knowledge += 1;
    st.stamps.scheduled.set('sch-twin', st.knowledge);

    const r = out(await pending);
    expect(r.status).toBe('unknown');
    expect(r.message).toContain('a read-back finds 2 scheduled transaction(s) like it');
    expect(likeGym(h.standIn.state)).toHaveLength(2);
    expect(posts(h, SCHEDULED)).toBe(1);
    expect(lines(journal)).toEqual([]);
  });

  it('an update whose schedule is gone by the read-back: unknown, and says it is gone', async ({
    h,
    journal,
  }) => {
    const s = await session(h, journal);
    const path = `${SCHEDULED}/sch-rent`;
    h.standIn.fault({ method: 'PUT', path, drop: true, delayMs: 300 });
    const pending = call(s, 'update_scheduled_transaction', {
      plan_id: 'demo-budget',
      scheduled_transaction_id: 'sch-rent',
      amount: -1000,
    });
    while (posts(h, path) === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const st = h.standIn.state;
    st.scheduled_transactions.find((x) => x.id === 'sch-rent')!.deleted = true;
    st.knowledge += 1;
    st.stamps.scheduled.set('sch-rent', st.knowledge);

    const r = out(await pending);
    expect(r.status).toBe('unknown');
    expect(r.message).toContain('scheduled transaction sch-rent is no longer in the plan');
    expect(r.message).toContain('do not repeat it blindly');
    expect(r.message).not.toContain('safe to ask again');
    expect(posts(h, path)).toBe(1);
    expect(lines(journal)).toEqual([]);
  });
});
