/**
 * Hosted mode over time, end to end (the official MCP client, Chromium on our consent page and the
 * stand-in's YNAB page, the real store): an operation pruned for its age answers that it is too old to
 * undo, nothing sent to YNAB; YNAB tokens sealed under a key the server no longer has answer the same
 * "sign in again" as a revoked YNAB grant, nothing sent, and a new sign-in serves again; a person's
 * latest sign-in decides for all their apps whether changes are allowed, so that no app keeps write
 * tools over a read-only YNAB token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_AGAIN } from '../../src/hosted/person-token.js';
import { newKeyLine, parseKeyFile, Sealer } from '../../src/store/seal.js';
import { DAY_MS, SqlJournal } from '../../src/store/sql-journal.js';
import { openBrowser, type Browser } from '../helpers/browser.js';
import { textOf } from '../helpers/harness.js';
import { startHostedServer, type HostedServer } from '../helpers/hosted-server.js';
import { callAs, resultOf, signInAs, type Signed } from '../helpers/hosted-sign-in.js';
import { startCallback, type Callback } from '../helpers/oauth-client.js';
import { newClient, transportFor } from '../helpers/oauth-flow.js';

let server: HostedServer;
let browser: Browser;
let callback: Callback;

beforeAll(async () => {
  server = await startHostedServer();
  callback = await startCallback();
  browser = await openBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await callback?.close();
});

const FLAG = { plan_id: 'demo-budget', flags: [{ transaction_id: 'tx-053', color: 'purple' }] };
const personOf = async (ynabUserId: string) =>
  (await server.people.people()).find((p) => p.ynabUserId === ynabUserId)!;
const ALICE = 'a11ce5e0-7c1d-4b8e-9f2a-3d4c5b6a7e80';
const BOB = 'b0b5e1f2-8a3c-4d9e-a6b7-1c2d3e4f5a60';
const CAROL = 'ca201e00-1b2c-4d3e-8f4a-5b6c7d8e9f01';
/** The tools the server lists now (not the client's cached list, which may be an hour old). */
const toolsOf = async (client: Signed['client']) =>
  (await client.listTools(undefined, { cacheMode: 'refresh' })).tools.map((t) => t.name);
let alice: Signed;
const planNames = async (s: Signed) =>
  (resultOf(await callAs(s, 'list_plans')).result as Array<{ name: string }>).map((p) => p.name);

describe('hosted mode over time', { timeout: 120_000 }, () => {
  it('an operation pruned for its age is too old to undo, and nothing is sent', async () => {
    alice = await signInAs(server, browser, callback, { person: 'Alice', access: 'write' });
    const preview = resultOf(await callAs(alice, 'flag_transactions', FLAG));
    const applied = resultOf(
      await callAs(alice, 'flag_transactions', { ...FLAG, confirmation: preview.confirmation }),
    );
    expect(applied.status).toBe('applied');
    const id = applied.operation_id as string;
    const person = (await personOf(ALICE)).id;
    // the journal's clean-up as it runs 91 days later (its entries alone: the access token the client
    // holds is a record of the store too, and would have expired by then)
    expect(await new SqlJournal(server.store).prune(Date.now() + DAY_MS, Date.now())).toBe(1);
    expect(await new SqlJournal(server.store).wasPruned(person, id)).toBe(true);
    server.standIn.clearRequests();
    const undo = await callAs(alice, 'undo_operation', { plan_id: 'demo-budget', operation_id: id });
    expect(undo.isError).toBe(true);
    expect(textOf(undo)).toBe(
      `Nothing to undo: operation ${id} is older than the 90 days this server keeps undo records for, so it can no longer be undone.`,
    );
    // an id that never was is still told apart from one too old
    const unknown = await callAs(alice, 'undo_operation', {
      plan_id: 'demo-budget',
      operation_id: 'feedfacecafe',
    });
    expect(textOf(unknown)).toBe(
      'Nothing to undo: no operation of this plan is still in effect with id feedfacecafe.',
    );
    expect(server.standIn.writes).toEqual([]);
    expect(server.standIn.stateOf('Alice').transactions.find((t) => t.id === 'tx-053')?.flag_color).toBe(
      'purple',
    );
  });

  it('tokens sealed under a key no longer in the file: sign in again, nothing sent; a new sign-in serves', async () => {
    const bob = await signInAs(server, browser, callback, { person: 'Bob', access: 'read' });
    expect(await planNames(bob)).toEqual(['Martin family']);
    const id = (await personOf(BOB)).id;
    // the key that sealed Bob's tokens is gone: his row now opens under no key the server has
    const gone = new Sealer(parseKeyFile(newKeyLine()));
    const sealed = await gone.seal(JSON.stringify(await server.people.grant(id)));
    await server.store.query('UPDATE ynab_grants SET sealed = $1 WHERE person_id = $2', [sealed, id]);
    server.standIn.clearRequests();
    const lost = await callAs(bob, 'list_plans');
    expect(lost.isError).toBe(true);
    expect(textOf(lost)).toContain(SIGN_IN_AGAIN);
    const read = await callAs(bob, 'find_transactions', { plan_id: 'bob-household' });
    expect(textOf(read)).toContain(SIGN_IN_AGAIN);
    expect(server.standIn.requests).toEqual([]);
    // word for word what a person whose YNAB grant was revoked is told
    server.standIn.revoke('Alice');
    const revoked = await callAs(alice, 'list_plans');
    expect(revoked.isError).toBe(true);
    expect(textOf(lost)).toBe(textOf(revoked));
    // the row is kept (the key may come back); a new sign-in replaces it and Bob is served again
    const [row] = await server.store.query<{ sealed: string }>(
      'SELECT sealed FROM ynab_grants WHERE person_id = $1',
      [id],
    );
    expect(row?.sealed).toBe(sealed);
    const again = await signInAs(
      server,
      browser,
      callback,
      { person: 'Bob', access: 'read' },
      "Bob's app again",
    );
    expect((await personOf(BOB)).id).toBe(id);
    expect(await planNames(again)).toEqual(['Martin family']);
    expect(await planNames(bob)).toEqual(['Martin family']);
  });

  it("the latest sign-in decides for all of a person's apps whether changes are allowed", async () => {
    const CAROL_FLAG = {
      plan_id: 'carol-household',
      flags: [{ transaction_id: 'carol-tx-053', color: 'blue' }],
    };
    const writer = await signInAs(server, browser, callback, { person: 'Carol', access: 'write' }, 'writer');
    expect(await toolsOf(writer.client)).toContain('flag_transactions');
    // a 2025-era session of the same app, opened while changes are allowed
    const legacy = newClient('legacy');
    await legacy.connect(transportFor(server.url, writer.provider));
    expect(await toolsOf(legacy)).toContain('flag_transactions');
    const carol = (await personOf(CAROL)).id;
    expect((await server.people.grant(carol))?.scope).toBe('');

    // Carol connects another app, read only: the account's token and choice are now read only
    const reader = await signInAs(server, browser, callback, { person: 'Carol', access: 'read' }, 'reader');
    expect((await server.people.person(carol))?.allowed).toBe('read');
    expect((await server.people.grant(carol))?.scope).toBe('read-only');
    expect(await toolsOf(reader.client)).not.toContain('flag_transactions');
    // ... and the app granted changes earlier keeps no write tool over that read-only token
    expect(await toolsOf(writer.client)).not.toContain('flag_transactions');
    server.standIn.clearRequests();
    // the call is answered 403 insufficient_scope: this app's own token names changes, so the client
    // finds nothing wider to ask for and gives up; the person allows changes again at a sign-in
    await expect(callAs(writer, 'flag_transactions', CAROL_FLAG)).rejects.toThrow(/403 insufficient_scope/);
    expect(server.standIn.requests).toEqual([]);
    expect(await planNames(writer)).toEqual(['Carol at home']);
    // its 2025-era session listed write tools: it is gone, and the next one lists none
    await expect(legacy.listTools()).rejects.toThrow();
    const reopened = newClient('legacy');
    await reopened.connect(transportFor(server.url, writer.provider));
    expect(await toolsOf(reopened)).not.toContain('flag_transactions');
    await reopened.close();

    // a later sign-in allowing changes gives them back to the app granted them, not to the reader
    await signInAs(server, browser, callback, { person: 'Carol', access: 'write' }, 'writer again');
    expect((await server.people.person(carol))?.allowed).toBe('write');
    expect((await server.people.grant(carol))?.scope).toBe('');
    expect(await toolsOf(reader.client)).not.toContain('flag_transactions');
    const preview = resultOf(await callAs(writer, 'flag_transactions', CAROL_FLAG));
    const applied = resultOf(
      await callAs(writer, 'flag_transactions', { ...CAROL_FLAG, confirmation: preview.confirmation }),
    );
    expect(applied.status).toBe('applied');
    expect(
      server.standIn.stateOf('Carol').transactions.find((t) => t.id === 'carol-tx-053')?.flag_color,
    ).toBe('blue');
  });
});
