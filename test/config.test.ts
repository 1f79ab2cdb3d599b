import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';

describe('start-up validation (a bad value stops start-up with one line that never echoes a secret)', () => {
  it.each([
    [{ AVENIR_MCP_PORT: '0' }, "AVENIR_MCP_PORT must be a port number from 1 to 65535, got '0'."],
    [{ AVENIR_MCP_PORT: '65536' }, "AVENIR_MCP_PORT must be a port number from 1 to 65535, got '65536'."],
    [{ AVENIR_MCP_PORT: '80a' }, "AVENIR_MCP_PORT must be a port number from 1 to 65535, got '80a'."],
    [
      { AVENIR_MCP_CONFIDENCE_THRESHOLD: '1.5' },
      "AVENIR_MCP_CONFIDENCE_THRESHOLD must be a number from 0 to 1, got '1.5'.",
    ],
    [
      { AVENIR_MCP_CONFIDENCE_THRESHOLD: 'high' },
      "AVENIR_MCP_CONFIDENCE_THRESHOLD must be a number from 0 to 1, got 'high'.",
    ],
    [
      { AVENIR_MCP_LOG_LEVEL: 'verbose' },
      "AVENIR_MCP_LOG_LEVEL must be DEBUG, INFO, WARNING or ERROR, got 'verbose'.",
    ],
    [{ AVENIR_MCP_TODAY: '2026-02-30' }, "AVENIR_MCP_TODAY must be a date as YYYY-MM-DD, got '2026-02-30'."],
    [{ AVENIR_MCP_TODAY: '25/09/2026' }, "AVENIR_MCP_TODAY must be a date as YYYY-MM-DD, got '25/09/2026'."],
    [
      { AVENIR_MCP_TIME_ZONE: 'Mars/Olympus_Mons' },
      "AVENIR_MCP_TIME_ZONE must be an IANA time zone such as Europe/Paris or America/Los_Angeles, got 'Mars/Olympus_Mons'.",
    ],
    [
      { AVENIR_MCP_TIME_ZONE: '+01:00' },
      "AVENIR_MCP_TIME_ZONE must be an IANA time zone such as Europe/Paris or America/Los_Angeles, got '+01:00'.",
    ],
    [
      { AVENIR_MCP_STATE_KEY: 'short-secret' },
      'AVENIR_MCP_STATE_KEY must be at least 32 bytes (UTF-8), got 12.',
    ],
  ])('%j stops start-up', (env, message) => {
    expect(() => loadConfig(env)).toThrow(new ConfigError(message));
  });

  it('takes defaults for unset or empty values', () => {
    const c = loadConfig({
      AVENIR_MCP_PORT: '',
      AVENIR_MCP_LOG_LEVEL: '',
      AVENIR_MCP_TIME_ZONE: '',
      HOME: '/home/test',
    });
    expect(c).toMatchObject({
      write: false,
      today: null,
      timeZone: null,
      logLevel: 'WARNING',
      logFormat: 'text',
      confidenceThreshold: 0.9,
      transport: 'stdio',
      host: '127.0.0.1',
      port: 8103,
      httpToken: null,
      stateKey: null,
      updateCheck: true,
    });
    expect(c.journalPath()).toBe('/home/test/.local/state/avenir-mcp/journal.jsonl');
    expect(c.ynabUrl()).toBe('https://api.ynab.com/v1');
  });

  it('reads every value it knows', () => {
    const c = loadConfig({
      AVENIR_MCP_WRITE: '1',
      AVENIR_MCP_TODAY: '2026-09-25',
      AVENIR_MCP_TIME_ZONE: 'america/los_angeles',
      AVENIR_MCP_LOG_LEVEL: 'debug',
      AVENIR_MCP_LOG_FORMAT: 'json',
      AVENIR_MCP_CONFIDENCE_THRESHOLD: '0.75',
      AVENIR_MCP_TRANSPORT: 'http',
      AVENIR_MCP_PORT: '9000',
      AVENIR_MCP_HOST: '::1',
      AVENIR_MCP_HTTP_TOKEN: 'http-secret',
      AVENIR_MCP_STATE_KEY: 'k'.repeat(32),
      XDG_STATE_HOME: '/state',
      XDG_CACHE_HOME: '/cache',
      CI: 'TRUE',
      AVENIR_MCP_REQUIRE_ELICITATION: '1',
    });
    expect(c).toMatchObject({
      write: true,
      today: '2026-09-25',
      timeZone: 'America/Los_Angeles',
      logLevel: 'DEBUG',
      logFormat: 'json',
      confidenceThreshold: 0.75,
    });
    expect(c).toMatchObject({
      transport: 'http',
      port: 9000,
      host: '::1',
      updateCheck: false,
      cacheDir: '/cache/avenir-mcp',
    });
    expect(c.journalPath()).toBe('/state/avenir-mcp/journal.jsonl');
    expect(c.requireElicitation()).toBe(true);
    expect(c.httpToken?.reveal()).toBe('http-secret');
  });

  it.each(['0', 'true', 'yes', ''])('AVENIR_MCP_WRITE=%j keeps writes off', (v) => {
    expect(loadConfig({ AVENIR_MCP_WRITE: v }).write).toBe(false);
  });

  it.each([{ AVENIR_MCP_NO_UPDATE_CHECK: '1' }, { DO_NOT_TRACK: '1' }, { CI: '1' }, { CI: 'true' }])(
    '%j disables the update check',
    (env) => {
      expect(loadConfig(env).updateCheck).toBe(false);
    },
  );

  it('demo mode pins today and uses the stand-in', async () => {
    const c = loadConfig({ YNAB_API_KEY: '' }, { url: 'http://127.0.0.1:1/v1', token: 'demo' });
    expect(c.today).toBe('2026-09-25');
    expect(c.ynabUrl()).toBe('http://127.0.0.1:1/v1');
    expect((await c.token()).reveal()).toBe('demo');
    expect(loadConfig({ AVENIR_MCP_TODAY: '2026-07-01' }, { url: 'x', token: 'y' }).today).toBe('2026-07-01');
  });
});

describe('values read per request (the YNAB URL and the token)', () => {
  it.each([
    [
      'http://api.example.com/v1',
      "AVENIR_MCP_YNAB_URL must start with https:// (plain http only for 127.0.0.1 or localhost), got 'http://api.example.com/v1'.",
    ],
    [
      'ftp://127.0.0.1/v1',
      "AVENIR_MCP_YNAB_URL must start with https:// (plain http only for 127.0.0.1 or localhost), got 'ftp://127.0.0.1/v1'.",
    ],
    [
      'not a url',
      "AVENIR_MCP_YNAB_URL must start with https:// (plain http only for 127.0.0.1 or localhost), got 'not a url'.",
    ],
  ])('refuses the base URL %s', (url, message) => {
    expect(() => loadConfig({ AVENIR_MCP_YNAB_URL: url }).ynabUrl()).toThrow(message);
  });

  it.each([
    'https://ynab.example/v1/',
    'http://127.0.0.1:8080/v1',
    'http://localhost/v1',
    'http://[::1]:9/v1',
  ])('accepts %s (trailing slash stripped)', (url) => {
    expect(loadConfig({ AVENIR_MCP_YNAB_URL: url }).ynabUrl()).toBe(url.replace(/\/$/, ''));
  });

  it('reads the token lazily, from the variable or an owner-only file', async () => {
    const env: Record<string, string | undefined> = {};
    const c = loadConfig(env);
    await expect(c.token()).rejects.toThrow(
      'YNAB_API_KEY environment variable is not set (nor YNAB_API_KEY_FILE, a file holding the token)',
    );
    env.YNAB_API_KEY = ' abc ';
    expect((await c.token()).reveal()).toBe('abc');
    const dir = mkdtempSync(join(tmpdir(), 'avenir-token-'));
    const file = join(dir, 'token');
    writeFileSync(file, 'from-file\n');
    chmodSync(file, 0o600);
    env.YNAB_API_KEY = '';
    env.YNAB_API_KEY_FILE = file;
    expect((await c.token()).reveal()).toBe('from-file');
    chmodSync(file, 0o644);
    await expect(c.token()).rejects.toThrow(
      `YNAB_API_KEY_FILE is readable by other users: run chmod 600 ${file}`,
    );
    env.YNAB_API_KEY_FILE = join(dir, 'missing');
    await expect(c.token()).rejects.toThrow(/^YNAB_API_KEY_FILE cannot be read: ENOENT/);
  });

  it('never shows a secret when printed or serialised', async () => {
    const c = loadConfig({ YNAB_API_KEY: 'ynab-secret-value', AVENIR_MCP_HTTP_TOKEN: 'http-secret-value' });
    const token = await c.token();
    const shown = `${inspect(c, { depth: 5 })} ${JSON.stringify(c)} ${String(token)} ${inspect(token)}`;
    expect(shown).not.toContain('secret-value');
    expect(shown).toContain('**********');
  });
});
