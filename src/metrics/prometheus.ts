/**
 * Prometheus metrics through prom-client, on a listening port of their own (AVENIR_MCP_METRICS_PORT,
 * 127.0.0.1 by default), never on the MCP port: the balancer in front forwards only the MCP port, so
 * the metrics are never public and need no secret of their own, and a scrape passes none of the MCP
 * guards. docs/hosting.md says why this exposure was chosen over a bearer-token path.
 *
 * prom-client is an optional peer dependency, loaded here with `import()` only when the port is set:
 * stdio and plain HTTP starts never read it, and an install without it says what to add.
 *
 * Every label is bounded: tool names (the server's own, else `other`), a YNAB method kind and outcome,
 * a refusal reason, a store operation (a constant of the store's code), and the pacer's budget left
 * in four buckets, counted over the process's pacers rather than per token. Hosted mode's pacers live
 * in the store, which a scrape does not query: their budget left is a histogram observed at each
 * reservation, with no label at all. No person id, name, amount or token can be a label.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type * as Prom from 'prom-client';
import { ConfigError } from '../config.js';
import { livePacers, setMetricsSink, type MetricsSink } from './hooks.js';

export interface MetricsServer {
  /** `http://host:port/metrics` */
  readonly url: string;
  close(): Promise<void>;
}

/** The pacer's budget left, in buckets: lower bound inclusive, upper exclusive (180 is the hourly cap). */
const BUDGET_BUCKETS: readonly [string, number, number][] = [
  ['0-19', 0, 20],
  ['20-59', 20, 60],
  ['60-119', 60, 120],
  ['120-180', 120, Infinity],
];

/**
 * Hosted mode's reservations, by the requests the person's hour had left after each: the upper bounds
 * of the histogram's buckets, from a full hour (0: the next send waits) to an untouched one (180).
 */
const RESERVATION_LEFT = [0, 10, 20, 50, 100, 150, 180];

/** Latency buckets in seconds: a warm read is milliseconds, a slow YNAB answer tens of seconds. */
const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

async function loadPromClient(): Promise<typeof Prom> {
  try {
    return await import('prom-client');
  } catch {
    throw new ConfigError(
      'AVENIR_MCP_METRICS_PORT needs the prom-client package, an optional peer dependency of avenir-mcp: install it beside avenir-mcp (npm install prom-client), or unset AVENIR_MCP_METRICS_PORT.',
    );
  }
}

/** The metrics of this process, in their own registry (nothing of another library's global one). */
function registerMetrics(prom: typeof Prom): { registry: Prom.Registry; sink: MetricsSink } {
  const registry = new prom.Registry();
  const registers = [registry];
  prom.collectDefaultMetrics({ register: registry });
  const calls = new prom.Histogram({
    name: 'avenir_tool_call_duration_seconds',
    help: 'Tool calls, from arrival to answer, by tool and outcome (error: a failed or refused call).',
    labelNames: ['tool', 'outcome'] as const,
    buckets: SECONDS,
    registers,
  });
  const ynab = new prom.Histogram({
    name: 'avenir_ynab_request_duration_seconds',
    help: "Each try of a YNAB request, to its answer's head, by kind (read, write) and outcome.",
    labelNames: ['kind', 'outcome'] as const,
    buckets: SECONDS,
    registers,
  });
  const pauses = new prom.Counter({
    name: 'avenir_ynab_pauses_total',
    help: 'Pauses begun after YNAB answered 429 (its hourly limit): nothing leaves for that token until it ends.',
    registers,
  });
  const pausedSeconds = new prom.Counter({
    name: 'avenir_ynab_pause_seconds_total',
    help: 'Seconds of pause begun after 429 answers.',
    registers,
  });
  const refusals = new prom.Counter({
    name: 'avenir_pacer_refusals_total',
    help: 'Requests the pacer kept from leaving: paused after a 429, or the hourly budget used up.',
    labelNames: ['reason'] as const,
    registers,
  });
  const store = new prom.Histogram({
    name: 'avenir_store_query_duration_seconds',
    help: 'Queries of the hosted store, by operation.',
    labelNames: ['operation'] as const,
    buckets: SECONDS,
    registers,
  });
  new prom.Gauge({
    name: 'avenir_pacer_budget_left',
    help: 'YNAB tokens in use by this process, by the requests each can still send this hour (in buckets).',
    labelNames: ['left'] as const,
    registers,
    collect() {
      const pacers = livePacers();
      for (const [label, low, high] of BUDGET_BUCKETS)
        this.set(
          { left: label },
          pacers.filter((p) => p.budgetLeft() >= low && p.budgetLeft() < high).length,
        );
    },
  });
  const reservations = new prom.Histogram({
    name: 'avenir_pacer_reservation_budget_left',
    help: "Hosted mode's reservations of YNAB sends in the shared store, by the requests the person's hour had left after each (a refused one: what it had left).",
    buckets: RESERVATION_LEFT,
    registers,
  });
  new prom.Gauge({
    name: 'avenir_pacer_paused',
    help: 'YNAB tokens in use by this process that a 429 pause holds back now.',
    registers,
    collect() {
      this.set(livePacers().filter((p) => p.paused()).length);
    },
  });
  const operation = (name: string): string => (/^[a-z][a-z0-9_]{0,39}$/.test(name) ? name : 'other');
  const sink: MetricsSink = {
    toolCall: (tool, outcome, seconds) => calls.observe({ tool, outcome }, seconds),
    ynabRequest: (kind, outcome, seconds) => ynab.observe({ kind, outcome }, seconds),
    ynabPause: (seconds) => (pauses.inc(), pausedSeconds.inc(seconds)),
    pacerRefusal: (reason) => refusals.inc({ reason }),
    pacerReservation: (left) => reservations.observe(left),
    storeQuery: (name, seconds) => store.observe({ operation: operation(name) }, seconds),
  };
  return { registry, sink };
}

/** Starts collecting and serving the metrics: `GET /metrics` on the given address, nothing else. */
export async function startMetrics(options: { host: string; port: number }): Promise<MetricsServer> {
  const prom = await loadPromClient();
  const { registry, sink } = registerMetrics(prom);
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found: GET /metrics.');
      return;
    }
    registry.metrics().then(
      (text) => void res.writeHead(200, { 'content-type': registry.contentType }).end(text),
      () => void res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new ConfigError(
          `AVENIR_MCP_METRICS_PORT: cannot listen on ${options.host}:${options.port} (${error.code ?? error.message}).`,
        ),
      ),
    );
    server.listen(options.port, options.host, resolve);
  });
  setMetricsSink(sink);
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${host}:${port}/metrics`,
    close: async () => {
      setMetricsSink(null);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      registry.clear();
    },
  };
}
