/** The extension's checkboxes become the server's exactly-`1` switches; nothing else turns them on. */
import { describe, expect, it } from 'vitest';
import { applyBundleSettings } from '../src/bundle-settings.js';

const run = (env: Record<string, string>): Record<string, string | undefined> => {
  const copy: Record<string, string | undefined> = { ...env };
  applyBundleSettings(copy);
  return copy;
};

describe('applyBundleSettings', () => {
  it.each([
    ['true', '1'],
    ['TRUE', '1'],
    ['1', '1'],
    ['false', undefined],
    ['', undefined],
    ['yes', undefined],
    ['${user_config.allow_changes}', undefined],
  ])('maps the changes checkbox %j to AVENIR_MCP_WRITE=%j', (value, expected) => {
    const env = run({ AVENIR_MCP_BUNDLE_WRITE: value, AVENIR_MCP_BUNDLE_REQUIRE_ELICITATION: value });
    expect(env.AVENIR_MCP_WRITE).toBe(expected);
    expect(env.AVENIR_MCP_REQUIRE_ELICITATION).toBe(expected);
    expect(env).not.toHaveProperty('AVENIR_MCP_BUNDLE_WRITE');
    expect(env).not.toHaveProperty('AVENIR_MCP_BUNDLE_REQUIRE_ELICITATION');
  });

  it('lets an unticked box win over a switch left in the user environment', () => {
    const env = run({ AVENIR_MCP_WRITE: '1', AVENIR_MCP_BUNDLE_WRITE: 'false' });
    expect(env).not.toHaveProperty('AVENIR_MCP_WRITE');
    expect(run({ AVENIR_MCP_WRITE: '1' })).not.toHaveProperty('AVENIR_MCP_WRITE');
  });

  it('keeps a given token and drops one Desktop left as a placeholder', () => {
    expect(run({ YNAB_API_KEY: 'abc' }).YNAB_API_KEY).toBe('abc');
    expect(run({ YNAB_API_KEY: '${user_config.ynab_api_key}' })).not.toHaveProperty('YNAB_API_KEY');
  });
});
