// The scale-out bench of hosted mode (`npm run bench:hosted`; not part of `npm test`): two hosted
// instances, each a process of its own (bench/hosted-instance.mjs on dist/), on one PostgreSQL server
// (127.0.0.1:5432 unless AVENIR_BENCH_DATABASE_URL names another; a fresh database per run, created and
// dropped here), behind a loopback round-robin balancer (bench/balancer.mjs), with the YNAB stand-in
// serving 50 generated people, each with their own YNAB token and plan. Every person makes 20 calls
// through the official client (reads, and confirmed writes each undone), all people at once.
//
// Two loads: a burst, where every person calls back to back (1,000 calls in about ten seconds: the two
// cores are the queue, and the latencies measure the wait for a turn), and a paced run, where each
// person pauses between calls for a think time drawn between THINK_MS's bounds, as the model of a
// person's assistant does while it writes its next step (a few seconds in practice; half a second to
// two and a half here, so the 50 people still make about thirty calls a second together). The warm-read
// goal is read on the paced run; both are printed.
//
// Sign-in: hosted mode signs people in with YNAB's OAuth in a browser, and the access tokens it gives
// the MCP apps live, for now, in the memory of the instance that issued them, so a token would be good
// on one instance only. The bench therefore signs each person in to the store directly (their account
// and a YNAB token the stand-in issued, as the OAuth callback leaves them) and gives each a bearer of
// their own that the instances' bench gate maps to the person, as two-instances.test.ts does. Only the
// gate differs from a production instance, and it lives in bench/ alone.
//
// Runs 1 (burst) and 2 (paced) report, for the whole load: the calls that failed (0 expected),
// p50/p99 per kind of call, the memory of each instance, the store connections in use
// (pg_stat_activity, sampled), the most YNAB requests any person sent in a sliding hour as the
// stand-in counted them (at most 180: the pacer's budget), and the pacer's budget left at its
// reservations (each instance's metrics).
// Run 3 does the burst again and SIGKILLs one instance at a random point (seeded: `--seed=N` repeats a
// run; the seed is printed), after which the balancer sends everything to the survivor. It checks at
// the stand-in that no confirmed write was lost or doubled, that the survivor settled every pending
// write YNAB shows, and that each person's journal agrees with what YNAB holds.
//
// Prints a table and writes the figures as JSON to bench/results/. Figures from a loaded machine are
// not figures: run it on a quiet one. Exits 1 when a check fails.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { RETRY_MS } from '../dist/safety/outcome/settle-later.js';
import { SqlJournal } from '../dist/store/sql-journal.js';
import { SqlPending } from '../dist/store/sql-pending.js';
import { startBalancer } from './balancer.mjs';
import { outcomeOf, percentile, ynabPerHour } from './hosted-checks.mjs';
import {
  benchDatabase,
  freePort,
  signInPeople,
  spawnInstance,
  startBenchStandIn,
  TODAY,
} from './hosted-setup.mjs';
import { CALLS_PER_PERSON, connectPerson, KINDS, runPerson } from './hosted-workload.mjs';

const PEOPLE = 50;
const INSTANCES = 2;
const SERVER_URL = process.env.AVENIR_BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DEADLINE_MS = 300_000;
/** A paced person's think time before each call after the first, drawn evenly between these, ms. */
const THINK_MS = [500, 2_500];
const RESULTS = fileURLToPath(new URL('./results/', import.meta.url));
const seedArg = process.argv.find((a) => a.startsWith('--seed='));
const SEED = seedArg ? Number(seedArg.slice('--seed='.length)) >>> 0 : (Math.random() * 2 ** 32) >>> 0;

const deadline = setTimeout(() => {
  process.stderr.write(`bench:hosted: stopped after ${DEADLINE_MS / 1000} s, over its time limit\n`);
  process.exit(1);
}, DEADLINE_MS);

/** A small seeded generator (mulberry32): the same seed kills at the same point. */
function seeded(seed) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** Resident and peak resident memory of a process, in MB (Linux's /proc). */
function memoryOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { rssMb: Math.round(kb('VmRSS') / 1024), peakMb: Math.round(kb('VmHWM') / 1024) };
  } catch {
    return { rssMb: null, peakMb: null };
  }
}

/** Samples the database's connections every 200 ms: the most seen at once, per instance and active. */
function sampleConnections(serverUrl, database, names) {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  url.searchParams.set('application_name', 'avenir-bench-sampler');
  const client = new pg.Client({ connectionString: url.href });
  const most = { total: 0, active: 0, ...Object.fromEntries(names.map((n) => [n, 0])) };
  let stopped = false;
  const loop = (async () => {
    await client.connect();
    while (!stopped) {
      const { rows } = await client.query(
        `SELECT application_name AS name, count(*)::int AS n, count(*) FILTER (WHERE state = 'active')::int AS active
         FROM pg_stat_activity WHERE datname = $1 AND application_name = ANY($2::text[]) GROUP BY application_name`,
        [database, names],
      );
      most.total = Math.max(
        most.total,
        rows.reduce((s, r) => s + r.n, 0),
      );
      most.active = Math.max(
        most.active,
        rows.reduce((s, r) => s + r.active, 0),
      );
      for (const r of rows) most[r.name] = Math.max(most[r.name], r.n);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await client.end();
  })();
  return async () => {
    stopped = true;
    await loop;
    return most;
  };
}

/** The V8 heap in use and the memory outside it, in MB, from an instance's metrics (after the load). */
async function heapOf(metricsUrl) {
  const text = await (await fetch(metricsUrl)).text();
  const value = (name) => Number(new RegExp(`^${name} ([0-9.e+]+)`, 'm').exec(text)?.[1] ?? NaN);
  const mb = (bytes) => Math.round(bytes / 1048576);
  return {
    heapUsedMb: mb(value('nodejs_heap_size_used_bytes')),
    externalMb: mb(value('nodejs_external_memory_bytes')),
  };
}

/** The pacer's reservations by budget left, from an instance's metrics (cumulative `le` buckets). */
async function pacerBuckets(metricsUrl) {
  const text = await (await fetch(metricsUrl)).text();
  const buckets = {};
  for (const m of text.matchAll(/^avenir_pacer_reservation_budget_left_bucket\{le="([^"]+)"\} (\d+)$/gm))
    buckets[m[1]] = Number(m[2]);
  return buckets;
}

async function oneRun({ label, run, kill, paced = false }) {
  const random = seeded(SEED + run);
  const folder = mkdtempSync(join(tmpdir(), 'avenir-bench-hosted-'));
  const database = await benchDatabase(SERVER_URL);
  const standIn = await startBenchStandIn(PEOPLE);
  const names = Array.from({ length: INSTANCES }, (_, i) => `avenir-${i + 1}`);
  let instances = [];
  let balancer = null;
  try {
    const { people, keyFile, bearersFile } = await signInPeople(database.db, standIn, PEOPLE, folder);
    const ports = await Promise.all(names.map(() => freePort()));
    balancer = await startBalancer(ports);
    const env = {
      AVENIR_MCP_DATABASE_URL: database.url,
      AVENIR_MCP_SEAL_KEY_FILE: keyFile,
      AVENIR_MCP_YNAB_URL: standIn.url,
      AVENIR_MCP_WRITE: '1',
      AVENIR_MCP_TODAY: TODAY,
      AVENIR_MCP_NO_UPDATE_CHECK: '1',
      AVENIR_MCP_LOG_LEVEL: 'WARNING',
      XDG_STATE_HOME: folder,
      AVENIR_BENCH_BEARERS: bearersFile,
      AVENIR_BENCH_PUBLIC_URL: balancer.url,
    };
    instances = await Promise.all(names.map((name, i) => spawnInstance(name, ports[i], env)));
    const stopSampling = sampleConnections(SERVER_URL, database.name, names);
    const clients = await Promise.all(people.map((p) => connectPerson(p, balancer.url)));
    standIn.clearRequests(); // the load alone is counted (sign-in and connecting sent nothing to YNAB)

    const total = PEOPLE * CALLS_PER_PERSON;
    const killAt = kill ? Math.floor(total * (0.2 + 0.6 * random())) : null;
    const victim = kill ? Math.floor(random() * INSTANCES) : null;
    const memory = {};
    let finished = 0;
    let killed = false;
    const samples = Object.fromEntries(KINDS.map((k) => [k, []]));
    const outcomes = {};
    const errors = [];
    const cutDetails = [];
    const record = (kind, ms, outcome, detail) => {
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
      if (outcome === 'ok') samples[kind].push(ms);
      if (outcome === 'error') errors.push(detail);
      if (outcome === 'cut') cutDetails.push(detail);
    };
    const killNow = () => {
      if (killed) return;
      const target = instances[victim];
      memory[target.name] = memoryOf(target.pid);
      killed = true;
      void target.kill('SIGKILL');
      balancer.out(victim); // as the balancer's next health probe would
    };
    const done = () => {
      finished += 1;
      if (finished !== killAt) return;
      // from that point, the kill waits for a confirmed write in flight on the victim (at most 2 s), so
      // that what the run checks is there to check: where in that write the kill lands is up to chance
      void balancer.whenInFlight(victim, (body) => body.includes('"confirmation"')).then(killNow);
      setTimeout(killNow, 2_000);
    };
    const pause = paced
      ? () =>
          new Promise((resolve) => setTimeout(resolve, THINK_MS[0] + (THINK_MS[1] - THINK_MS[0]) * random()))
      : undefined;
    const started = performance.now();
    const results = await Promise.all(
      people.map((p, i) => runPerson(p, clients[i], { run, record, cuts: () => killed, done, pause })),
    );
    const seconds = (performance.now() - started) / 1000;
    const survivors = instances.filter((_, i) => i !== victim);
    for (const inst of survivors) memory[inst.name] = memoryOf(inst.pid);
    const pacer = {};
    for (const inst of survivors) pacer[inst.name] = await pacerBuckets(inst.metricsUrl);
    for (const inst of survivors) Object.assign(memory[inst.name], await heapOf(inst.metricsUrl));

    // what the killed instance left pending is settled by the survivor at the person's next call on
    // the plan, no sooner than the spacing of settling reads after its last try
    const pendingStore = new SqlPending(database.db);
    const journalStore = new SqlJournal(database.db);
    let settledByPass = 0;
    if (kill) {
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS + 500));
      for (const [i, p] of people.entries()) {
        const before = (await pendingStore.list(p.id)).length;
        if (before === 0) continue;
        await clients[i].callTool({ name: 'list_accounts', arguments: { plan_id: p.plan } });
        settledByPass += before - (await pendingStore.list(p.id)).length;
      }
    }
    const connections = await stopSampling();
    const problems = [];
    let pendingLeft = 0;
    let unknown = 0;
    let landed = 0;
    for (const [i, p] of people.entries()) {
      const { entries, undone } = await journalStore.list(p.id);
      const pending = await pendingStore.list(p.id);
      pendingLeft += pending.length;
      unknown += results[i].unknown.length;
      const outcome = outcomeOf(p, results[i], { journal: entries, undone, pending }, standIn, run);
      landed += outcome.landed;
      for (const problem of outcome.problems) problems.push(`${p.name}: ${problem}`);
    }
    const ynab = ynabPerHour(standIn);
    await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
    for (const inst of survivors) {
      const { code } = await inst.kill('SIGTERM');
      if (code !== 0) problems.push(`${inst.name} ended with ${code} after SIGTERM:\n${inst.stderr()}`);
    }
    const failed = [...problems];
    if (errors.length > 0) failed.push(`${errors.length} calls failed: ${errors.slice(0, 3).join(' | ')}`);
    if (ynab.max > 180) failed.push(`a person sent ${ynab.max} requests to YNAB in one hour (at most 180)`);
    return {
      label,
      seconds: Math.round(seconds * 10) / 10,
      // every call made, each try of one asked again counted (an undo skipped is not a call)
      calls: Object.entries(outcomes).reduce((n, [k, v]) => (k === 'skipped' ? n : n + v), 0),
      outcomes,
      latencyMs: Object.fromEntries(
        KINDS.map((k) => {
          const sorted = samples[k].sort((a, b) => a - b);
          return [
            k,
            { n: sorted.length, p50: round(percentile(sorted, 0.5)), p99: round(percentile(sorted, 0.99)) },
          ];
        }),
      ),
      memory,
      connections,
      forwarded: balancer.forwarded(),
      ynab: { maxPerPersonHour: ynab.max, requests: ynab.total, writesApplied: standIn.writes.length },
      pacer,
      kill: kill
        ? { afterCalls: killAt, instance: names[victim], cutByBalancer: balancer.cut(), cuts: cutDetails }
        : null,
      settling: kill
        ? { unknownOutcomes: unknown, landedAndJournaled: landed, settledByPass, pendingLeft }
        : null,
      problems: failed,
    };
  } finally {
    for (const inst of instances) await inst.kill('SIGKILL');
    await balancer?.close();
    await standIn.close();
    await database.drop();
    rmSync(folder, { recursive: true, force: true });
  }
}

const round = (ms) => (ms === null ? null : Math.round(ms * 10) / 10);

function print(r) {
  const out = (line) => process.stdout.write(`${line}\n`);
  out(
    `\n${r.label}: ${r.calls} calls in ${r.seconds} s — ${Object.entries(r.outcomes)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  );
  out('  kind            n     p50 ms   p99 ms');
  for (const [kind, l] of Object.entries(r.latencyMs))
    out(
      `  ${kind.padEnd(14)} ${String(l.n).padStart(4)} ${String(l.p50 ?? '-').padStart(9)} ${String(l.p99 ?? '-').padStart(8)}`,
    );
  for (const [name, m] of Object.entries(r.memory))
    out(
      `  ${name}: RSS ${m.rssMb} MB (peak ${m.peakMb} MB${m.heapUsedMb === undefined ? '' : `; heap in use ${m.heapUsedMb} MB, outside it ${m.externalMb} MB`})${r.kill?.instance === name ? ', when killed' : ''}`,
    );
  out(`  requests per instance (balancer): ${r.forwarded.join(' / ')}`);
  out(
    `  store connections, most at once: ${r.connections.total} (active ${r.connections.active}; ${Object.entries(
      r.connections,
    )
      .filter(([k]) => k.startsWith('avenir-'))
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')})`,
  );
  out(
    `  YNAB: ${r.ynab.requests} requests, at most ${r.ynab.maxPerPersonHour} per person in a sliding hour (limit 180), ${r.ynab.writesApplied} writes applied`,
  );
  for (const [name, b] of Object.entries(r.pacer))
    out(
      `  pacer budget left at reservations (${name}, cumulative ≤le): ${Object.entries(b)
        .map(([le, n]) => `${le}:${n}`)
        .join(' ')}`,
    );
  if (r.kill) {
    const k = r.kill;
    const s = r.settling;
    out(`  killed ${k.instance} after ${k.afterCalls} calls: ${k.cutByBalancer} requests cut in flight`);
    out(
      `  writes and undos whose answer the kill lost: ${s.unknownOutcomes}; landed at YNAB and journaled by the survivor as YNAB holds them: ${s.landedAndJournaled} (${s.settledByPass} by the final pass); never landed: ${s.unknownOutcomes - s.landedAndJournaled}, ${s.pendingLeft} of them still pending (refused if asked again, closed as not applied after their pending time)`,
    );
  }
  out(
    r.problems.length === 0 ? '  checks: all passed' : `  CHECKS FAILED:\n    ${r.problems.join('\n    ')}`,
  );
}

const load = () => loadavg()[0].toFixed(1);
process.stdout.write(
  `bench:hosted — ${PEOPLE} people × ${CALLS_PER_PERSON} calls, ${INSTANCES} instances, seed ${SEED} (load ${load()})\n`,
);
const runs = [];
runs.push(await oneRun({ label: 'Run 1 (both instances, a burst)', run: 1, kill: false }));
print(runs[0]);
runs.push(
  await oneRun({
    label: `Run 2 (both instances, paced: ${THINK_MS[0] / 1000}–${THINK_MS[1] / 1000} s between a person's calls)`,
    run: 2,
    kill: false,
    paced: true,
  }),
);
print(runs[1]);
runs.push(await oneRun({ label: 'Run 3 (a burst, one instance SIGKILLed)', run: 3, kill: true }));
print(runs[2]);
mkdirSync(RESULTS, { recursive: true });
const file = join(RESULTS, `hosted-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(
  file,
  `${JSON.stringify({ seed: SEED, people: PEOPLE, callsPerPerson: CALLS_PER_PERSON, instances: INSTANCES, thinkMs: THINK_MS, node: process.version, load: load(), runs }, null, 2)}\n`,
);
process.stdout.write(`\nWritten to ${file}\n`);
clearTimeout(deadline);
process.exit(runs.some((r) => r.problems.length > 0) ? 1 : 0);
