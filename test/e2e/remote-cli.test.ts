/**
 * Remote mode through the built CLI: `set-password` and `revoke`, the start-up refusals, and a
 * server started with AVENIR_MCP_AUTH=oauth that publishes its metadata for the public address.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, statSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { FileStore } from '../../src/transports/oauth/file-store.js';
import { oauthFiles } from '../../src/transports/oauth/grants.js';
import { verifyPassphrase } from '../../src/transports/oauth/passphrase.js';
import { BUILT_MAIN, describeBuilt } from '../helpers/built.js';

const MAIN = BUILT_MAIN;

const envFor = (state: string, extra: Record<string, string> = {}) => ({
  PATH: process.env.PATH ?? '',
  HOME: state,
  XDG_STATE_HOME: state,
  AVENIR_MCP_NO_UPDATE_CHECK: '1',
  ...extra,
});
const run = (args: string[], env: Record<string, string>, input = '') =>
  spawnSync(process.execPath, [MAIN, ...args], { env, input, encoding: 'utf8', timeout: 15_000 });

const REMOTE = {
  AVENIR_MCP_TRANSPORT: 'http',
  AVENIR_MCP_AUTH: 'oauth',
  AVENIR_MCP_PUBLIC_URL: 'https://ynab.example.net',
};

describeBuilt('remote mode in the built CLI', () => {
  it('set-password stores a 0600 scrypt hash read from standard input', async () => {
    const state = mkdtempSync(join(tmpdir(), 'avenir-cli-'));
    const r = run(['set-password'], envFor(state), 'a passphrase for the phone\n');
    expect(r.status, r.stderr).toBe(0);
    const file = oauthFiles(join(state, 'avenir-mcp')).passphrase;
    expect(r.stdout).toContain(file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const { readFileSync } = await import('node:fs');
    expect(await verifyPassphrase('a passphrase for the phone', readFileSync(file, 'utf8'))).toBe(true);
    const short = run(['set-password'], envFor(state), 'short\n');
    expect(short.status).toBe(1);
    expect(short.stderr).toContain('at least 12 characters');
  });

  it('revoke lists the clients, revokes one, and --all', async () => {
    const state = mkdtempSync(join(tmpdir(), 'avenir-cli-'));
    const store = new FileStore(oauthFiles(join(state, 'avenir-mcp')).state);
    const now = Math.floor(Date.now() / 1000);
    await store.set('Client', 'c-phone', { client_id: 'c-phone', client_name: 'Phone' }, null);
    await store.set(
      'Grant',
      'g1',
      { clientId: 'c-phone', iat: now, resources: { x: 'ynab:read ynab:write' } },
      null,
    );
    await store.set(
      'Grant',
      'g2',
      { clientId: 'https://claude.ai/oauth/client.json', iat: now, resources: { x: 'ynab:read' } },
      null,
    );
    await store.set('RefreshToken', 'r1', { grantId: 'g1' }, null);
    const list = run(['revoke'], envFor(state));
    expect(list.status, list.stderr).toBe(0);
    expect(list.stdout).toContain('c-phone  Phone  read and changes');
    expect(list.stdout).toContain('https://claude.ai/oauth/client.json  (no name)  read-only');
    const one = run(['revoke', 'c-phone'], envFor(state));
    expect(one.stdout).toBe('avenir-mcp: revoked 1 grant of c-phone.\n');
    expect(await store.get('RefreshToken', 'r1')).toBeUndefined();
    expect(run(['revoke', 'c-phone'], envFor(state)).stderr).toContain('No grant of client c-phone');
    expect(run(['revoke', '--all'], envFor(state)).stdout).toBe(
      'avenir-mcp: revoked 1 grant; every client must sign in again.\n',
    );
    expect(run(['revoke'], envFor(state)).stdout).toBe('avenir-mcp: no client holds access.\n');
  }, 60_000); // six starts of the CLI, one after the other

  it.each([
    [
      { ...REMOTE, AVENIR_MCP_PUBLIC_URL: 'http://ynab.example.net' },
      'AVENIR_MCP_PUBLIC_URL must be https://',
    ],
    [REMOTE, 'run `avenir-mcp set-password` once'],
    [{ ...REMOTE, AVENIR_MCP_HOST: '0.0.0.0' }, 'keep AVENIR_MCP_HOST on 127.0.0.1'],
  ])('stops at start-up with one line: %j', (extra, text) => {
    const state = mkdtempSync(join(tmpdir(), 'avenir-cli-'));
    const r = run([], envFor(state, extra));
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(text);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('starts in remote mode and publishes the metadata of its public address', async () => {
    const state = mkdtempSync(join(tmpdir(), 'avenir-cli-'));
    expect(run(['set-password'], envFor(state), 'a passphrase for the phone\n').status).toBe(0);
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const child = spawn(process.execPath, [MAIN], {
      env: envFor(state, { ...REMOTE, AVENIR_MCP_PORT: String(port), YNAB_API_KEY: 'unused' }),
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    try {
      let body: Record<string, unknown> | null = null;
      for (let i = 0; i < 50 && !body; i++) {
        body = await fetch(`http://127.0.0.1:${port}/.well-known/oauth-protected-resource/mcp`)
          .then((r) => r.json() as Promise<Record<string, unknown>>)
          .catch(() => null);
        if (!body) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(body, stderr).toMatchObject({
        resource: 'https://ynab.example.net/mcp',
        authorization_servers: ['https://ynab.example.net'],
      });
      expect(stderr).not.toContain('Authorization: Bearer');
      const mcp = await fetch(`http://127.0.0.1:${port}/mcp`, { method: 'POST', body: '{}' });
      expect(mcp.status).toBe(401);
      expect(mcp.headers.get('www-authenticate')).toContain(
        'resource_metadata="https://ynab.example.net/.well-known/oauth-protected-resource/mcp"',
      );
      expect(statSync(oauthFiles(join(state, 'avenir-mcp')).state).mode & 0o777).toBe(0o600);
    } finally {
      child.kill();
    }
  });
});
