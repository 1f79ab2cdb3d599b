/**
 * The built CLI refuses a listen address other machines can reach unless AVENIR_MCP_ALLOW_REMOTE_HOST=1
 * allows it, and then warns that the bearer token travels in clear without TLS.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { it } from '../helpers/fixture.js';
import { BUILT_MAIN, describeBuilt } from '../helpers/built.js';

const MAIN = BUILT_MAIN;
const ENV = {
  PATH: process.env.PATH ?? '',
  AVENIR_MCP_NO_UPDATE_CHECK: '1',
  HOME: process.env.HOME ?? '/tmp',
  AVENIR_MCP_TRANSPORT: 'http',
};

const freePort = async (): Promise<number> => {
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((r) => probe.close(() => r()));
  return port;
};

describeBuilt('AVENIR_MCP_HOST', () => {
  it.for(['0.0.0.0', '192.168.1.20', '::'])('%s stops start-up with one line', (host) => {
    const run = spawnSync(process.execPath, [MAIN, '--demo'], {
      env: { ...ENV, AVENIR_MCP_HOST: host },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toBe(
      `AVENIR_MCP_HOST=${host} would let other machines reach the server over plain HTTP, where the bearer token travels in clear: keep 127.0.0.1, or set AVENIR_MCP_ALLOW_REMOTE_HOST=1 behind a TLS proxy.\n`,
    );
  });

  it('127.0.0.2 is loopback and starts without a warning', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, [MAIN, '--demo'], {
      env: {
        ...ENV,
        AVENIR_MCP_HOST: '127.0.0.2',
        AVENIR_MCP_PORT: String(port),
        AVENIR_MCP_LOG_LEVEL: 'INFO',
      },
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    try {
      await expect.poll(() => stderr.includes('Starting avenir-mcp'), { timeout: 20_000 }).toBe(true);
      expect(stderr).not.toContain('WARNING');
    } finally {
      child.kill();
    }
  });

  it('with AVENIR_MCP_ALLOW_REMOTE_HOST=1 starts and warns that the token travels in clear', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, [MAIN, '--demo'], {
      env: {
        ...ENV,
        AVENIR_MCP_HOST: '0.0.0.0',
        AVENIR_MCP_ALLOW_REMOTE_HOST: '1',
        AVENIR_MCP_PORT: String(port),
      },
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    try {
      await expect.poll(() => stderr.includes('Authorization: Bearer'), { timeout: 20_000 }).toBe(true);
      expect(stderr).toContain(
        "WARNING:main:AVENIR_MCP_HOST=0.0.0.0 is reachable from other machines over plain HTTP: the bearer token and your plan's data travel in clear unless a TLS proxy is in front.\n",
      );
    } finally {
      child.kill();
    }
  });
});
