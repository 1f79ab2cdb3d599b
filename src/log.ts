/**
 * Logging to stderr only (stdout belongs to the stdio transport): `{LEVEL}:{logger}:{message}` or one
 * JSON object per line.
 */
import type { LogLevel } from './config.js';

const RANK: Record<LogLevel, number> = { DEBUG: 10, INFO: 20, WARNING: 30, ERROR: 40 };

export interface Log {
  debug(logger: string, message: string): void;
  info(logger: string, message: string): void;
  warning(logger: string, message: string): void;
  error(logger: string, message: string, error?: unknown): void;
}

export function createLog(
  level: LogLevel,
  format: 'text' | 'json',
  write: (line: string) => void = (line) => void process.stderr.write(line),
): Log {
  const emit = (at: LogLevel, logger: string, message: string, error?: unknown): void => {
    if (RANK[at] < RANK[level]) return;
    const stack = error instanceof Error ? error.stack : undefined;
    if (format === 'json') {
      const record: Record<string, string> = { time: new Date().toISOString(), level: at, logger, message };
      if (stack) record.exception = stack;
      write(`${JSON.stringify(record)}\n`);
    } else {
      write(`${at}:${logger}:${message}${stack ? `\n${stack}` : ''}\n`);
    }
  };
  return {
    debug: (l, m) => emit('DEBUG', l, m),
    info: (l, m) => emit('INFO', l, m),
    warning: (l, m) => emit('WARNING', l, m),
    error: (l, m, e) => emit('ERROR', l, m, e),
  };
}

/** A log that writes nothing (tests that do not look at logs). */
export const silentLog: Log = { debug: () => {}, info: () => {}, warning: () => {}, error: () => {} };
