/**
 * The built CLI over stdio, fed what a careless or hostile client sends: malformed lines are a WARNING
 * on one line without a stack, and a message over the size limit is answered with an error (its id
 * kept) instead of ending the server, which then still answers.
 */
import { spawn } from 'node:child_process';
import { expect } from 'vitest';
import { it } from '../helpers/fixture.js';
import { BUILT_MAIN, describeBuilt } from '../helpers/built.js';

const MAIN = BUILT_MAIN;
const ENV = {
  PATH: process.env.PATH ?? '',
  AVENIR_MCP_NO_UPDATE_CHECK: '1',
  HOME: process.env.HOME ?? '/tmp',
};
const INIT = {
  jsonrpc: '2.0',
  id: 9,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
};

describeBuilt('the built CLI over stdio', () => {
  it('logs malformed messages as one-line WARNINGs and survives a message over the limit', async () => {
    const child = spawn(process.execPath, [MAIN, '--demo'], { env: ENV });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    try {
      child.stdin.write('["not", "a", "message"]\n');
      child.stdin.write('{"jsonrpc":"2.0","method":5}\n');
      // 12 MB in chunks: over our limit and over the SDK's own 10 MB, which used to end the server
      child.stdin.write(
        '{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"x","arguments":{"a":"',
      );
      const chunk = 'a'.repeat(1024 * 1024);
      for (let i = 0; i < 12; i++) child.stdin.write(chunk);
      child.stdin.write('"}}}\n');
      child.stdin.write(`${JSON.stringify(INIT)}\n`);
      await expect.poll(() => stdout.includes('"id":9'), { timeout: 20_000 }).toBe(true);
      const answers = stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { id: unknown; error?: { code: number; message: string } });
      expect(answers.find((a) => a.id === 7)?.error).toEqual({
        code: -32600,
        message: 'Request too large: one message may hold at most 4 MB. Send fewer items per call.',
      });
      expect(answers.find((a) => a.id === 9)).toMatchObject({
        result: { serverInfo: { name: 'avenir-mcp' } },
      });
      const lines = stderr.trim().split('\n');
      expect(lines.length).toBeGreaterThanOrEqual(3);
      for (const line of lines) expect(line).toMatch(/^WARNING:transport:A client message was refused: /);
      expect(stderr).not.toMatch(/^\s+at /m);
      expect(stderr).not.toContain('ERROR');
      expect(child.exitCode).toBeNull();
    } finally {
      child.kill();
      await exited;
    }
  });
});
