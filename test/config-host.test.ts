/**
 * The listen address and the token's checks, in process (the spawned CLI tests the same rules end to
 * end, where coverage cannot see them): a non-loopback address over HTTP only with
 * AVENIR_MCP_ALLOW_REMOTE_HOST=1; an address that stdio never uses is no reason to stop; a token that
 * is blank or holds a character no token has is refused without being shown; an unchanged token file
 * is not read again.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { ClientError } from '../src/domain/errors.js';
import { TokenFile, checkToken } from '../src/token-source.js';

const HTTP = { AVENIR_MCP_TRANSPORT: 'http', AVENIR_MCP_HTTP_TOKEN: 'http-secret-0123456789' };

describe('AVENIR_MCP_HOST', () => {
  it('refuses an address other machines reach over plain HTTP', () => {
    expect(() => loadConfig({ ...HTTP, AVENIR_MCP_HOST: '0.0.0.0' })).toThrow(
      new ConfigError(
        'AVENIR_MCP_HOST=0.0.0.0 would let other machines reach the server over plain HTTP, where the bearer token travels in clear: keep 127.0.0.1, or set AVENIR_MCP_ALLOW_REMOTE_HOST=1 behind a TLS proxy.',
      ),
    );
  });

  it('takes it with AVENIR_MCP_ALLOW_REMOTE_HOST=1, and marks the run as reachable', () => {
    const c = loadConfig({ ...HTTP, AVENIR_MCP_HOST: '0.0.0.0', AVENIR_MCP_ALLOW_REMOTE_HOST: '1' });
    expect(c).toMatchObject({ host: '0.0.0.0', remoteHost: true });
  });

  it('is no reason to stop over stdio, which listens on nothing', () => {
    const c = loadConfig({ AVENIR_MCP_HOST: '0.0.0.0' });
    expect(c).toMatchObject({ host: '0.0.0.0', remoteHost: false });
  });

  it.each(['localhost', '::1', '[::1]', '127.0.0.2'])('takes the loopback address %s as it is', (host) => {
    expect(loadConfig({ ...HTTP, AVENIR_MCP_HOST: host })).toMatchObject({ host, remoteHost: false });
  });
});

describe('the YNAB token', () => {
  it.each([
    ['   ', 'YNAB_API_KEY is empty: it must hold the YNAB token only.'],
    [
      'tok\u00e9n-0123',
      'YNAB_API_KEY holds a character a token cannot hold: it must hold the YNAB token only, on one line (no comments, no quotes).',
    ],
  ])('refuses %j, naming what is wrong and never the token', (raw, message) => {
    expect(() => checkToken(raw, 'YNAB_API_KEY')).toThrow(new ClientError(message));
  });

  it('reads an unchanged token file once, and again once it changed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'avenir-token-'));
    try {
      const path = join(dir, 'token');
      writeFileSync(path, 'first-token-0123\n', { mode: 0o600 });
      const file = new TokenFile();
      const first = await file.read(path);
      expect(first.reveal()).toBe('first-token-0123');
      // the same file: the very token read before, not a second read
      expect(await file.read(path)).toBe(first);
      writeFileSync(path, 'second-token-4567-longer\n', { mode: 0o600 });
      expect((await file.read(path)).reveal()).toBe('second-token-4567-longer');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
