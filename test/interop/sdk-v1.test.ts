/**
 * Interoperability with the TypeScript SDK v1 client (`@modelcontextprotocol/sdk`, 2025 revisions
 * only), what most hosts are built on: the built CLI on the demo plan, over stdio and over HTTP with
 * the bearer token. The v1 client validates every structured answer against the tool's output schema
 * itself; each read tool is called, and one write is confirmed in each way a v1 client can confirm:
 * the elicitation dialog, and, for a client without one, the single-use code.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE, READ_TOOLS } from '../helpers/catalogue.js';
import { READ_CALLS } from '../helpers/read-calls.js';
import { BUILT_MAIN, describeBuilt } from '../helpers/built.js';

const MAIN = BUILT_MAIN;
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'avenir-v1-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const env = (journal: string): Record<string, string> => ({
  PATH: process.env.PATH ?? '',
  HOME: dir,
  AVENIR_MCP_NO_UPDATE_CHECK: '1',
  AVENIR_MCP_WRITE: '1',
  AVENIR_MCP_JOURNAL: journal,
});

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((r) => probe.close(() => r()));
  return port;
}

/** The built CLI over HTTP: the child, its URL and the token it printed. */
async function startHttp(journal: string): Promise<{ child: ChildProcess; url: URL; token: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, [MAIN, '--demo'], {
    env: {
      ...env(journal),
      AVENIR_MCP_TRANSPORT: 'http',
      AVENIR_MCP_PORT: String(port),
      AVENIR_MCP_LOG_LEVEL: 'INFO',
    },
  });
  let stderr = '';
  const token = await new Promise<string>((resolve, reject) => {
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
      const m = /Authorization: Bearer (\S+)/.exec(stderr);
      if (m?.[1] && stderr.includes(`Starting avenir-mcp on 127.0.0.1:${port}`)) resolve(m[1]);
    });
    child.on('exit', () => reject(new Error(stderr)));
  });
  // "Starting" is logged just before the socket listens: wait until it accepts connections.
  for (let i = 0; i < 100 && !(await accepts(port)); i++) await new Promise((r) => setTimeout(r, 50));
  return { child, url: new URL(`http://127.0.0.1:${port}/mcp`), token };
}

const accepts = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

type Mode = 'stdio' | 'http';

/** A v1 client connected to a fresh CLI; with `elicit`, it declares elicitation and answers yes. */
async function open(mode: Mode, elicit: boolean, journal: string) {
  const client = new Client(
    { name: 'v1-interop', version: '1.0.0' },
    { capabilities: elicit ? { elicitation: {} } : {} },
  );
  const questions: string[] = [];
  if (elicit)
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      questions.push(request.params.message);
      return { action: 'accept', content: { value: true } };
    });
  if (mode === 'stdio') {
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [MAIN, '--demo'],
        env: env(journal),
        stderr: 'pipe',
      }),
    );
    return { client, questions, close: () => client.close() };
  }
  const { child, url, token } = await startHttp(journal);
  await client.connect(
    new StreamableHTTPClientTransport(url, {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    }),
  );
  return { client, questions, close: async () => (await client.close(), void child.kill()) };
}

const BUDGET = { plan_id: 'demo-budget', month: '2026-09-01', category_id: 'cat-restaurants', amount: 175 };
const balances = { plan_id: 'demo-budget', month: '2026-09-01' };

describeBuilt('the SDK v1 client against the built CLI', () => {
  describe.each<Mode>(['stdio', 'http'])('over %s', (mode) => {
    it('lists the tools and validates the answer of every read tool', { timeout: 60_000 }, async () => {
      const s = await open(mode, false, join(dir, `${mode}-reads.jsonl`));
      try {
        expect(s.client.getServerVersion()).toMatchObject({
          name: 'avenir-mcp',
          title: 'avenir-mcp for YNAB',
        });
        const { tools } = await s.client.listTools();
        expect(tools).toHaveLength(CATALOGUE.size);
        expect(Object.keys(READ_CALLS).sort()).toEqual([...READ_TOOLS].sort());
        for (const [name, args] of Object.entries(READ_CALLS)) {
          // callTool checks structuredContent against the listed outputSchema (the v1 client's Ajv)
          const result = await s.client.callTool({ name, arguments: args });
          expect(result.isError, `${name}: ${JSON.stringify(result.content)}`).toBeFalsy();
          expect(result.structuredContent, name).toBeTypeOf('object');
        }
        const prompts = await s.client.listPrompts();
        expect(prompts.prompts.map((p) => p.title)).toContain('Reconcile an account');
        const plans = await s.client.readResource({ uri: 'ynab://plans' });
        const text = (plans.contents[0] as { text: string }).text;
        expect((JSON.parse(text) as { plan_id: string }[])[0]?.plan_id).toBe('demo-budget');
      } finally {
        await s.close();
      }
    });

    it('confirms a write through the elicitation dialog', { timeout: 60_000 }, async () => {
      const journal = join(dir, `${mode}-elicit.jsonl`);
      const s = await open(mode, true, journal);
      try {
        const result = await s.client.callTool({ name: 'set_category_budget', arguments: BUDGET });
        expect(result.structuredContent).toMatchObject({ status: 'applied', to_amount: 175 });
        expect(s.questions).toHaveLength(1);
        expect(s.questions[0]).toContain('Restaurants');
        const after = await s.client.callTool({ name: 'get_category_balances', arguments: balances });
        expect(JSON.stringify(after.structuredContent)).toContain('"budgeted":175');
        const { operation_id } = result.structuredContent as { operation_id: string };
        expect(readFileSync(journal, 'utf8')).toContain(operation_id);
      } finally {
        await s.close();
      }
    });

    it(
      'confirms a write with the single-use code when the client cannot ask',
      { timeout: 60_000 },
      async () => {
        const journal = join(dir, `${mode}-code.jsonl`);
        const s = await open(mode, false, journal);
        try {
          const first = await s.client.callTool({ name: 'set_category_budget', arguments: BUDGET });
          const preview = first.structuredContent as { status: string; confirmation: string };
          expect(preview.status).toBe('confirmation_required');
          expect(existsSync(journal)).toBe(false);
          const second = await s.client.callTool({
            name: 'set_category_budget',
            arguments: { ...BUDGET, confirmation: preview.confirmation },
          });
          expect(second.structuredContent).toMatchObject({ status: 'applied', to_amount: 175 });
          expect(readFileSync(journal, 'utf8').trim().split('\n')).toHaveLength(1);
        } finally {
          await s.close();
        }
      },
    );
  });
});
