/**
 * The built CLI, spawned over stdio and driven by the official client in both eras (issue: the demo
 * must list the tools, name "Demo household" and give Checking 3328.5).
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { expect } from 'vitest';
import { it } from '../helpers/fixture.js';
import { allTools } from '../../src/tools/index.js';
import { VERSION } from '../../src/version.js';
import { BUILT_MAIN, describeBuilt } from '../helpers/built.js';

const MAIN = BUILT_MAIN;
const ENV = {
  PATH: process.env.PATH ?? '',
  AVENIR_MCP_NO_UPDATE_CHECK: '1',
  HOME: process.env.HOME ?? '/tmp',
};

describeBuilt('the built CLI', () => {
  it.each([
    ['modern', { versionNegotiation: { mode: { pin: '2026-07-28' as const } } }],
    ['legacy', {}],
  ])('serves the demo plan over stdio to a %s client', async (era, options) => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [MAIN, '--demo'],
      env: ENV,
      stderr: 'pipe',
    });
    const client = new Client({ name: 'e2e', version: '1.0.0' }, options);
    await client.connect(transport);
    try {
      expect(client.getProtocolEra()).toBe(era);
      const { tools } = await client.listTools();
      // without AVENIR_MCP_WRITE: the read tools, and the rule writes, which change no YNAB data
      const listed = allTools.filter(
        (t) => t.kind === 'read' || ('keepsToServer' in t && t.keepsToServer === true),
      );
      expect(tools.map((t) => t.name)).toEqual(listed.map((t) => t.name));
      const plans = await client.callTool({ name: 'list_plans', arguments: {} });
      expect((plans.structuredContent as { result: { name: string }[] }).result[0]?.name).toBe(
        'Demo household',
      );
      const accounts = await client.callTool({
        name: 'list_accounts',
        arguments: { plan_id: 'demo-budget' },
      });
      const checking = (
        accounts.structuredContent as { result: { name: string; balance: number }[] }
      ).result.find((a) => a.name === 'Checking');
      expect(checking?.balance).toBe(3328.5);
    } finally {
      await client.close();
    }
  });

  it('serves the demo over HTTP with AVENIR_MCP_TRANSPORT=http, printing its token on stderr only', async () => {
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((r) => probe.close(() => r()));
    const child = spawn(process.execPath, [MAIN, '--demo'], {
      env: {
        ...ENV,
        AVENIR_MCP_TRANSPORT: 'http',
        AVENIR_MCP_PORT: String(port),
        AVENIR_MCP_LOG_LEVEL: 'INFO',
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    const token = await new Promise<string>((resolve, reject) => {
      child.stderr.on('data', (d: Buffer) => {
        stderr += d.toString();
        const m = /Authorization: Bearer (\S+)/.exec(stderr);
        if (m?.[1] && stderr.includes(`Starting avenir-mcp on 127.0.0.1:${port}`)) resolve(m[1]);
      });
      child.on('exit', () => reject(new Error(stderr)));
    });
    try {
      const client = new Client(
        { name: 'e2e', version: '1.0.0' },
        { versionNegotiation: { mode: { pin: '2026-07-28' } } },
      );
      await client.connect(
        new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`), {
          requestInit: { headers: { Authorization: `Bearer ${token}` } },
        }),
      );
      const plans = await client.callTool({ name: 'list_plans', arguments: {} });
      expect((plans.structuredContent as { result: { name: string }[] }).result[0]?.name).toBe(
        'Demo household',
      );
      await client.close();
      expect(stdout).toBe('');
      expect(stderr.split(token).length).toBe(2);
    } finally {
      child.kill();
    }
  });

  it('prints its version', () => {
    expect(execFileSync(process.execPath, [MAIN, '--version'], { env: ENV }).toString()).toBe(
      `avenir-mcp ${VERSION}\n`,
    );
  });

  it.each([['-h'], ['--help', '--demo'], ['--demo', '--version'], ['extra']])(
    'stops on unknown arguments %j with the usage line',
    (...args) => {
      const r = spawnSync(process.execPath, [MAIN, ...args], { env: ENV });
      expect(r.status).toBe(1);
      expect(r.stdout.toString()).toBe('');
      const err = r.stderr.toString();
      expect(err.split('\n').filter(Boolean)).toHaveLength(1);
      expect(err).toContain('--version');
      expect(err).toContain('--demo');
      expect(err).toContain('--help');
    },
  );

  it('stops on a bad configuration value with one line and exit status 1', () => {
    const r = spawnSync(process.execPath, [MAIN], { env: { ...ENV, AVENIR_MCP_TODAY: 'tomorrow' } });
    expect(r.status).toBe(1);
    expect(r.stderr.toString()).toBe("AVENIR_MCP_TODAY must be a date as YYYY-MM-DD, got 'tomorrow'.\n");
  });

  it('stops on a time zone it does not know, naming the variable and an example', () => {
    const r = spawnSync(process.execPath, [MAIN], { env: { ...ENV, AVENIR_MCP_TIME_ZONE: 'Europe/Pariss' } });
    expect(r.status).toBe(1);
    expect(r.stderr.toString()).toBe(
      "AVENIR_MCP_TIME_ZONE must be an IANA time zone such as Europe/Paris or America/Los_Angeles, got 'Europe/Pariss'.\n",
    );
  });
});
