/**
 * AVENIR_MCP_METRICS_PORT and AVENIR_MCP_METRICS_HOST: checked at start with a message that says what
 * to fix; metrics only beside the HTTP transport, on a port other than the MCP one.
 */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

const HTTP = { AVENIR_MCP_TRANSPORT: 'http' };

describe('metrics configuration', () => {
  it('serves no metrics unless asked, and on 127.0.0.1 by default', () => {
    expect(loadConfig(HTTP).metrics).toBeNull();
    expect(loadConfig({ ...HTTP, AVENIR_MCP_METRICS_PORT: '9464' }).metrics).toEqual({
      host: '127.0.0.1',
      port: 9464,
    });
    expect(
      loadConfig({ ...HTTP, AVENIR_MCP_METRICS_PORT: '9464', AVENIR_MCP_METRICS_HOST: '0.0.0.0' }).metrics,
    ).toEqual({ host: '0.0.0.0', port: 9464 });
  });

  it.each([
    [
      { ...HTTP, AVENIR_MCP_METRICS_PORT: '99999' },
      "AVENIR_MCP_METRICS_PORT must be a port number from 1 to 65535, got '99999'.",
    ],
    [
      { ...HTTP, AVENIR_MCP_METRICS_PORT: 'nine' },
      "AVENIR_MCP_METRICS_PORT must be a port number from 1 to 65535, got 'nine'.",
    ],
    [
      { AVENIR_MCP_METRICS_PORT: '9464' },
      'AVENIR_MCP_METRICS_PORT needs AVENIR_MCP_TRANSPORT=http (metrics are for servers that run for many calls).',
    ],
    [
      { ...HTTP, AVENIR_MCP_METRICS_PORT: '8103' },
      'AVENIR_MCP_METRICS_PORT must differ from AVENIR_MCP_PORT (8103): metrics are served on a port of their own.',
    ],
  ])('refuses %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(new ConfigError(message));
  });
});
