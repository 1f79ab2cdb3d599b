/**
 * Ending with the client. A stdio server belongs to the client that started it: when the client
 * closes our stdin, we close the MCP connection, the pooled connections to YNAB (once the requests
 * under way are answered) and, in demo mode, the YNAB stand-in, and let the process end by itself. Launched through `npx`, a server that waited for a signal instead could
 * outlive its client for minutes (npx does not always pass the signal on), still listening on the
 * stand-in's port. A deadline ends the process if something still holds it open: short in demo mode
 * (nothing there is worth waiting for), long enough otherwise for a YNAB write already on its way
 * to be answered and journaled, so that it can still be undone.
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

export function endWithInput(input: Readable, options: ShutdownOptions): void {
  let started = false;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const shutdown = (): void => {
    if (started) return;
    started = true;
    // unref: the deadline itself never keeps the process alive; it only ends one that lingers.
    setTimeout(() => exit(0), options.deadlineMs).unref();
    void (async () => {
      for (const close of options.close) {
        try {
          await close();
        } catch (error) {
          options.onerror(error instanceof Error ? error : new Error(String(error)));
        }
      }
    })();
  };
  input.once('end', shutdown);
  input.once('close', shutdown);
}
