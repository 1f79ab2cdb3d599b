/**
 * The MCP logging capability: while the server handles a request, what it logs at INFO and above also
 * goes to that request's client as `notifications/message`. Those lines hold identifiers and counts
 * only (the logging content policy), so the client learns which YNAB requests a call cost without
 * seeing a payee, an amount or a name; DEBUG lines, which may hold request bodies, never leave stderr,
 * and neither does a stack trace. The SDK applies the level the client chose (`logging/setLevel` on
 * 2025 connections, the request's `logLevel` on 2026-07-28, where nothing is sent without one).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Log } from './log.js';

export type ClientLogLevel = 'info' | 'warning' | 'error';

/** Where one request's log lines go: the SDK's `ctx.mcpReq.log`, bound to that request. */
export type ClientLogSink = (level: ClientLogLevel, logger: string, message: string) => void;

const current = new AsyncLocalStorage<ClientLogSink>();

/** The part of a request context that can send log messages (kept structural: no SDK import here). */
export interface LoggingContext {
  mcpReq: { log(level: ClientLogLevel, data: unknown, logger?: string): Promise<void> };
}

/** A sink for the request of `ctx`; a message the transport cannot deliver is dropped, not thrown. */
export function sinkOf(ctx: LoggingContext): ClientLogSink {
  return (level, logger, message) => {
    ctx.mcpReq.log(level, message, logger).catch(() => undefined);
  };
}

/** Runs `work` with its log lines (and those of everything it awaits) also sent to `sink`. */
export function withClientLog<T>(sink: ClientLogSink, work: () => Promise<T>): Promise<T> {
  return current.run(sink, work);
}

/** Wraps a log so that INFO, WARNING and ERROR lines also reach the client of the current request. */
export function forwardingLog(log: Log): Log {
  const forward = (level: ClientLogLevel, logger: string, message: string): void =>
    current.getStore()?.(level, logger, message);
  return {
    debug: (logger, message) => log.debug(logger, message),
    info: (logger, message) => (log.info(logger, message), forward('info', logger, message)),
    warning: (logger, message) => (log.warning(logger, message), forward('warning', logger, message)),
    error: (logger, message, error) => (log.error(logger, message, error), forward('error', logger, message)),
  };
}
