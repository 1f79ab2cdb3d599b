/**
 * `avenir-mcp --demo` in hosted mode, as built: one process runs the stand-in with two people and
 * hosted mode on loopback, an embedded store in a temporary folder, and prints the address to add.
 * Alice and Bob sign in from the same browser through the official client's OAuth, and each sees
 * their own plan only.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BUILT_MAIN, describeBuilt } from '../helpers/built.js';
import { closePage, openBrowser, type Browser } from '../helpers/browser.js';
import { hostEnv } from '../helpers/cli.js';
import { hostedConsent } from '../helpers/hosted-server.js';
import { startCallback, TestOAuthProvider, type Callback } from '../helpers/oauth-client.js';
import { newClient, startSignIn, transportFor } from '../helpers/oauth-flow.js';

let child: ChildProcess;
let url: string;
let stderr = '';
let browser: Browser;
let callback: Callback;

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describeBuilt('hosted mode demo', () => {
  beforeAll(async () => {
    const port = await freePort();
    child = spawn(process.execPath, [BUILT_MAIN, '--demo'], {
      env: hostEnv({ AVENIR_MCP_AUTH: 'ynab', AVENIR_MCP_PORT: String(port) }),
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    url = await new Promise<string>((resolve, reject) => {
      child.stderr!.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        const found = /MCP server: (\S+)/.exec(stderr);
        if (found) resolve(found[1]!);
      });
      child.once('exit', (code) => reject(new Error(`the demo ended (${code}): ${stderr}`)));
    });
    callback = await startCallback();
    browser = await openBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await callback?.close();
    child?.kill('SIGTERM');
  });

  it('prints where to connect, and two people each see their own plan', async () => {
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    expect(stderr).toContain('sign in as Alice or Bob');
    for (const [person, plan] of [
      ['Alice', 'Demo household'],
      ['Bob', 'Martin family'],
    ] as const) {
      const provider = new TestOAuthProvider(callback.url, undefined, `${person}'s app`);
      const authorizationUrl = await startSignIn(url, provider);
      const redirected = callback.next();
      const page = await hostedConsent(browser, authorizationUrl, { person });
      await transportFor(url, provider).finishAuth(await redirected);
      closePage(page);
      const client = newClient();
      await client.connect(transportFor(url, provider));
      const listed = await client.callTool({ name: 'list_plans', arguments: {} });
      const names = (listed.structuredContent as { result: Array<{ name: string }> }).result.map(
        (p) => p.name,
      );
      expect(names).toEqual([plan]);
      await client.close();
    }
  }, 180_000);
});
