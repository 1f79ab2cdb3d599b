/**
 * Test harness: the YNAB stand-in over loopback HTTP, the server's deps pointed at it, and real MCP
 * clients in both protocol eras (2026-07-28 and the 2025 revisions).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, InMemoryTransport, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { loadConfig } from '../../src/config.js';
import { createDeps, type Deps, type DepsOverrides } from '../../src/deps.js';
import { startStandIn, type StandIn } from '../../src/demo/index.js';
import { silentLog, type Log } from '../../src/log.js';
import { serverFactory } from '../../src/server.js';

export type Era = 'modern' | 'legacy';
export const ERAS: Era[] = ['modern', 'legacy'];

export interface Harness {
  standIn: StandIn;
  env: Record<string, string | undefined>;
  close(): Promise<void>;
}

/** Starts the stand-in once for a test file. */
export async function startHarness(): Promise<Harness> {
  const standIn = await startStandIn({ today: '2026-09-25' });
  const stateHome = mkdtempSync(join(tmpdir(), 'avenir-state-'));
  const env: Record<string, string | undefined> = {
    AVENIR_MCP_YNAB_URL: standIn.url,
    YNAB_API_KEY: 'test-token',
    AVENIR_MCP_TODAY: '2026-09-25',
    AVENIR_MCP_WRITE: '1',
    AVENIR_MCP_NO_UPDATE_CHECK: '1',
    // a lost answer is settled over a short window here (and its pauses pass at once: nextTurn)
    AVENIR_MCP_SETTLE_MS: '40',
    // a test file that names no journal gets a state folder of its own, never the user's: a pending
    // write one file leaves must not be settled (with a YNAB read) by another file's calls
    XDG_STATE_HOME: stateHome,
  };
  return {
    standIn,
    env,
    // the file's state folder goes with its stand-in: a run of the suite leaves no folder behind
    close: async () => {
      await standIn.close();
      rmSync(stateHome, { recursive: true, force: true });
    },
  };
}

export interface Session {
  client: Client;
  deps: Deps;
  close(): Promise<void>;
}

export interface ConnectOptions {
  env?: Record<string, string | undefined>;
  log?: Log;
  overrides?: DepsOverrides;
  /** The client declares elicitation and answers with this handler. */
  elicit?: (params: unknown) => Promise<unknown>;
  /** More client capabilities (e.g. the MCP Apps extension). */
  capabilities?: Record<string, unknown>;
}

/** The sessions the running test opened, closed when the test ends (the `it` of test/helpers/fixture.ts). */
let opened: Set<Session> | null = null;

/** Starts tracking the sessions a test opens; the returned function closes those still open. */
export function trackSessions(): () => Promise<void> {
  const mine = new Set<Session>();
  opened = mine;
  return async () => {
    if (opened === mine) opened = null;
    for (const s of [...mine]) await s.close();
  };
}

/** Wraps a session so that closing it twice is harmless and the fixture knows it is closed. */
function tracked(client: Client, deps: Deps, close: () => Promise<unknown>): Session {
  const owner = opened;
  let closing: Promise<void> | null = null;
  const session: Session = {
    client,
    deps,
    close: () => {
      owner?.delete(session);
      closing ??= close().then(() => undefined);
      return closing;
    },
  };
  owner?.add(session);
  return session;
}

/**
 * The pauses of a session (between the reads that settle a lost answer, before a read is tried
 * again): over at the next turn of the event loop instead of after real time, unless the test
 * gives its own. What is read and sent, and in what order, stays the same; only the waiting goes.
 */
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** A real MCP client connected to a fresh server process-state (deps) in the given era. */
export async function connect(h: Harness, era: Era, options: ConnectOptions = {}): Promise<Session> {
  const config = loadConfig({ ...h.env, ...options.env });
  const deps = createDeps(config, options.log ?? silentLog, { sleep: nextTurn, ...options.overrides });
  const factory = serverFactory(deps);
  const capabilities = {
    ...(options.elicit ? { elicitation: { form: {} } } : {}),
    ...options.capabilities,
  };
  if (era === 'modern') {
    const handler = createMcpHandler(factory);
    const client = new Client(
      { name: 'test', version: '1.0.0' },
      { capabilities, versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    if (options.elicit) client.setRequestHandler('elicitation/create', options.elicit as never);
    await client.connect(
      new StreamableHTTPClientTransport(new URL('http://127.0.0.1/mcp'), {
        fetch: (url, init) => handler.fetch(new Request(url, init)),
      }),
    );
    return tracked(client, deps, async () => (await client.close(), await handler.close()));
  }
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const server = factory({ era: 'legacy' });
  await server.connect(serverSide);
  const client = new Client({ name: 'test', version: '1.0.0' }, { capabilities });
  if (options.elicit) client.setRequestHandler('elicitation/create', options.elicit as never);
  await client.connect(clientSide);
  return tracked(client, deps, async () => (await client.close(), await server.close()));
}

/** Calls a tool and returns its raw result (errors as `isError` results). */
export async function call(s: Session, name: string, args: Record<string, unknown> = {}) {
  return s.client.callTool({ name, arguments: args });
}

/** The text of a result's single text block. */
/**
 * A tool result's structured content, as the test reads it (a record unless the test names its shape:
 * `out<Out>(r)`). One definition for every test file instead of one each.
 */
export const out = <T = Record<string, unknown>>(r: { structuredContent?: unknown }): T =>
  r.structuredContent as T;

/** The writes the stand-in received, in order, each as its method, path and body. */
export const writes = (h: Harness) => h.standIn.writes.map((w) => [w.method, w.path, w.body]);

/** The requests other than reads the stand-in received, in order, as `METHOD /path` (requestLines). */
export const writeLines = (h: Harness): string[] =>
  requestLines(h.standIn).filter((l) => !l.startsWith('GET'));

/** A journal file's lines as written, none when it does not exist yet. */
export const journalLines = (path: string): string[] =>
  existsSync(path) ? readFileSync(path, 'utf8').trim().split('\n') : [];

/** A journal file's entries, parsed. */
export const journalEntries = (path: string): unknown[] => journalLines(path).map((l) => JSON.parse(l));

export function textOf(result: { content?: unknown }): string {
  const content = result.content as { type: string; text?: string }[] | undefined;
  return content?.[0]?.text ?? '';
}

/** The YNAB requests the stand-in recorded, as `METHOD /path` without `/v1` and the plan prefix kept. */
export const requestLines = (standIn: StandIn): string[] =>
  standIn.requests.map((r) => `${r.method} ${r.path}`);
