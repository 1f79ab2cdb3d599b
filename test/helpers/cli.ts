/**
 * Helpers for tests that start the server as a separate process (the built CLI, the installed npm
 * package, the unpacked desktop bundle) and drive it with the official client over stdio.
 */
import { connect as connectSocket } from 'node:net';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

/**
 * The environment a host would give: this machine's, without npm's own variables (so that an `npx`
 * started from a test that `npm test` runs does not take this repository for its project), without
 * this repository's node_modules/.bin on PATH, without any avenir-mcp or YNAB setting of the
 * developer's shell, and with the update check off.
 */
export function hostEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value !== undefined && !/^(npm_|AVENIR_MCP_|YNAB_|INIT_CWD$)/i.test(name)) env[name] = value;
  }
  env.PATH = (process.env.PATH ?? '')
    .split(':')
    .filter((dir) => !dir.includes('node_modules/.bin'))
    .join(':');
  return { ...env, AVENIR_MCP_NO_UPDATE_CHECK: '1', ...extra };
}

/** Resolves true when something accepts a connection on the loopback port, false when refused. */
export function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connectSocket({ host: '127.0.0.1', port });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

export interface Launched {
  client: Client;
  transport: StdioClientTransport;
  stderr(): string;
}

export interface LaunchOptions {
  env?: Record<string, string>;
  cwd?: string;
  /** The client declares elicitation and answers every question with this. */
  answer?: unknown;
}

/** Starts `command args` as a stdio MCP server and connects the official client (2025 era by default). */
export async function launch(
  command: string,
  args: string[],
  options: LaunchOptions = {},
): Promise<Launched> {
  const transport = new StdioClientTransport({
    command,
    args,
    env: options.env ?? hostEnv(),
    stderr: 'pipe',
    ...(options.cwd ? { cwd: options.cwd } : {}),
  });
  let stderr = '';
  transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const capabilities = options.answer ? { elicitation: { form: {} } } : {};
  const client = new Client({ name: 'e2e', version: '1.0.0' }, { capabilities });
  if (options.answer) client.setRequestHandler('elicitation/create', async () => options.answer as never);
  await client.connect(transport);
  return { client, transport, stderr: () => stderr };
}

/** The demo over stdio with INFO logs, and the port its stand-in listens on (read from the log). */
export async function launchDemo(
  command: string,
  args: string[],
  options: { cwd?: string } = {},
): Promise<Launched & { port: number }> {
  const launched = await launch(command, args, {
    ...options,
    env: hostEnv({ AVENIR_MCP_LOG_LEVEL: 'INFO' }),
  });
  const deadline = Date.now() + 10_000;
  const portInLog = (): string | undefined =>
    /stand-in serves the demo plan at http:\/\/127\.0\.0\.1:(\d+)\//.exec(launched.stderr())?.[1];
  while (!portInLog()) {
    if (Date.now() > deadline) throw new Error(`no stand-in port in the log:\n${launched.stderr()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return { ...launched, port: Number(portInLog()) };
}

/**
 * Closes the client as hosts do (stdin first; the SDK sends SIGTERM only after 2 s) and returns how
 * long the server took to go: the transport's close resolves once every process holding the pipes
 * has exited, so a server that outlives a launcher such as npx still counts.
 */
export async function closeAndTime(client: Client): Promise<number> {
  const started = performance.now();
  await client.close();
  return performance.now() - started;
}

/** The `result` of a tool's structured content. */
export const resultOf = <T>(r: { structuredContent?: unknown }): T =>
  (r.structuredContent as { result: T }).result;
