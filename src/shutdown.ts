/**
 * How the server ends, by transport.
 *
 * A stdio server belongs to the client that started it: when the client closes our stdin, we close the
 * MCP connection, the pooled connections to YNAB (once the requests under way are answered) and, in
 * demo mode, the YNAB stand-in, and let the process end by itself. Launched through `npx`, a server
 * that waited for a signal instead could outlive its client for minutes (npx does not always pass the
 * signal on), still listening on the stand-in's port. A deadline ends the process if something still
 * holds it open: short in demo mode (nothing there is worth waiting for), long enough otherwise for a
 * YNAB write already on its way to be answered and journaled, so that it can still be undone.
 *
 * An HTTP server is ended by its operator or orchestrator with SIGTERM (SIGINT at a terminal): it
 * drains first (src/transports/health.ts: readiness off, new requests refused with 503), lets the calls
 * in flight finish, then closes the rest in order and exits 0. The drain is bounded by the longest a
 * call can still need once its last YNAB request is sent: that request's timeout, then the settling
 * window of a write whose answer was lost, plus a margin for the journal line. Past the bound the
 * process exits anyway: a write cut there is in the pending store, settled by the next process that
 * reads the plan. A second signal during the drain exits at once.
 */
import type { Readable } from 'node:stream';

export interface ShutdownOptions {
  /** Closed in order when the input ends; a failure is reported and the next one still runs. */
  close: readonly (() => Promise<void>)[];
  /** After this many milliseconds the process exits even if something still holds it open. */
  deadlineMs: number;
  onerror: (error: Error) => void;
  exit?: (code: number) => void;
}

/** The longest a YNAB request can take (30 s timeout), plus a margin for the journal line. */
export const WRITE_DEADLINE_MS = 35_000;
/** Demo mode: the stand-in is in this process, nothing outside waits on an answer. */
export const DEMO_DEADLINE_MS = 500;
/** What an HTTP drain allows beyond a YNAB timeout and the settling window: the journal line, the answer. */
export const DRAIN_MARGIN_MS = 5_000;

/** The bound of an HTTP drain, from the configured YNAB timeout and settling window. */
export const drainDeadlineMs = (config: { ynabTimeoutMs: number; settleMs: number }): number =>
  config.ynabTimeoutMs + config.settleMs + DRAIN_MARGIN_MS;

/** Runs each step in order; a failing step is reported and the next one still runs. */
async function closeInOrder(options: ShutdownOptions): Promise<void> {
  for (const close of options.close) {
    try {
      await close();
    } catch (error) {
      options.onerror(error instanceof Error ? error : new Error(String(error)));
    }
  }
}

export function endWithInput(input: Readable, options: ShutdownOptions): void {
  let started = false;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const shutdown = (): void => {
    if (started) return;
    started = true;
    // unref: the deadline itself never keeps the process alive; it only ends one that lingers.
    setTimeout(() => exit(0), options.deadlineMs).unref();
    void closeInOrder(options);
  };
  input.once('end', shutdown);
  input.once('close', shutdown);
}

/** What listens for signals: the process itself, or a stand-in in tests. */
export interface SignalSource {
  once(signal: NodeJS.Signals, listener: () => void): unknown;
}

export interface SignalShutdownOptions extends ShutdownOptions {
  /** Told which signal began the shutdown (a log line), and when the deadline cut it short. */
  onsignal?: (signal: NodeJS.Signals) => void;
  ondeadline?: () => void;
}

/**
 * Ends an HTTP server on SIGTERM or SIGINT: the steps of `close` in order (the first one drains), then
 * exit 0; at the deadline exit 0 all the same. A second signal exits 1 at once.
 */
export function endOnSignal(source: SignalSource, options: SignalShutdownOptions): void {
  let started = false;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const shutdown = (signal: NodeJS.Signals): void => {
    if (started) return exit(1);
    started = true;
    options.onsignal?.(signal);
    const deadline = setTimeout(() => (options.ondeadline?.(), exit(0)), options.deadlineMs);
    deadline.unref();
    void closeInOrder(options).then(() => {
      clearTimeout(deadline);
      exit(0);
    });
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    // `once` per signal and again after the first: the second of either kind is the impatient one
    source.once(signal, () => {
      shutdown(signal);
      source.once(signal, () => shutdown(signal));
    });
  }
}
