/**
 * The stand-in on requests the tools seldom send, over real loopback HTTP: the bare API root, a fault
 * with a status YNAB has no name for, a budget set to what it already was, a scheduled transaction
 * without a payee, the scheduled and payee routes on what is not there (or no longer is).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startStandIn } from '../../src/demo/index.js';
import type { StandIn } from '../../src/demo/index.js';
import { NOT_FOUND, P, call, get } from './helpers.js';

let si: StandIn;
beforeAll(async () => {
  si = await startStandIn();
});
afterAll(async () => {
  await si.close();
});
beforeEach(() => si.reset());

describe('the stand-in, answering', () => {
  it('answers the bare API root (/v1) as a route it does not serve, in YNAB shape', async () => {
    const res = await fetch(si.url, { headers: { Authorization: 'Bearer demo' } });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      error: { id: '404.1', name: 'not_found', detail: 'Not in the demo: GET /' },
    });
  });

  it('gives a faulted status YNAB has no name for a generic error body of that status', async () => {
    si.fault({ method: 'GET', path: `${P}/accounts`, status: 418 });
    const res = await get(si, `${P}/accounts`);
    expect(res.status).toBe(418);
    expect(res.json).toEqual({ error: { id: '418', name: 'error', detail: 'Error 418' } });
    // the fault was used once: the next request is answered
    expect((await get(si, `${P}/accounts`)).status).toBe(200);
  });
});

describe('budget writes and money movements', () => {
  const budgetPath = `${P}/months/2026-09-01/categories/cat-groceries`;

  it('records no money movement for a budget set to the amount it already holds', async () => {
    const before = (await get(si, budgetPath)).json.data.category.budgeted as number;
    const movements = async () =>
      (await get(si, `${P}/months/2026-09-01/money_movements`)).json.data.money_movements as unknown[];
    const count = (await movements()).length;

    const same = await call(si, 'PATCH', budgetPath, { category: { budgeted: before } });
    expect(same.status).toBe(200);
    expect(same.json.data.category.budgeted).toBe(before);
    expect((await movements()).length).toBe(count);

    // a real change does record one, from Ready to Assign into the category
    const more = await call(si, 'PATCH', budgetPath, { category: { budgeted: before + 10_000 } });
    expect(more.status).toBe(200);
    const after = await movements();
    expect(after.length).toBe(count + 1);
    expect(after.at(-1)).toMatchObject({ to_category_id: 'cat-groceries', amount: 10_000 });
  });
});

describe('scheduled transactions', () => {
  it('stores one without a payee, with no payee id, name or transfer account', async () => {
    const res = await call(si, 'POST', `${P}/scheduled_transactions`, {
      scheduled_transaction: {
        account_id: 'acc-checking',
        date: '2026-10-01',
        frequency: 'monthly',
        amount: -20_000,
        memo: 'no payee yet',
      },
    });
    expect(res.status).toBe(201);
    const stored = res.json.data.scheduled_transaction;
    expect(stored).toMatchObject({
      payee_id: null,
      payee_name: null,
      transfer_account_id: null,
      amount: -20_000,
    });
    const listed = si.state.scheduled_transactions.find((s) => s.id === stored.id);
    expect(listed).toMatchObject({ payee_id: null, memo: 'no payee yet' });
  });

  it('answers 404.2 to a replace or delete of an id it does not hold, and changes nothing', async () => {
    const before = structuredClone(si.state.scheduled_transactions);
    const body = {
      scheduled_transaction: {
        account_id: 'acc-checking',
        date: '2026-10-01',
        frequency: 'monthly',
        amount: -1,
      },
    };
    const put = await call(si, 'PUT', `${P}/scheduled_transactions/sch-nope`, body);
    const del = await call(si, 'DELETE', `${P}/scheduled_transactions/sch-nope`);
    expect([put.status, put.json, del.status, del.json]).toEqual([404, NOT_FOUND, 404, NOT_FOUND]);
    expect(si.state.scheduled_transactions).toEqual(before);
    expect(si.writes).toEqual([]);
  });
});

describe('payees', () => {
  it('answers 404.2 to the rename of a payee YNAB has deleted, and keeps its name', async () => {
    const payee = si.state.payees.find((p) => p.transfer_account_id === null && !p.deleted)!;
    payee.deleted = true;
    const res = await call(si, 'PATCH', `${P}/payees/${payee.id}`, { payee: { name: 'Renamed' } });
    expect([res.status, res.json]).toEqual([404, NOT_FOUND]);
    expect(si.state.payees.find((p) => p.id === payee.id)?.name).not.toBe('Renamed');
    expect(si.writes).toEqual([]);
  });
});
