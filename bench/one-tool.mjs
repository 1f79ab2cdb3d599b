// One read tool, many times, on the heavy plan, in one server process: the loop to profile a slow tool
// or to compare two builds of it without the whole benchmark.
//
//   npm run build && node bench/one-tool.mjs suggest_categories [repeats] [--cpu-prof] [--heap-prof]
//   node bench/one-tool.mjs all        every read tool of the benchmark in turn, in ONE process
//   ... --plan=raw                     on the raw-label plan (bench/raw-plan.mjs) instead
//   ... --ids=uuid                     with YNAB's 36-character ids instead of short ones (bench/uuid-ids.mjs)
//
// Prints the cold call, the warm p50/p95, the server's peak RSS (VmHWM), the CPU time a warm call
// costs the server and this process (the stand-in and the client), and the server's CPU time for the
// cold call (its first whole download included): on a loaded machine, the CPU times move far less
// than the latencies. With --cpu-prof or
// --heap-prof the server writes its profile into bench/profiles/ (open it in Chrome's DevTools).
// Figures are printed, never asserted. Nothing leaves this machine.
import { mkdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { startStandIn } from '../dist/demo/index.js';
import { HEAVY_PLAN_ID, HEAVY_TODAY, buildHeavyPlan } from './heavy-plan.mjs';
import { RAW_PLAN_ID, buildRawPlan } from './raw-plan.mjs';
import { CALLS } from './calls.mjs';
import { planWithUuids, withUuids } from './uuid-ids.mjs';

const args = process.argv.slice(2);
const flags = args.filter((a) => a.startsWith('--'));
const [tool = 'all', repeatText = tool === 'all' ? '2' : '15'] = args.filter((a) => !a.startsWith('--'));
const repeats = Math.max(1, Number(repeatText));
const raw = flags.includes('--plan=raw');
const uuids = flags.includes('--ids=uuid');
/**
 * The calls with the plan id of the plan served. The raw-label plan keeps the heavy plan's ids but
 * not its group names, so a call naming groups (get_runway's essential_groups) names none there.
 */
function onPlan([name, input]) {
  if (!raw || input.plan_id !== HEAVY_PLAN_ID) return [name, input];
  const { essential_groups: _named, ...rest } = input;
  return [name, { ...rest, plan_id: RAW_PLAN_ID }];
}
const chosen = (tool === 'all' ? CALLS : CALLS.filter(([name]) => name === tool))
  .map(onPlan)
  .map(([name, input]) => [name, uuids ? withUuids(input) : input]);
if (chosen.length === 0) {
  process.stderr.write(`one-tool: no benchmark call named ${tool}\n`);
  process.exit(2);
}
/** BENCH_MAIN: another build's main.js (a copy of dist/ made before a change), to compare two builds. */
const MAIN = process.env.BENCH_MAIN ?? fileURLToPath(new URL('../dist/main.js', import.meta.url));
const PROFILES = fileURLToPath(new URL('./profiles/', import.meta.url));
/** BENCH_NODE_FLAGS: more node flags for the server (e.g. to try a V8 heap setting). */
const nodeArgs = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
if (flags.includes('--cpu-prof') || flags.includes('--heap-prof')) mkdirSync(PROFILES, { recursive: true });
if (flags.includes('--cpu-prof')) nodeArgs.push('--cpu-prof', `--cpu-prof-dir=${PROFILES}`);
if (flags.includes('--heap-prof')) nodeArgs.push('--heap-prof', `--heap-prof-dir=${PROFILES}`);

const peakRss = (pid) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmHWM:\s+(\d+) kB/m);
  return line ? Number(line[1]) / 1024 : NaN;
};
/** CPU time of a process so far (user + system), ms; clock ticks of 10 ms, so meaningful over many calls. */
const cpuOf = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
};
const percentile = (samples, p) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

const plan = raw ? buildRawPlan() : buildHeavyPlan();
const standIn = await startStandIn({ plan: uuids ? planWithUuids(plan) : plan, today: HEAVY_TODAY });
const transport = new StdioClientTransport({
  command: process.execPath,
  args: [...nodeArgs, MAIN],
  env: {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '/tmp',
    AVENIR_MCP_YNAB_URL: standIn.url,
    YNAB_API_KEY: 'bench',
    AVENIR_MCP_TODAY: HEAVY_TODAY,
    AVENIR_MCP_NO_UPDATE_CHECK: '1',
  },
  stderr: 'inherit',
});
const client = new Client(
  { name: 'avenir-mcp-one-tool', version: '1.0.0' },
  { versionNegotiation: { mode: { pin: '2026-07-28' } } },
);
await client.connect(transport);
process.stdout.write(`load average ${loadavg()[0].toFixed(1)}\n`);
for (const [name, input] of chosen) {
  const times = [];
  let serverCpu = 0;
  let ownCpu = 0;
  let coldCpu = 0;
  for (let i = 0; i <= repeats; i++) {
    if (i === 0) coldCpu = cpuOf(transport.pid);
    if (i === 1) coldCpu = cpuOf(transport.pid) - coldCpu;
    const cpuBefore = i === 1 ? [cpuOf(transport.pid), process.cpuUsage()] : undefined;
    if (cpuBefore) [serverCpu, ownCpu] = cpuBefore;
    const started = performance.now();
    const result = await client.callTool({ name, arguments: input }, undefined, { timeout: 120_000 });
    times.push(performance.now() - started);
    if (result.isError) throw new Error(`${name}: ${String(result.content?.[0]?.text)}`);
  }
  const [cold, ...warm] = times;
  const serverMs = (cpuOf(transport.pid) - serverCpu) / repeats;
  const own = process.cpuUsage(ownCpu);
  const ownMs = (own.user + own.system) / 1000 / repeats;
  process.stdout.write(
    `${name.padEnd(28)} cold ${cold.toFixed(0).padStart(5)} ms  warm p50 ${percentile(warm, 50).toFixed(1).padStart(6)}` +
      `  p95 ${percentile(warm, 95).toFixed(1).padStart(6)} ms  peak RSS ${peakRss(transport.pid).toFixed(0)} MiB` +
      `  CPU per warm call: server ${serverMs.toFixed(1)} ms, stand-in+client ${ownMs.toFixed(1)} ms` +
      `  server CPU of the cold call ${coldCpu.toFixed(0)} ms\n`,
  );
}
process.stdout.write(`load average ${loadavg()[0].toFixed(1)}\n`);
await client.close();
await standIn.close();
