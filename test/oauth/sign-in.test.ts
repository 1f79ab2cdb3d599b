/**
 * Remote mode end to end: the official MCP client's OAuth support against the server over loopback
 * HTTP, both registration paths, the authorize page answered in headless Chromium, then tools.
 */
import { describe, expect } from 'vitest';
import { it } from '../helpers/fixture.js';
import { openBrowser, type Browser } from '../helpers/browser.js';
import { startCallback, TestOAuthProvider, type Callback } from '../helpers/oauth-client.js';
import { signIn } from '../helpers/oauth-flow.js';
import {
  PASSPHRASE,
  startMetadataHost,
  startRemote,
  type MetadataHost,
  type Remote,
} from '../helpers/oauth-server.js';

let remote: Remote;
let browser: Browser;
let callback: Callback;
let cimd: MetadataHost;

it.beforeAll(async ({ h }) => {
  callback = await startCallback();
  cimd = await startMetadataHost(callback.url, 'Metadata client');
  remote = await startRemote(h, { fetch: cimd.fetch });
  browser = await openBrowser();
}, 60_000);
it.afterAll(async () => {
  await browser?.close();
  await remote?.close();
  await cimd?.close();
  await callback?.close();
});

const listPlans = async (client: Awaited<ReturnType<typeof signIn>>) => {
  const result = await client.callTool({ name: 'list_plans', arguments: {} });
  expect(result.isError).toBeFalsy();
  return (result.structuredContent as { result: Array<{ name: string }> }).result;
};

describe('sign-in', () => {
  it('registers dynamically, signs in on the page, and list_plans works', async () => {
    const provider = new TestOAuthProvider(callback.url, undefined, 'Dynamic client');
    const client = await signIn(remote.url, provider, browser, callback, { passphrase: PASSPHRASE });
    expect(provider.info?.client_id).toBeTruthy();
    expect(provider.info?.client_id).not.toMatch(/^https:/);
    expect((await listPlans(client))[0]?.name).toBe('Demo household');
    expect(callback.last()?.get('iss')).toBe(remote.oauth.publicUrl.origin);
    await client.close();
  });

  it('uses a client ID metadata document served on loopback, and list_plans works', async () => {
    const provider = new TestOAuthProvider(callback.url, cimd.clientId, 'Metadata client');
    const client = await signIn(remote.url, provider, browser, callback, { passphrase: PASSPHRASE });
    expect(provider.info?.client_id).toBe(cimd.clientId);
    expect((await listPlans(client))[0]?.name).toBe('Demo household');
    await client.close();
  });
});
