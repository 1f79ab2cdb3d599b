/** Helpers for the write-flow tests: journals, elicitation answers, raw 2026-07-28 calls. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMcpHandler } from '@modelcontextprotocol/server';
import type { Clock } from '../../src/clock.js';
import { loadConfig } from '../../src/config.js';
import { createDeps, type Deps, type DepsOverrides } from '../../src/deps.js';
import { silentLog } from '../../src/log.js';
import { serverFactory } from '../../src/server.js';
import { Secret } from '../../src/domain/secret.js';
import { runHttp, type HttpHandle, type HttpOptions } from '../../src/transports/http.js';
import type { Harness } from './harness.js';

/** A fresh journal path in a temporary folder. */
export const tempJournal = (): string =>
  join(mkdtempSync(join(tmpdir(), 'avenir-journal-')), 'state', 'journal.jsonl');

/** An elicitation handler answering with `result` and recording the questions asked. */
export function answering(result: Record<string, unknown>): {
  questions: string[];
  handler: (req: unknown) => Promise<unknown>;
} {
  const questions: string[] = [];
  return {
    questions,
    handler: async (req: unknown) => {
      const params =
        (req as { params?: { message?: string; requestedSchema?: unknown } }).params ??
        (req as { message?: string });
      questions.push(String(params.message));
      return result;
    },
  };
}

export const ACCEPT = { action: 'accept', content: { value: true } };
export const UNTICKED = { action: 'accept', content: { value: false } };
export const DECLINE = { action: 'decline' };
export const CANCEL = { action: 'cancel' };

/** A clock whose monotonic time the test moves. */
export function fakeClock(today = '2026-09-25'): Clock & { advance(ms: number): void } {
  let t = 0;
  return {
    today: () => today,
    monotonicMs: () => t,
    now: () => new Date('2026-09-25T09:12:04.123Z'),
    advance: (ms) => {
      t += ms;
    },
  };
}

/**
 * Raw JSON-RPC over the 2026-07-28 HTTP handler, so that a test controls `inputResponses` and
 * `requestState` exactly (tampering, replays, answers without a preview).
 */
export function rawModern(
  h: Harness,
  env: Record<string, string | undefined> = {},
  overrides: DepsOverrides = {},
): {
  deps: Deps;
  call(
    name: string,
    args: Record<string, unknown>,
    extra?: Record<string, unknown>,
    caps?: Record<string, unknown>,
  ): Promise<Record<string, unknown>>;
  close(): Promise<void>;
} {
  const deps = createDeps(loadConfig({ ...h.env, ...env }), silentLog, overrides);
  const handler = createMcpHandler(serverFactory(deps), { responseMode: 'json' });
  let id = 0;
  return {
    deps,
    async call(name, args, extra = {}, caps = { elicitation: { form: {} } }) {
      const body = {
        jsonrpc: '2.0',
        id: ++id,
        method: 'tools/call',
        params: {
          name,
          arguments: args,
          ...extra,
          _meta: {
            'io.modelcontextprotocol/protocolVersion': '2026-07-28',
            'io.modelcontextprotocol/clientCapabilities': caps,
            'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
          },
        },
      };
      const response = await handler.fetch(
        new Request('http://127.0.0.1/mcp', {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            'mcp-protocol-version': '2026-07-28',
            'mcp-method': 'tools/call',
            'mcp-name': name,
          },
          body: JSON.stringify(body),
        }),
      );
      return (await response.json()) as Record<string, unknown>;
    },
    close: () => handler.close(),
  };
}

/**
 * A journal entry of the demo plan as the server writes one, applied at a fixed time with no budget
 * moves: for tests that plant an operation and then undo it.
 */
export const journalEntry = <D>(operationId: string, kind: string, details: D) => ({
  operation_id: operationId,
  plan_id: 'demo-budget',
  kind,
  applied_at: '2026-09-25T09:12:04+00:00',
  moves: [],
  details,
});

/** The same entry as a line of the journal file. */
export const journalLine = (operationId: string, kind: string, details: unknown): string =>
  `${JSON.stringify(journalEntry(operationId, kind, details))}\n`;

/**
 * A transaction as a journal entry of a delete keeps it for undo, made from a row of the stand-in:
 * its account, date and amount, no payee or category, and the memo `recreated <i>` by which a test
 * finds it once the undo has recreated it.
 */
export const deletedDetail = (t: { account_id: string; date: string; amount: number }, i: number) => ({
  transaction_id: `gone-${i}`,
  account_id: t.account_id,
  date: t.date,
  amount: t.amount,
  payee_id: null,
  payee_name: null,
  category_id: null,
  memo: `recreated ${i}`,
  cleared: 'uncleared',
  approved: true,
  flag_color: null,
  transfer_account_id: null,
  subtransactions: [],
});

/**
 * The HTTP transport on 127.0.0.1 (a free port) in front of the stand-in, with a journal of its own
 * and the given bearer token; nothing printed, errors dropped unless `options` says otherwise.
 */
export function startHttp(
  h: Harness,
  token: string,
  options: Partial<HttpOptions> = {},
): Promise<HttpHandle> {
  const deps = createDeps(loadConfig({ ...h.env, AVENIR_MCP_JOURNAL: tempJournal() }), silentLog);
  return runHttp(serverFactory(deps), {
    host: '127.0.0.1',
    port: 0,
    token: new Secret(token),
    printNotice: () => {},
    onerror: () => {},
    ...options,
  });
}
