// The end-to-end benchmark (`npm run bench`): a real client against the built server, because that is
// what an agent pays for, on a plan far heavier than the demo. The stand-in serves the generated heavy plan on 127.0.0.1;
// the built server (dist/main.js) is spawned over stdio and driven by the official MCP client. Prints,
// per read tool, the YNAB requests and bytes of a cold and a warm call, latencies, the answer size and
// the server's peak RSS; then start-up time and tools/list size.
// Requests per tool are counted three ways: cold, a repeat within the freshness window, and a repeat
// after it (asked with `fresh: true`, which ends the window as its end would); then what a scripted
// 20-call conversation costs. `node bench/run.mjs --requests` runs only those counts (no latencies,
// no baselines); BENCH_MAIN=<another build's main.js> counts that build instead.
// Figures are printed, never asserted. Nothing leaves this machine.
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { startStandIn } from '../dist/demo/index.js';
import { firstCalls, httpVsStdio, minimalHttpVsStdio, startupRatio } from './baseline.mjs';
import { HEAVY_PLAN_ID as PLAN, HEAVY_TODAY, buildHeavyPlan } from './heavy-plan.mjs';
import { benchJournal } from './journal.mjs';
import { CALLS, CONVERSATION, withFresh } from './calls.mjs';
import { answerSizes } from './context.mjs';
import { writeReadmeSection } from './readme.mjs';

/** `npm run bench -- --readme` also rewrites the README's performance section from this run. */
const README = process.argv.includes('--readme');
/** `--requests`: the request counts only (cold, within the window, after it; the conversation). */
const REQUESTS_ONLY = process.argv.includes('--requests');
const load = () => loadavg()[0].toFixed(1);
const loadBefore = load();

/** Fresh server processes per tool: each one's first call is a cold sample, then the warm repeats. */
const COLD_RUNS = Math.max(1, Number(process.env.BENCH_COLD_RUNS ?? 1));
const WARM_REPEATS = 9;
/** A tool's warm repeats stop early (after at least 3) once they took this long in one process. */
const WARM_BUDGET_MS = 4_000;
/** No new tool starts after this; the whole run is stopped at the deadline. */
const LAST_START_MS = 150_000;
const DEADLINE_MS = 300_000;
const CALL_TIMEOUT_MS = 60_000;
/** The built server (`npm run bench` builds it first). */
const MAIN = process.env.BENCH_MAIN ?? fileURLToPath(new URL('../dist/main.js', import.meta.url));

const benchStart = performance.now();
const deadline = setTimeout(() => {
  process.stderr.write(`bench: stopped after ${DEADLINE_MS / 1000} s, over its time limit\n`);
  process.exit(1);
}, DEADLINE_MS);
deadline.unref();

const say = (line = '') => process.stdout.write(`${line}\n`);
const kib = (bytes) =>
  bytes === undefined ? '-' : bytes < 10_240 ? `${bytes} B` : `${Math.round(bytes / 1024)} KiB`;
const ms = (value) => (value === undefined ? '-' : value < 10 ? value.toFixed(1) : value.toFixed(0));
/** Nearest-rank percentile of the samples. */
function percentile(samples, p) {
  if (samples.length === 0) return undefined;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
/** The peak resident set of a process (VmHWM), in MiB; undefined off Linux. */
function peakRss(pid) {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmHWM:\s+(\d+) kB/m);
    return line ? Number(line[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------------
// The plan and the stand-in.

let t = performance.now();
const plan = buildHeavyPlan();
const generated = performance.now() - t;
const standIn = await startStandIn({ plan, today: HEAVY_TODAY });
// Let the stand-in compute its own month figures once, so that no tool's first call pays for them.
for (const route of [
  'accounts',
  'categories',
  'months',
  'months/current',
  'payees',
  'scheduled_transactions',
]) {
  await fetch(`${standIn.url}/plans/${PLAN}/${route}`, { headers: { Authorization: 'Bearer bench' } }).then(
    (r) => r.arrayBuffer(),
  );
}
standIn.clearRequests();

say(`avenir-mcp benchmark: the generated heavy plan, served by the stand-in on 127.0.0.1`);
say(
  `  ${plan.transactions.length} transactions, ${plan.accounts.length} accounts, ${plan.payees.length} payees, ` +
    `${plan.categories.length - 1} categories in ${plan.category_groups.length - 1} groups, ${plan.months.length} months ` +
    `(${plan.months[0]} … ${plan.months.at(-1)}), ${plan.scheduled_transactions.length} scheduled; today ${HEAVY_TODAY}; ` +
    `generated in ${ms(generated)} ms`,
);
say(
  `  Node ${process.version}, server: node dist/main.js over stdio, client: @modelcontextprotocol/client pinned to 2026-07-28`,
);

// ---------------------------------------------------------------------------------------------------
// A server process and a client.

const startups = [];

async function startServer(extraEnv = {}) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [MAIN],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      AVENIR_MCP_YNAB_URL: standIn.url,
      YNAB_API_KEY: 'bench',
      AVENIR_MCP_TODAY: HEAVY_TODAY,
      AVENIR_MCP_NO_UPDATE_CHECK: '1',
      ...extraEnv,
    },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk) => {
    stderr = `${stderr}${chunk}`.slice(-4000);
  });
  const client = new Client(
    { name: 'avenir-mcp-bench', version: '1.0.0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  const started = performance.now();
  await client.connect(transport);
  // The size of each answer as it crossed the pipe (the stdio transport writes JSON.stringify + "\n").
  const deliver = transport.onmessage;
  const session = { client, transport, lastAnswerBytes: 0, stderr: () => stderr };
  transport.onmessage = (message, ...rest) => {
    if ('result' in message || 'error' in message)
      session.lastAnswerBytes = Buffer.byteLength(JSON.stringify(message));
    deliver?.call(transport, message, ...rest);
  };
  const { tools } = await client.listTools();
  session.startupMs = performance.now() - started;
  session.toolsListBytes = session.lastAnswerBytes;
  session.tools = new Set(tools.map((tool) => tool.name));
  // a build from before `fresh` existed refuses it: its repeats are all deltas anyway
  session.takesFresh = tools.some((tool) => 'fresh' in (tool.inputSchema.properties ?? {}));
  session.pid = transport.pid;
  startups.push(session.startupMs);
  return session;
}

/** One tool call: its latency and what it cost at YNAB (requests and body bytes the stand-in sent). */
async function measure(session, name, args) {
  const requests = standIn.requests.length;
  const bytes = standIn.bytesSent();
  const started = performance.now();
  const result = await session.client.callTool({ name, arguments: args }, undefined, {
    timeout: CALL_TIMEOUT_MS,
  });
  return {
    ms: performance.now() - started,
    requests: standIn.requests.length - requests,
    bytes: standIn.bytesSent() - bytes,
    answerBytes: session.lastAnswerBytes,
    error: result.isError ? String(result.content?.[0]?.text ?? '') : undefined,
  };
}

// ---------------------------------------------------------------------------------------------------
// The runs, each tool's row printed as soon as it is measured.

const probe = await startServer();
const listed = probe.tools;
const fresh = probe.takesFresh ? withFresh : (args) => args;
const toolsListBytes = probe.toolsListBytes;
const idleRss = peakRss(probe.pid);
await probe.client.close();
const writer = await startServer({ AVENIR_MCP_WRITE: '1' });
const writeToolsListBytes = writer.toolsListBytes;
const writeTools = writer.tools.size;
await writer.client.close();

const columns = [
  ['tool', 28, 'left'],
  ['requests', 10],
  ['YNAB cold', 10],
  ['YNAB warm', 10],
  ['cold ms', 8],
  ['n', 3],
  ['warm p50', 9],
  ['warm p95', 9],
  ['answer', 9],
  ['peak RSS', 9],
];
if (COLD_RUNS > 1) columns.splice(4, 1, ['cold p50', 9], ['cold p95', 9]);
const line = (cells) =>
  cells
    .map((cell, i) => (columns[i][2] === 'left' ? cell.padEnd(columns[i][1]) : cell.padStart(columns[i][1])))
    .join(' ')
    .trimEnd();
const same = (values) =>
  values.every((v) => v === values[0]) ? String(values[0]) : `${Math.min(...values)}-${Math.max(...values)}`;
/** A tool's requests: cold / a repeat within the window / a repeat after it. */
const requestsOf = ({ cold, inWindow, warm }) =>
  [cold, inWindow, warm].map((samples) => same(samples.map((s) => s.requests))).join('/');
const median = (samples, field) =>
  percentile(
    samples.map((sample) => sample[field]),
    50,
  );

say();
say(
  `Per read tool: ${COLD_RUNS === 1 ? 'a fresh server process' : `${COLD_RUNS} fresh server processes`}; ` +
    `in ${COLD_RUNS === 1 ? 'it' : 'each'}, the first call is cold (empty caches), then one repeat at once, ` +
    (REQUESTS_ONLY
      ? 'then one repeat after the window.'
      : `then up to ${WARM_REPEATS} repeats are warm (delta sync), fewer (at least 3) once they pass ` +
        `${WARM_BUDGET_MS / 1000} s.`),
);
say(
  `  requests: YNAB requests per call: cold / a repeat within the freshness window / a repeat after it ` +
    `(the warm repeats are after it, with fresh: true). YNAB cold/warm: body bytes the stand-in sent per call (median).`,
);
say(
  COLD_RUNS === 1
    ? `  cold ms: the one cold sample (so its p50 and p95; BENCH_COLD_RUNS=3 takes more).`
    : `  cold p50/p95: over the ${COLD_RUNS} cold samples.`,
);
say(
  `  n: warm samples; warm p50/p95 over them (nearest rank), ms at the client. answer: the tool's JSON-RPC ` +
    `answer (median). peak RSS: VmHWM of the server process, MiB.`,
);
say();
say(line(columns.map(([title]) => title)));
say(line(columns.map(([, width]) => '-'.repeat(width))));

const rows = [];
const errors = [];
for (const [name, args] of CALLS) {
  if (!listed.has(name)) {
    rows.push({ name, missing: true });
    say(`${name.padEnd(28)} not implemented yet (not in tools/list): skipped`);
    continue;
  }
  if (performance.now() - benchStart > LAST_START_MS) {
    rows.push({ name, missing: true });
    say(`${name.padEnd(28)} skipped: the benchmark's time is up`);
    continue;
  }
  const cold = [];
  const inWindow = [];
  const warm = [];
  let rss = 0;
  for (let run = 0; run < COLD_RUNS; run++) {
    const session = await startServer();
    try {
      cold.push(await measure(session, name, args));
      // at once: within the freshness window (10 s) of the cold call's reads
      inWindow.push(await measure(session, name, args));
      // as after the window: each repeat asks with fresh: true
      const warmStart = performance.now();
      for (let i = 0; i < (REQUESTS_ONLY ? 1 : WARM_REPEATS); i++) {
        if (i >= 3 && performance.now() - warmStart > WARM_BUDGET_MS) break;
        warm.push(await measure(session, name, fresh(args)));
      }
      rss = Math.max(rss, peakRss(session.pid) ?? 0);
    } catch (error) {
      throw new Error(`${name}: ${error instanceof Error ? error.message : error}\n${session.stderr()}`);
    } finally {
      await session.client.close();
    }
  }
  const failed = [...cold, ...inWindow, ...warm].find((sample) => sample.error !== undefined);
  if (failed) errors.push(`${name}: ${failed.error.slice(0, 300)}`);
  rows.push({ name, args, cold, inWindow, warm, rss });
  const coldMs = cold.map((sample) => sample.ms);
  const warmMs = warm.map((sample) => sample.ms);
  say(
    line([
      failed ? `${name} (error)` : name,
      requestsOf({ cold, inWindow, warm }),
      kib(median(cold, 'bytes')),
      kib(median(warm, 'bytes')),
      ...(COLD_RUNS > 1 ? [ms(percentile(coldMs, 50)), ms(percentile(coldMs, 95))] : [ms(coldMs[0])]),
      String(warm.length),
      ms(percentile(warmMs, 50)),
      ms(percentile(warmMs, 95)),
      kib(median(warm, 'answerBytes')),
      rss ? rss.toFixed(0) : 'n/a',
    ]),
  );
}

// The scripted conversation, in one process: with the window (back to back, as a model calls), and
// with AVENIR_MCP_FRESH_SECONDS=0 (each call as it would be after the window).
async function conversation(env) {
  const session = await startServer(env);
  try {
    let total = 0;
    for (const [name, args] of CONVERSATION) total += (await measure(session, name, args)).requests;
    return total;
  } finally {
    await session.client.close();
  }
}
const talk = { window: await conversation({}), off: await conversation({ AVENIR_MCP_FRESH_SECONDS: '0' }) };
say();
say(
  `A conversation of ${CONVERSATION.length} typical calls back to back (bench/calls.mjs): ${talk.window} YNAB ` +
    `requests with the freshness window; ${talk.off} with AVENIR_MCP_FRESH_SECONDS=0 (every call after the window)`,
);
await standIn.close();
if (REQUESTS_ONLY) {
  for (const error of errors) say(`  error from ${error}`);
  say(`Benchmark time: ${((performance.now() - benchStart) / 1000).toFixed(1)} s`);
  process.exit(errors.length === 0 ? 0 : 1);
}

// ---------------------------------------------------------------------------------------------------
// Default answer sizes on both generated plans: the heavy one, and the raw-label one whose long bank
// labels and category names make the rows weigh what a real plan's do.

say();
const answers = await answerSizes({ say });

// ---------------------------------------------------------------------------------------------------
// Start-up against the minimal SDK server, first calls and HTTP, on the demo plan.

const demo = await startStandIn();
const ratio = await startupRatio(demo.url);
const first = await firstCalls(demo.url, [
  ['list_plans', {}],
  ['list_accounts', { plan_id: 'demo-budget' }],
  ['get_monthly_summary', { plan_id: 'demo-budget', month: 'current' }],
]);
const http = await httpVsStdio(demo.url, [
  'get_monthly_summary',
  { plan_id: 'demo-budget', month: 'current' },
]);
const floor = await minimalHttpVsStdio();
await demo.close();

// ---------------------------------------------------------------------------------------------------
// The summary.

const measured = rows.filter((row) => !row.missing);
const peak = Math.max(0, ...measured.map((row) => row.rss));
say();
say(
  `Start-up, spawn to the first tools/list answer (${startups.length} spawns): ` +
    `p50 ${ms(percentile(startups, 50))} ms, p95 ${ms(percentile(startups, 95))} ms`,
);
say(
  `tools/list answer: ${toolsListBytes} bytes with the ${listed.size} tools listed by default ` +
    `(${writeToolsListBytes} bytes with AVENIR_MCP_WRITE=1, ${writeTools} tools)`,
);
say(
  `Peak RSS of the server: ${idleRss === undefined ? 'n/a' : `${idleRss.toFixed(0)} MiB after start-up`}, ` +
    `${peak ? `${peak.toFixed(0)} MiB at most over the tool runs` : 'n/a over the tool runs'}`,
);
say(
  `Start-up against the minimal SDK server (33 one-line tools), alternating spawns on the demo plan: ` +
    `us p50 ${ms(ratio.ours)} ms, minimal p50 ${ms(ratio.minimal)} ms, ratio ${(ratio.ours / ratio.minimal).toFixed(2)}`,
);
say(
  `First call in a fresh process (request sent → answer, p50 of 5): ` +
    first.map(({ name, sentMs }) => `${name} ${ms(sentMs)} ms`).join(', '),
);
say(
  `  the client's callTool as a whole, its compile of every output schema included: ` +
    first.map(({ name, wholeMs }) => `${name} ${ms(wholeMs)} ms`).join(', '),
);
const pair = ({ stdioMs, httpMs }) =>
  `stdio ${ms(stdioMs)} ms, stateless HTTP ${ms(httpMs)} ms (${(httpMs / stdioMs).toFixed(2)}×, ${ms(httpMs - stdioMs)} ms more)`;
const pairsOf = ({ pairs }) => pairs.map((r) => `${r.toFixed(2)}×`).join(', ');
say(
  `A warm get_monthly_summary, bare client, p50 of 3 × 140 alternating calls after 30, each 140 in a ` +
    `fresh pair of processes: ${pair(http.bare)}; the pairs alone ${pairsOf(http.bare)}`,
);
say(`  the same through the SDK's client, p50 of 60 after 20: ${pair(http)}`);
say(
  `  the minimal SDK server (a one-line tool), bare client: ${pair(floor.bare)}; pairs ${pairsOf(floor.bare)}`,
);
say(`  the minimal SDK server, the SDK's client: ${pair(floor)}`);
say(`Tools measured: ${measured.length} of ${CALLS.length}`);
const slowest = measured
  .map((row) => [
    row.name,
    percentile(
      row.warm.map((sample) => sample.ms),
      50,
    ),
  ])
  .sort((a, b) => b[1] - a[1])[0];
const firstWorst = Math.max(...first.map(({ sentMs }) => sentMs));
say();
say(`Against the targets (load average ${loadBefore} at the start, ${load()} now):`);
say(`  start-up ${(ratio.ours / ratio.minimal).toFixed(2)}× the minimal server (≤ 1.05)`);
say(`  first call at most ${ms(firstWorst)} ms (≤ 40)`);
say(
  `  HTTP ${(http.bare.httpMs / http.bare.stdioMs).toFixed(2)}× stdio, the server's cost (≤ 1.5); ` +
    `${(http.httpMs / http.stdioMs).toFixed(2)}× through the SDK's client`,
);
say(`  peak RSS ${peak ? peak.toFixed(0) : 'n/a'} MiB (≤ 200 MB)`);
if (slowest) say(`  slowest warm p50 ${slowest[0]} ${ms(slowest[1])} ms (≤ 25)`);
say(
  `  slowest cold ${ms(Math.max(...measured.flatMap((row) => row.cold.map((sample) => sample.ms))))} ms (≤ 1500)`,
);
await benchJournal({ main: MAIN, say, ms, peakRss });
for (const error of errors) say(`  error from ${error}`);
if (README) {
  const label = ([name, args]) =>
    name === 'get_spending_trends' ? `${name} (${args.months_count} months)` : name;
  writeReadmeSection(fileURLToPath(new URL('../README.md', import.meta.url)), {
    date: new Date().toISOString().slice(0, 10),
    node: process.version,
    cores: availableParallelism(),
    load: { before: loadBefore, after: load() },
    plan: {
      transactions: plan.transactions.length,
      accounts: plan.accounts.length,
      payees: plan.payees.length,
      categories: plan.categories.length - 1,
      months: plan.months.length,
      scheduled: plan.scheduled_transactions.length,
    },
    rows: measured.map((row) => ({
      name: label([row.name, row.args]),
      requests: requestsOf(row),
      coldBytes: median(row.cold, 'bytes'),
      warmBytes: median(row.warm, 'bytes'),
      coldMs: percentile(
        row.cold.map((s) => s.ms),
        50,
      ),
      warmP50: percentile(
        row.warm.map((s) => s.ms),
        50,
      ),
      warmP95: percentile(
        row.warm.map((s) => s.ms),
        95,
      ),
      answerBytes: median(row.warm, 'answerBytes'),
      rss: row.rss,
    })),
    ratio,
    first,
    http,
    floor,
    toolsList: {
      readBytes: toolsListBytes,
      readTools: listed.size,
      allBytes: writeToolsListBytes,
      allTools: writeTools,
    },
    idleRss,
    peakRss: peak,
    answers,
    conversation: { calls: CONVERSATION.length, ...talk },
  });
  say('README.md: the performance section now shows this run.');
}
say(`Benchmark time: ${((performance.now() - benchStart) / 1000).toFixed(1)} s`);
clearTimeout(deadline);
