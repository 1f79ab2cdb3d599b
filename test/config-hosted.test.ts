/** Hosted mode's settings (AVENIR_MCP_AUTH=ynab): each missing or bad value stops start-up with one line. */
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_YNAB_OAUTH_URL, DEMO_CLIENT_ID, loadConfig } from '../src/config.js';

const HOSTED = {
  AVENIR_MCP_TRANSPORT: 'http',
  AVENIR_MCP_AUTH: 'ynab',
  AVENIR_MCP_PUBLIC_URL: 'https://ynab.example.net',
  AVENIR_MCP_YNAB_CLIENT_ID: 'client-123',
  AVENIR_MCP_YNAB_CLIENT_SECRET_FILE: '/run/secrets/ynab-client-secret',
};

describe('hosted mode configuration', () => {
  it('reads the application, with YNAB as the default OAuth origin', () => {
    const config = loadConfig(HOSTED);
    expect(config.auth).toBe('ynab');
    expect(config.publicUrl).toBe('https://ynab.example.net');
    expect(config.ynabOAuth).toEqual({
      clientId: 'client-123',
      clientSecretFile: '/run/secrets/ynab-client-secret',
      url: DEFAULT_YNAB_OAUTH_URL,
    });
  });

  it('takes another OAuth origin, https or loopback http, as an origin', () => {
    expect(
      loadConfig({ ...HOSTED, AVENIR_MCP_YNAB_OAUTH_URL: 'http://127.0.0.1:4000/' }).ynabOAuth?.url,
    ).toBe('http://127.0.0.1:4000');
  });

  it('reads nothing of the application in other modes', () => {
    const rest: Record<string, string | undefined> = { ...HOSTED };
    delete rest.AVENIR_MCP_AUTH;
    expect(loadConfig(rest).ynabOAuth).toBeNull();
    expect(loadConfig({ ...rest, AVENIR_MCP_AUTH: 'oauth' }).ynabOAuth).toBeNull();
  });

  it.each([
    [
      { AVENIR_MCP_YNAB_CLIENT_ID: '' },
      "AVENIR_MCP_AUTH=ynab needs AVENIR_MCP_YNAB_CLIENT_ID, the client id of your YNAB OAuth application (YNAB's Developer Settings).",
    ],
    [
      { AVENIR_MCP_YNAB_CLIENT_ID: 'two words' },
      "AVENIR_MCP_YNAB_CLIENT_ID must be the client id alone (visible characters, no space), got 'two words'.",
    ],
    [
      { AVENIR_MCP_YNAB_CLIENT_SECRET_FILE: '' },
      'AVENIR_MCP_AUTH=ynab needs AVENIR_MCP_YNAB_CLIENT_SECRET_FILE, a chmod 600 file holding the client secret of your YNAB OAuth application.',
    ],
    [
      { AVENIR_MCP_YNAB_OAUTH_URL: 'http://app.ynab.com' },
      "AVENIR_MCP_YNAB_OAUTH_URL must be the https:// origin of YNAB's OAuth endpoints (scheme and host only, e.g. https://app.ynab.com; plain http only for 127.0.0.1 or localhost), got 'http://app.ynab.com'.",
    ],
    [
      { AVENIR_MCP_YNAB_OAUTH_URL: 'https://app.ynab.com/oauth' },
      "AVENIR_MCP_YNAB_OAUTH_URL must be the https:// origin of YNAB's OAuth endpoints (scheme and host only, e.g. https://app.ynab.com; plain http only for 127.0.0.1 or localhost), got 'https://app.ynab.com/oauth'.",
    ],
    [
      { AVENIR_MCP_PUBLIC_URL: '' },
      'AVENIR_MCP_AUTH=ynab needs AVENIR_MCP_PUBLIC_URL, the https:// address clients reach (e.g. https://ynab.example.net).',
    ],
    [
      { AVENIR_MCP_TRANSPORT: 'stdio' },
      'AVENIR_MCP_AUTH=ynab needs AVENIR_MCP_TRANSPORT=http (OAuth is for remote clients).',
    ],
  ])('%j stops start-up', (change, message) => {
    expect(() => loadConfig({ ...HOSTED, ...change })).toThrow(new ConfigError(message));
  });

  it('keeps AVENIR_MCP_HOST to the rule of remote mode (no plain-HTTP exception is asked)', () => {
    expect(loadConfig({ ...HOSTED, AVENIR_MCP_HOST: '0.0.0.0' }).remoteHost).toBe(false);
  });

  it('in --demo needs no application of its own: HTTP on loopback, the stand-in as YNAB', () => {
    const config = loadConfig(
      { AVENIR_MCP_AUTH: 'ynab', AVENIR_MCP_PORT: '8200' },
      { url: 'http://127.0.0.1:4100/v1', token: 'demo-token' },
    );
    expect(config.transport).toBe('http');
    expect(config.publicUrl).toBe('http://127.0.0.1:8200');
    expect(config.ynabOAuth).toEqual({
      clientId: DEMO_CLIENT_ID,
      clientSecretFile: null,
      url: 'http://127.0.0.1:4100',
    });
  });
});
