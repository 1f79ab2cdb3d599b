/**
 * One sign-in as a host does it: the official MCP client meets the 401, discovers the servers,
 * registers (or presents its metadata document), sends the owner to the authorize page, which
 * Chromium answers, and then redeems the code and connects.
 */
import { Client, StreamableHTTPClientTransport, UnauthorizedError } from '@modelcontextprotocol/client';
import { expect } from 'vitest';
import { closePage, consent, type Browser, type Consent } from './browser.js';
import type { Callback } from './oauth-client.js';
import type { TestOAuthProvider } from './oauth-client.js';

export type Era = 'modern' | 'legacy';

export const newClient = (era: Era = 'modern'): Client =>
  new Client(
    { name: 'oauth-test', version: '1.0.0' },
    // Left to itself the client opens with the 2025 handshake (as the stdio tests rely on too).
    era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {},
  );

export const transportFor = (url: string, provider: TestOAuthProvider): StreamableHTTPClientTransport =>
  new StreamableHTTPClientTransport(new URL(url), { authProvider: provider });

/** Starts the flow: the first connection must be refused and must send the owner to the server. */
export async function startSignIn(
  url: string,
  provider: TestOAuthProvider,
  era: Era = 'modern',
): Promise<URL> {
  const client = newClient(era);
  await expect(client.connect(transportFor(url, provider))).rejects.toBeInstanceOf(UnauthorizedError);
  expect(provider.authorizationUrl).not.toBeNull();
  return provider.authorizationUrl!;
}

/** The whole sign-in; resolves with a connected client. */
export async function signIn(
  url: string,
  provider: TestOAuthProvider,
  browser: Browser,
  callback: Callback,
  answer: Consent,
  era: Era = 'modern',
): Promise<Client> {
  const authorizationUrl = await startSignIn(url, provider, era);
  const redirected = callback.next();
  const page = await consent(browser, authorizationUrl, answer);
  const params = await redirected;
  closePage(page);
  expect(params.get('code'), 'the redirect carries a code').toBeTruthy();
  await transportFor(url, provider).finishAuth(params);
  const client = newClient(era);
  await client.connect(transportFor(url, provider));
  expect(client.getProtocolEra()).toBe(era);
  return client;
}
