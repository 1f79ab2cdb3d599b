/**
 * A person's whole hosted sign-in as a host does it: the official MCP client meets the 401 and
 * registers, Chromium answers our consent page and the stand-in's YNAB page, the client redeems the
 * code and connects. Resolves with the connected client and its OAuth provider (which holds the
 * tokens), for tests that act as that person's app.
 */
import type { Client } from '@modelcontextprotocol/client';
import { expect } from 'vitest';
import { closePage, type Browser } from './browser.js';
import { hostedConsent, type HostedConsent, type HostedServer } from './hosted-server.js';
import { TestOAuthProvider, type Callback } from './oauth-client.js';
import { newClient, startSignIn, transportFor } from './oauth-flow.js';

export interface Signed {
  client: Client;
  provider: TestOAuthProvider;
}

export async function signInAs(
  server: HostedServer,
  browser: Browser,
  callback: Callback,
  answer: HostedConsent,
  name = `${answer.person}'s app`,
): Promise<Signed> {
  const provider = new TestOAuthProvider(callback.url, undefined, name);
  const authorizationUrl = await startSignIn(server.url, provider);
  const redirected = callback.next();
  const page = await hostedConsent(browser, authorizationUrl, answer);
  const params = await redirected;
  closePage(page);
  expect(params.get('code'), 'the redirect carries a code').toBeTruthy();
  await transportFor(server.url, provider).finishAuth(params);
  const client = newClient();
  await client.connect(transportFor(server.url, provider));
  return { client, provider };
}

type Result = Awaited<ReturnType<Client['callTool']>>;

export const callAs = (s: Signed, name: string, args: Record<string, unknown> = {}): Promise<Result> =>
  s.client.callTool({ name, arguments: args });

export const resultOf = (r: Result) => r.structuredContent as Record<string, unknown>;
