/** AVENIR_MCP_RETENTION_DAYS: 90 by default, a whole number of days from 1 to 3650, else one line. */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, RETENTION_DAYS } from '../src/config.js';

describe('AVENIR_MCP_RETENTION_DAYS', () => {
  it('keeps undo records 90 days unless set, and takes a whole number of days', () => {
    expect(RETENTION_DAYS).toBe(90);
    expect(loadConfig({}).store.retentionDays).toBe(90);
    expect(loadConfig({ AVENIR_MCP_RETENTION_DAYS: '' }).store.retentionDays).toBe(90);
    expect(loadConfig({ AVENIR_MCP_RETENTION_DAYS: '1' }).store.retentionDays).toBe(1);
    expect(loadConfig({ AVENIR_MCP_RETENTION_DAYS: '365' }).store.retentionDays).toBe(365);
    expect(loadConfig({ AVENIR_MCP_RETENTION_DAYS: '3650' }).store.retentionDays).toBe(3650);
  });

  it.each(['0', '-5', '3651', '30.5', '1e3', ' 30', 'ninety', '90d'])('refuses %j with one line', (raw) => {
    const error = (() => {
      try {
        loadConfig({ AVENIR_MCP_RETENTION_DAYS: raw });
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toBe(
      `AVENIR_MCP_RETENTION_DAYS must be a whole number of days from 1 to 3650 (how long hosted mode keeps what undo needs), got '${raw}'.`,
    );
  });
});
