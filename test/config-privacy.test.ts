/** AVENIR_MCP_PRIVACY_URL: unset by default; an https:// address without credentials, else one line. */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';

describe('AVENIR_MCP_PRIVACY_URL', () => {
  it('is null unless set, and keeps an https address with its path and query', () => {
    expect(loadConfig({}).privacyUrl).toBeNull();
    expect(loadConfig({ AVENIR_MCP_PRIVACY_URL: '' }).privacyUrl).toBeNull();
    expect(loadConfig({ AVENIR_MCP_PRIVACY_URL: 'https://ynab.example.net/privacy' }).privacyUrl).toBe(
      'https://ynab.example.net/privacy',
    );
    expect(
      loadConfig({ AVENIR_MCP_PRIVACY_URL: 'https://example.org/legal?p=privacy#data' }).privacyUrl,
    ).toBe('https://example.org/legal?p=privacy#data');
  });

  it.each([
    'http://ynab.example.net/privacy',
    'ynab.example.net/privacy',
    '/privacy',
    'javascript:alert(1)',
    'https://user:secret@example.net/privacy',
  ])('refuses %j with one line that says what to set', (raw) => {
    const error = (() => {
      try {
        loadConfig({ AVENIR_MCP_PRIVACY_URL: raw });
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toBe(
      `AVENIR_MCP_PRIVACY_URL must be the https:// address of your privacy policy (e.g. https://ynab.example.net/privacy), got '${raw}'.`,
    );
  });
});
