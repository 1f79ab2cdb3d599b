/**
 * prom-client is an optional peer dependency: an install without it that asks for metrics stops with
 * a message saying what to install, before anything listens.
 */
import { describe, expect, it, vi } from 'vitest';
import { ConfigError } from '../../src/config.js';

vi.mock('prom-client', () => {
  throw new Error("Cannot find package 'prom-client'");
});

describe('metrics without prom-client', () => {
  it('stop the start with what to install', async () => {
    // the files of a worker share their modules: load the metrics module afresh, under the mock
    vi.resetModules();
    const { startMetrics } = await import('../../src/metrics/prometheus.js');
    await expect(startMetrics({ host: '127.0.0.1', port: 0 })).rejects.toThrow(
      new ConfigError(
        'AVENIR_MCP_METRICS_PORT needs the prom-client package, an optional peer dependency of avenir-mcp: install it beside avenir-mcp (npm install prom-client), or unset AVENIR_MCP_METRICS_PORT.',
      ),
    );
  });
});
