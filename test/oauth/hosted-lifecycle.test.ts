/**
 * Hosted mode over time, end to end (the official MCP client, Chromium on our consent page and the
 * stand-in's YNAB page, the real store): an operation pruned for its age answers that it is too old to
 * undo, nothing sent to YNAB.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneStore } from '../../src/store/maintenance.js';
import { DAY_MS, SqlJournal } from '../../src/store/sql-journal.js';
import { openBrowser, type Browser } from '../helpers/browser.js';
import { textOf } from '../helpers/harness.js';
import { startHostedServer, type HostedServer } from '../helpers/hosted-server.js';
import { callAs, resultOf, signInAs } from '../helpers/hosted-sign-in.js';
import { startCallback, type Callback } from '../helpers/oauth-client.js';

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

describe('hosted mode over time', { timeout: 120_000 }, () => {
  it('an operation pruned for its age is too old to undo, and nothing is sent', async () => {
    const alice = await signInAs(server, browser, callback, { person: 'Alice', access: 'write' });
    const preview = resultOf(await callAs(alice, 'flag_transactions', FLAG));
    const applied = resultOf(
      await callAs(alice, 'flag_transactions', { ...FLAG, confirmation: preview.confirmation }),
    );
    expect(applied.status).toBe('applied');
    const id = applied.operation_id as string;
    const person = (await personOf(ALICE)).id;
    // 91 days later the clean-up runs with the default retention
    expect((await pruneStore(server.store, Date.now() + 91 * DAY_MS)).journal).toBe(1);
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
});
