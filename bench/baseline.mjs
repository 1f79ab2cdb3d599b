// Start-up and first-call figures of `npm run bench`, each measured in the same run as its baseline:
// spawn → first tools/list answer of our server and of the minimal SDK server (bench/minimal-server.mjs),
// the first call of a fresh process on the demo plan (request sent → answer), and one stateless
// 2026-07-28 tools/call over HTTP against the same call over stdio, with the SDK's client and with a
// bare one. Printed, never asserted.
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { bareHttp, bareStdio } from './bare-client.mjs';

const MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));
const MINIMAL = fileURLToPath(new URL('./minimal-server.mjs', import.meta.url));
const pinned = () =>
  new Client(
    { name: 'avenir-mcp-bench', version: '1.0.0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );

const p50 = (samples) => [...samples].sort((a, b) => a - b)[Math.ceil(samples.length / 2) - 1];

function baseEnv(ynabUrl, extra = {}) {
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '/tmp',
    AVENIR_MCP_YNAB_URL: ynabUrl,
    YNAB_API_KEY: 'bench',
    AVENIR_MCP_TODAY: '2026-09-25',
    AVENIR_MCP_NO_UPDATE_CHECK: '1',
    ...extra,
  };
}

/** Spawns a stdio server; returns the client, and the time from spawn to its first tools/list answer. */
async function spawnStdio(script, env) {
  const client = pinned();
  const started = performance.now();
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [script],
    env,
    stderr: 'ignore',
  });
  await client.connect(transport);
  await client.listTools();
  return { client, transport, startupMs: performance.now() - started };
}

/** Notes the moment the client writes its first tools/call onto the transport. */
function whenCallSent(transport) {
  const mark = { at: undefined };
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    if (message.method === 'tools/call') mark.at ??= performance.now();
    return send(message, options);
  };
  return mark;
}

/** Alternating spawns of both servers, so that load on the machine falls on both alike. */
export async function startupRatio(ynabUrl, spawns = 11) {
  const ours = [];
  const minimal = [];
  for (let i = 0; i < spawns; i++) {
    for (const [script, into] of [
      [MAIN, ours],
      [MINIMAL, minimal],
    ]) {
      const { client, startupMs } = await spawnStdio(script, baseEnv(ynabUrl));
      into.push(startupMs);
      await client.close();
    }
  }
  return { ours: p50(ours), minimal: p50(minimal) };
}

/**
 * The first call of a fresh process, for each tool given (one process per sample): from the moment the
 * request is written to the server to the answer the client accepts (`sentMs`), and the client's
 * `callTool` as a whole (`wholeMs`). The two differ by what the SDK's client does before it sends a first
 * call: it compiles a validator for every listed tool's output schema, which costs it 15–40 ms on this
 * machine and none of it in the server.
 */
export async function firstCalls(ynabUrl, calls, samples = 5) {
  const out = [];
  for (const [name, args] of calls) {
    const sent = [];
    const whole = [];
    for (let i = 0; i < samples; i++) {
      const { client, transport } = await spawnStdio(MAIN, baseEnv(ynabUrl));
      const mark = whenCallSent(transport);
      const started = performance.now();
      await client.callTool({ name, arguments: args });
      const ended = performance.now();
      sent.push(ended - (mark.at ?? started));
      whole.push(ended - started);
      await client.close();
    }
    out.push({ name, sentMs: p50(sent), wholeMs: p50(whole) });
  }
  return out;
}

/** Warm-up calls before a p50 is taken: enough for the JIT to have compiled the path measured. */
const WARM_UP = 20;
/** Samples per transport. With the warm-up, under the 180 YNAB requests an hour of a process. */
const SAMPLES = 60;

/** The p50 of a warm call, once WARM_UP calls have run. */
async function timeCalls(client, [name, args], samples = SAMPLES) {
  for (let i = 0; i < WARM_UP; i++) await client.callTool({ name, arguments: args });
  const times = [];
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    await client.callTool({ name, arguments: args });
    times.push(performance.now() - started);
  }
  return p50(times);
}

/** A client connected over stateless HTTP to a server just spawned with this environment. */
async function spawnHttp(script, env, port, headers = {}) {
  const { spawn } = await import('node:child_process');
  const child = spawn(process.execPath, [script], { env, stdio: 'ignore' });
  const client = pinned();
  const url = new URL(`http://127.0.0.1:${port}/mcp`);
  for (let tries = 0; ; tries++) {
    try {
      await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers } }));
      return { client, child };
    } catch (error) {
      if (tries > 50) {
        child.kill();
        throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

const freePort = () => 20_000 + Math.floor(Math.random() * 20_000);

/** A server of `script` over stateless HTTP on a free port: `httpFor(port)` gives its environment and headers. */
async function spawnHttpOn(script, httpFor) {
  const port = freePort();
  const { env, headers } = httpFor(port);
  const { client, child } = await spawnHttp(script, env, port, headers);
  return { client, child, url: `http://127.0.0.1:${port}/mcp`, headers };
}

/**
 * The bare clients' warm-up and samples: more than the SDK client's, since the difference measured is
 * about a millisecond, and still under the 180 YNAB requests an hour of a process (a warm
 * get_monthly_summary sends one: month details are never cached).
 */
const BARE_WARM_UP = 30;
const BARE_SAMPLES = 140;
/**
 * How many pairs of fresh processes the bare figures pool. On this 2-core virtual machine, where the
 * scheduler places a pair of processes moves both transports by up to a millisecond, and that placement
 * holds for the whole life of the pair: one pair alone gave ratios from 1.33 to 1.55 on the same code.
 * Pooling three pairs' samples makes the figure one of the code rather than of where it landed.
 */
const BARE_PAIRS = 3;

/** The samples of the same warm call over each of the two bare clients, their calls alternating. */
async function alternating(bareA, bareB, [name, args]) {
  for (let i = 0; i < BARE_WARM_UP; i++) {
    await bareA.call(name, args);
    await bareB.call(name, args);
  }
  const a = [];
  const b = [];
  for (let i = 0; i < BARE_SAMPLES; i++)
    for (const [bare, into] of [
      [bareA, a],
      [bareB, b],
    ]) {
      const started = performance.now();
      await bare.call(name, args);
      into.push(performance.now() - started);
    }
  return [a, b];
}

/** One pair of fresh processes of `script` timed with the bare clients: the samples of each transport. */
async function barePair(script, call, stdioEnv, httpFor) {
  const bareOverStdio = bareStdio(script, stdioEnv);
  const http = await spawnHttpOn(script, httpFor);
  await http.client.close();
  const bareOverHttp = bareHttp(http.url, http.headers);
  try {
    return await alternating(bareOverStdio, bareOverHttp, call);
  } finally {
    bareOverHttp.close();
    bareOverStdio.close();
    http.child.kill();
  }
}

/**
 * p50 of the same warm call over stdio and over stateless HTTP, each transport its own process of
 * `script`: `stdioEnv` for the one, `httpFor(port)` giving the other's environment and headers. Twice:
 * with the SDK's client (each transport in turn), and with the bare clients of bare-client.mjs, whose
 * calls alternate so that the load of the machine falls on both transports alike. The bare figures are
 * what the server costs on each transport, pooled over BARE_PAIRS pairs of processes (each pair's own
 * ratio is kept in `pairs`); the SDK's add what its client costs on each.
 */
async function bothTransports(script, call, stdioEnv, httpFor) {
  const { client: stdio } = await spawnStdio(script, stdioEnv);
  const stdioMs = await timeCalls(stdio, call);
  await stdio.close();
  const sdkHttp = await spawnHttpOn(script, httpFor);
  let httpMs;
  try {
    httpMs = await timeCalls(sdkHttp.client, call);
    await sdkHttp.client.close();
  } finally {
    sdkHttp.child.kill();
  }
  const stdioSamples = [];
  const httpSamples = [];
  const pairs = [];
  for (let i = 0; i < BARE_PAIRS; i++) {
    const [a, b] = await barePair(script, call, stdioEnv, httpFor);
    stdioSamples.push(...a);
    httpSamples.push(...b);
    pairs.push(p50(b) / p50(a));
  }
  const bare = { stdioMs: p50(stdioSamples), httpMs: p50(httpSamples), pairs };
  return { stdioMs, httpMs, bare };
}

/** Our server: the same call over stdio and over stateless HTTP with a bearer token. */
export function httpVsStdio(ynabUrl, call) {
  const token = 'bench-http-token-0123456789abcdef';
  return bothTransports(MAIN, call, baseEnv(ynabUrl), (port) => ({
    env: baseEnv(ynabUrl, {
      AVENIR_MCP_TRANSPORT: 'http',
      AVENIR_MCP_PORT: String(port),
      AVENIR_MCP_HTTP_TOKEN: token,
    }),
    headers: { authorization: `Bearer ${token}` },
  }));
}

/**
 * The same measure on the minimal SDK server (a one-line tool, no YNAB request): what HTTP costs more
 * than stdio with the SDK's own handler and client and nothing of ours, the floor of our difference.
 */
export function minimalHttpVsStdio() {
  const env = { PATH: process.env.PATH ?? '' };
  return bothTransports(MINIMAL, ['tool_1', {}], env, (port) => ({
    env: { ...env, MINIMAL_HTTP_PORT: String(port) },
    headers: {},
  }));
}
