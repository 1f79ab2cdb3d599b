/**
 * The bundled CLI lists the schemas the build computed (src/mcp/listed-schemas.ts) instead of
 * converting them at start-up: its tools/list must be exactly what the server lists when it converts
 * them itself, every tool, with writes on and for a client that renders MCP Apps.
 */
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { describe, expect } from 'vitest';
import { it } from '../helpers/fixture.js';
import { connect } from '../helpers/harness.js';
import { allTools } from '../../src/tools/index.js';
import { listedTable } from '../../src/mcp/listed-schemas.js';
import { BUILT_MAIN, describeBuilt } from '../helpers/built.js';

const MAIN = BUILT_MAIN;
const APPS = { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } };

describe('the table the build embeds', () => {
  it("holds each tool's schemas as tools/list advertises them", async ({ h }) => {
    const table = listedTable(allTools);
    const s = await connect(h, 'modern', { env: { AVENIR_MCP_WRITE: '1' } });
    const { tools } = await s.client.listTools();
    expect(Object.keys(table)).toEqual(allTools.map((t) => t.name));
    for (const tool of tools) {
      expect(table[tool.name]?.input).toEqual(tool.inputSchema);
      expect(table[tool.name]?.output).toEqual(tool.outputSchema);
    }
  });
});

describeBuilt('the bundled tool list', () => {
  it('is the list the server computes, tool for tool', async ({ h }) => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [MAIN, '--demo'],
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '/tmp',
        AVENIR_MCP_NO_UPDATE_CHECK: '1',
        AVENIR_MCP_WRITE: '1',
      },
      stderr: 'ignore',
    });
    const bundled = new Client(
      { name: 'e2e', version: '1.0.0' },
      { capabilities: APPS, versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    await bundled.connect(transport);
    try {
      const inProcess = await connect(h, 'modern', { env: { AVENIR_MCP_WRITE: '1' }, capabilities: APPS });
      const expected = (await inProcess.client.listTools()).tools;
      const listed = (await bundled.listTools()).tools;
      expect(listed.map((t) => t.name)).toEqual(expected.map((t) => t.name));
      expect(listed.length).toBeGreaterThan(40);
      for (const [i, tool] of listed.entries()) expect(tool).toEqual(expected[i]);
    } finally {
      await bundled.close();
    }
  });
});
