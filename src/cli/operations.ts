/**
 * What an HTTP start adds for its operator: Prometheus metrics on their own port when
 * AVENIR_MCP_METRICS_PORT asks for them (prom-client loaded then, and only then), and the drain on
 * SIGTERM or SIGINT (src/shutdown.ts). Kept out of start.ts so that the start reads as the list of
 * what runs.
 */
import type { Config } from '../config.js';
import type { Log } from '../log.js';
import { drainDeadlineMs, endOnSignal } from '../shutdown.js';
import type { HttpHandle } from '../transports/http.js';
import { closeConnections } from '../ynab/client.js';

/** The start's lines: where it listens, whether plain HTTP leaves the machine, remote mode's resource. */
export function announceHttp(config: Config, log: Log, resource: URL | null): void {
  if (config.remoteHost)
    log.warning(
      'main',
      `AVENIR_MCP_HOST=${config.host} is reachable from other machines over plain HTTP: the bearer token and your plan's data travel in clear unless a TLS proxy is in front.`,
    );
  log.info('main', `Starting avenir-mcp on ${config.host}:${config.port}`);
  const mode = config.auth === 'ynab' ? 'Hosted mode (each person signs in with YNAB)' : 'Remote mode';
  if (resource) log.info('main', `${mode}: OAuth-protected resource ${resource.href}`);
}

/** Starts the metrics when configured; resolves to what closes them, or null. */
export async function startMetricsIfAsked(config: Config, log: Log): Promise<(() => Promise<void>) | null> {
  if (!config.metrics) return null;
  const { startMetrics } = await import('../metrics/prometheus.js');
  const metrics = await startMetrics(config.metrics);
  log.info('main', `Metrics for Prometheus at ${metrics.url}`);
  return () => metrics.close();
}

/**
 * On SIGTERM or SIGINT: drain, close the server, the YNAB connections and each of `after` (the parts a
 * run has, null for those it has not), then exit 0.
 */
export function stopOnSignal(
  http: HttpHandle,
  options: {
    config: Config;
    log: Log;
    onerror: (error: Error) => void;
    after: ((() => Promise<void>) | null)[];
  },
): void {
  const { config, log, onerror } = options;
  const after = options.after.filter((close) => close !== null);
  endOnSignal(process, {
    close: [() => http.drain(), () => http.close(), closeConnections, ...after],
    deadlineMs: drainDeadlineMs(config),
    onsignal: (signal) => log.info('main', `${signal}: draining, then stopping`),
    ondeadline: () => log.warning('main', 'Calls still in flight at the shutdown deadline were cut'),
    onerror,
  });
}
