/** The stand-in resolves payee names as YNAB does: "Transfer : X" given as a name is a plain payee. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startStandIn, type StandIn } from '../../src/demo/index.js';

let standIn: StandIn;
beforeAll(async () => {
  standIn = await startStandIn();
});
afterAll(async () => standIn.close());

it('creates a plain payee, not a transfer, for a "Transfer : Savings" payee_name', async () => {
  const r = await fetch(`${standIn.url}/plans/demo-budget/transactions`, {
    method: 'POST',
    headers: { Authorization: 'Bearer t', 'Content-Type': 'application/json' },
    body: JSON.stringify({
      transactions: [
        { account_id: 'acc-checking', date: '2026-09-20', amount: -5000, payee_name: 'Transfer : Savings' },
      ],
    }),
  });
  expect(r.status).toBe(201);
  const created = standIn.state.transactions.filter((t) => t.id === 'tx-226');
  expect(created).toHaveLength(1);
  expect(created[0]?.transfer_account_id).toBeNull();
  expect(standIn.state.transactions).toHaveLength(227);
  const payee = standIn.state.payees.find((p) => p.id === created[0]?.payee_id);
  expect(payee).toMatchObject({ name: 'Transfer : Savings', transfer_account_id: null });
});
