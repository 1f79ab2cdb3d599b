/**
 * The MCP Inspector CLI (2.12.0, a client built by the protocol's maintainers) against the built CLI on
 * the demo plan, in both protocol eras: it lists every tool, resource, template and prompt, reads every
 * resource, gets every prompt and calls every read tool; each answer must be a result, never an error.
 * `npm run inspect` runs this file alone (after a build); `npm test` runs it with the rest.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prompts } from '../../src/context/prompts.js';
import { READ_CALLS } from '../helpers/read-calls.js';
import { binOf, node22 } from '../tooling/node22.js';
import { BUILT_MAIN, describeBuilt } from '../helpers/built.js';

const MAIN = BUILT_MAIN;
const INSPECTOR = binOf('@modelcontextprotocol/inspector/clients/launcher/build/index.js');
const PROMPT_ARGS: Record<string, string> = {
  plan_id: 'demo-budget',
  month: 'current',
  account_id: 'acc-checking',
  bank_balance: '3328.50',
};

let home: string;
beforeAll(() => {
  home = mkdtempSync(join(tmpdir(), 'avenir-inspector-'));
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

interface Outcome {
  code: number | null;
  result: Record<string, unknown>;
  stderr: string;
}

/** One Inspector CLI call: it spawns the built CLI (`--demo`) over stdio and prints one JSON object. */
function inspect(era: string, args: string[]): Promise<Outcome> {
  return new Promise((resolve) => {
    const child = spawn(
      node22(),
      [
        INSPECTOR,
        '--cli',
        '-q',
        '--protocol-era',
        era,
        process.execPath,
        MAIN,
        '--demo',
        ...args,
        '--format',
        'json',
      ],
      {
        env: {
          PATH: process.env.PATH ?? '',
          HOME: home,
          MCP_CATALOG_PATH: join(home, 'catalog.json'),
          AVENIR_MCP_NO_UPDATE_CHECK: '1',
        },
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => {
      let parsed: { result?: Record<string, unknown> } = {};
      try {
        parsed = JSON.parse(stdout) as typeof parsed;
      } catch {
        // left empty: the assertion on `result` reports stdout and stderr
      }
      resolve({ code, result: parsed.result ?? {}, stderr: `${stderr}\n${stdout}` });
    });
  });
}

/** Runs the calls two at a time (the machines have two cores). */
async function all<T>(jobs: (() => Promise<T>)[]): Promise<T[]> {
  const results: T[] = [];
  const queue = jobs.map((job, i) => ({ job, i }));
  const worker = async (): Promise<void> => {
    for (let next = queue.shift(); next; next = queue.shift()) results[next.i] = await next.job();
  };
  await Promise.all([worker(), worker()]);
  return results;
}

const ok = (outcome: Outcome, what: string): Record<string, unknown> => {
  expect(outcome.code, `${what}: ${outcome.stderr}`).toBe(0);
  return outcome.result;
};

describeBuilt('the MCP Inspector CLI on the demo plan', () => {
  describe.each(['legacy', 'modern'])('%s era', (era) => {
    it('lists tools, resources, templates and prompts', { timeout: 120_000 }, async () => {
      const [tools, resources, templates, listed] = await all(
        ['tools/list', 'resources/list', 'resources/templates/list', 'prompts/list'].map(
          (method) => () => inspect(era, ['--method', method]),
        ),
      );
      const names = (ok(tools!, 'tools/list').tools as { name: string }[]).map((t) => t.name);
      // without AVENIR_MCP_WRITE: the read tools, and the rule writes, which change no YNAB data
      expect(names.sort()).toEqual([...Object.keys(READ_CALLS), 'set_rule', 'delete_rule'].sort());
      const uris = (ok(resources!, 'resources/list').resources as { uri: string }[]).map((r) => r.uri);
      expect(uris).toEqual(['avenir-mcp://guide', 'ynab://plans']);
      const patterns = ok(templates!, 'templates').resourceTemplates as { uriTemplate: string }[];
      expect(patterns.map((t) => t.uriTemplate)).toEqual([
        'ynab://plans/{plan_id}/categories',
        'ynab://plans/{plan_id}/accounts',
        'avenir-mcp://digest/{plan_id}',
        'avenir-mcp://rules/{plan_id}',
      ]);
      const promptNames = (ok(listed!, 'prompts/list').prompts as { name: string }[]).map((p) => p.name);
      expect(promptNames).toEqual(prompts.map((p) => p.name));
    });

    it('reads every resource and gets every prompt', { timeout: 120_000 }, async () => {
      const uris = [
        'avenir-mcp://guide',
        'ynab://plans',
        'ynab://plans/demo-budget/categories',
        'ynab://plans/demo-budget/accounts',
        'avenir-mcp://digest/demo-budget',
      ];
      const reads = await all(
        uris.map((uri) => () => inspect(era, ['--method', 'resources/read', '--uri', uri])),
      );
      reads.forEach((read, i) => {
        const contents = ok(read, uris[i]!).contents as { uri: string; text: string }[];
        expect(contents[0]?.uri).toBe(uris[i]);
        expect(contents[0]?.text.length, uris[i]).toBeGreaterThan(20);
      });
      const gets = await all(
        prompts.map((p) => () => {
          const args = Object.keys(p.args).map((k) => `${k}=${PROMPT_ARGS[k]}`);
          return inspect(era, ['--method', 'prompts/get', '--prompt-name', p.name, '--prompt-args', ...args]);
        }),
      );
      gets.forEach((got, i) => {
        const messages = ok(got, prompts[i]!.name).messages as { content: { text: string } }[];
        expect(messages[0]?.content.text).toContain("plan_id: 'demo-budget'");
      });
    });

    it('calls every read tool', { timeout: 300_000 }, async () => {
      const calls = Object.entries(READ_CALLS);
      const outcomes = await all(
        calls.map(
          ([name, args]) =>
            () =>
              inspect(era, [
                '--method',
                'tools/call',
                '--tool-name',
                name,
                '--tool-args-json',
                JSON.stringify(args),
              ]),
        ),
      );
      outcomes.forEach((outcome, i) => {
        const result = ok(outcome, calls[i]![0]);
        expect(result.isError, calls[i]![0]).toBeUndefined();
        expect(result.structuredContent, calls[i]![0]).toBeTypeOf('object');
      });
    });
  });
});
