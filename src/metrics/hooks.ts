/**
 * What the rest of the server tells the metrics, with no dependency: each function does nothing until
 * an HTTP start with AVENIR_MCP_METRICS_PORT installs a sink (metrics/prometheus.ts), so stdio runs
 * and every test that does not look at metrics pay one null check per event.
 *
 * Nothing here carries a person's id, a name, an amount or a token: the labels a sink may make from
 * these arguments are fixed words (a method kind, an outcome, a reason) and the tool's name, which the
 * tool-call step keeps to the server's own tools.
 */

/** How one try of a YNAB request ended: its answer's class, or no answer at all. */
export type YnabOutcome = 'ok' | 'client_error' | 'rate_limited' | 'server_error' | 'no_answer';

export interface MetricsSink {
  toolCall(tool: string, outcome: 'ok' | 'error', seconds: number): void;
  ynabRequest(kind: 'read' | 'write', outcome: YnabOutcome, seconds: number): void;
  /** A 429 began a pause of this many seconds. */
  ynabPause(seconds: number): void;
  /** The pacer refused a request before it left: paused after a 429, or the hourly budget used up. */
  pacerRefusal(reason: 'paused' | 'budget'): void;
  /**
   * Hosted mode's pacer took (or, the hour being full, refused) a reservation in the store: the
   * requests the person's hour had left after it. A number alone: whose hour it was is not told.
   */
  pacerReservation(left: number): void;
  /** One store query, named by a fixed word of the store's code (never a value from a request). */
  storeQuery(operation: string, seconds: number): void;
}

let sink: MetricsSink | null = null;
const MS_PER_SECOND = 1_000;

/** Seconds since a `performance.now()` reading, as Prometheus measures durations. */
export const secondsSince = (started: number): number => (performance.now() - started) / MS_PER_SECOND;

/** Installs (or, with null, removes) the sink every event goes to. */
export function setMetricsSink(next: MetricsSink | null): void {
  sink = next;
}

export const observeToolCall = (tool: string, outcome: 'ok' | 'error', seconds: number): void =>
  sink?.toolCall(tool, outcome, seconds);

export const observeYnabRequest = (kind: 'read' | 'write', outcome: YnabOutcome, seconds: number): void =>
  sink?.ynabRequest(kind, outcome, seconds);

export const observeYnabPause = (seconds: number): void => sink?.ynabPause(seconds);

export const observePacerRefusal = (reason: 'paused' | 'budget'): void => sink?.pacerRefusal(reason);

export const observePacerReservation = (left: number): void => sink?.pacerReservation(left);

/**
 * For the store: times `query` and reports it under `operation` (a constant such as `person` or
 * `save_grant`), whether it succeeds or throws.
 */
export async function timedStoreQuery<T>(operation: string, query: () => Promise<T>): Promise<T> {
  if (sink === null) return query();
  const started = performance.now();
  try {
    return await query();
  } finally {
    sink?.storeQuery(operation, secondsSince(started));
  }
}

/** What the metrics read of a pacer when scraped. */
export interface PacerView {
  /** Requests the pacer can still send in the current hour. */
  budgetLeft(): number;
  /** Whether a 429 pause holds every request back now. */
  paused(): boolean;
}

/** Every pacer of the process (one per YNAB token), held weakly: a pacer no one uses is not kept alive. */
const pacers = new Set<WeakRef<PacerView>>();

export function trackPacer(pacer: PacerView): void {
  pacers.add(new WeakRef(pacer));
}

/** The live pacers, forgetting those already collected. */
export function livePacers(): PacerView[] {
  const live: PacerView[] = [];
  for (const ref of pacers) {
    const pacer = ref.deref();
    if (pacer === undefined) pacers.delete(ref);
    else live.push(pacer);
  }
  return live;
}
