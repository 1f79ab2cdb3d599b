/**
 * Global test setup: no request may leave this machine (tests must never reach the real YNAB), the
 * update check is off, and proxies are never read.
 */
import net from 'node:net';
import { afterEach, expect } from 'vitest';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);
const isLoopback = (host: string | undefined): boolean =>
  host === undefined || LOOPBACK.has(host) || host.startsWith('127.');

process.env.AVENIR_MCP_NO_UPDATE_CHECK = '1';
process.env.NO_PROXY = '*';
for (const k of ['HTTP_PROXY', 'HTTPS_PROXY', 'http_proxy', 'https_proxy', 'ALL_PROXY', 'all_proxy'])
  delete process.env[k];

const guarded = Symbol.for('avenir-mcp.no-network-guard');
const g = globalThis as typeof globalThis & { [guarded]?: boolean };
if (!g[guarded]) {
  g[guarded] = true;
  const realFetch = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (!isLoopback(url.hostname)) {
      return Promise.reject(new Error(`Refused by the test guard: ${url.href} is off this machine`));
    }
    return realFetch(input, init);
  };
  // Every socket (undici's own dispatcher, node:http, node:https) goes through net.Socket#connect.
  const realConnect = net.Socket.prototype.connect;
  net.Socket.prototype.connect = function guardedConnect(this: net.Socket, ...args: unknown[]) {
    // net.createConnection passes its normalised arguments as one array.
    const list = Array.isArray(args[0]) ? (args[0] as unknown[]) : args;
    const first = list[0] as { host?: string; path?: string } | number | string | undefined;
    let host = 'localhost';
    if (typeof first === 'object' && first !== null && !first.path && first.host) host = first.host;
    else if (typeof first !== 'object' && typeof list[1] === 'string') host = list[1];
    if (!isLoopback(host)) throw new Error(`Refused by the test guard: ${host} is off this machine`);
    return (realConnect as (...a: unknown[]) => net.Socket).apply(this, args);
  };
}

// Each test's assertion count, for the assertion reporter (test/reporters/assertions.ts): moving or
// merging tests must not lose any, and the count is how that is checked.
afterEach(({ task }) => {
  (task.meta as { assertions?: number }).assertions = expect.getState().assertionCalls;
});
