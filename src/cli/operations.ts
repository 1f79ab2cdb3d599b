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

/** Starts the metrics when configured; resolves to what closes them, or null. */
export async function startMetricsIfAsked(config: Config, log: Log): Promise<(() => Promise<void>) | null> {
  if (!config.metrics) return null;
  const { startMetrics } = await import('../metrics/prometheus.js');
  const metrics = await startMetrics(config.metrics);
  log.info('main', `Metrics for Prometheus at ${metrics.url}`);
  return () => metrics.close();
}

/** On SIGTERM or SIGINT: drain, close the server, the YNAB connections and `after`, then exit 0. */
export function stopOnSignal(
  http: HttpHandle,
  options: { config: Config; log: Log; onerror: (error: Error) => void; after: (() => Promise<void>)[] },
): void {
  const { config, log, onerror } = options;
  endOnSignal(process, {
    close: [() => http.drain(), () => http.close(), closeConnections, ...options.after],
    deadlineMs: drainDeadlineMs(config),
    onsignal: (signal) => log.info('main', `${signal}: draining, then stopping`),
    ondeadline: () => log.warning('main', 'Calls still in flight at the shutdown deadline were cut'),
    onerror,
  });
}
