/**
 * Refusals of the edit and schedule writes that name what to fix: a closed account, an unknown payee
 * id, a transfer to its own account, a category on a tracking account. Each is refused at preview,
 * before anything is asked or written. A real client in both eras against the stand-in; also an edit
 * that names its payee by id, previewed and applied.
 */
import { describe, expect } from 'vitest';
import { it } from '../helpers/fixture.js';
import { ERAS, call, connect, textOf } from '../helpers/harness.js';
import { ACCEPT, answering } from '../helpers/writes.js';

const SCHEDULE = {
  plan_id: 'demo-budget',
  account_id: 'acc-checking',
  date: '2026-10-01',
  frequency: 'monthly',
  amount: -35,
  category_id: 'cat-tennis',
};
const edit = (change: Record<string, unknown>) => ({
  plan_id: 'demo-budget',
  transactions: [{ transaction_id: 'tx-001', ...change }],
});

describe.each(ERAS)('refused writes, %s era', (era) => {
  it.beforeEach(({ h }) => h.standIn.reset());

  it.for([
    [
      'create_scheduled_transaction',
      { ...SCHEDULE, account_id: 'acc-student-loan', category_id: undefined, payee_name: 'BANK' },
      'Account Student loan is closed: schedule on an open account.',
    ],
    [
      'create_scheduled_transaction',
      { ...SCHEDULE, payee_id: 'pay-999' },
      'Payee pay-999 is not in this plan: use a payee_id from list_payees.',
    ],
    [
      'create_scheduled_transaction',
      { ...SCHEDULE, payee_id: 'pay-036' },
      'A transfer needs two different accounts.',
    ],
    [
      'update_transactions',
      edit({ payee_id: 'pay-999' }),
      'Payee pay-999 is not in this plan: use a payee_id from list_payees.',
    ],
    [
      'update_transactions',
      { plan_id: 'demo-budget', transactions: [{ transaction_id: 'nw-001', category_id: 'cat-tennis' }] },
      'Transaction nw-001 is on the tracking account Joint savings: tracking transactions take no category.',
    ],
  ] as const)('%s refuses %j before asking anything', async ([tool, args, message], { h, journal }) => {
    const a = answering(ACCEPT);
    const s = await connect(h, era, { env: { AVENIR_MCP_JOURNAL: journal }, elicit: a.handler });
    const r = await call(s, tool, args);
    expect(r.isError).toBe(true);
    expect(textOf(r)).toContain(message);
    expect(a.questions).toEqual([]);
    expect(h.standIn.writes).toEqual([]);
  });

  it('an edit naming its payee by id sends that id, and the preview names the payee', async ({
    h,
    journal,
  }) => {
    const a = answering(ACCEPT);
    const s = await connect(h, era, { env: { AVENIR_MCP_JOURNAL: journal }, elicit: a.handler });
    const r = await call(s, 'update_transactions', edit({ payee_id: 'pay-000' }));
    expect((r.structuredContent as { status: string }).status).toBe('applied');
    expect(a.questions[0]).toContain('ACME EMPLOYER SALAIRE');
    expect(h.standIn.writes).toHaveLength(1);
    expect(JSON.stringify(h.standIn.writes[0]?.body)).toContain('"payee_id":"pay-000"');
    expect(h.standIn.state.transactions.find((t) => t.id === 'tx-001')?.payee_id).toBe('pay-000');
  });
});
