/**
 * Logging to stderr only (stdout belongs to the stdio transport): `{LEVEL}:{logger}:{message}` or one
 * JSON object per line, which inside an HTTP request also carries `request_id` and, in hosted mode,
 * `person` (log-scope.ts).
 */
import type { LogLevel } from './config.js';
import { currentLogScope } from './log-scope.js';

const RANK: Record<LogLevel, number> = { DEBUG: 10, INFO: 20, WARNING: 30, ERROR: 40 };

/** Line breaks and other control characters, which would let a logged value forge a line of its own. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f\u0085\u2028\u2029]/g;
const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** The text on one line: control characters written as escapes (`\n`, `\u001b`). */
export const oneLine = (text: string): string =>
  text.replace(CONTROL, (c) => NAMED[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** A stack in text format: each line escaped and indented, so none can pass for a log line. */
const indentedStack = (stack: string): string =>
  stack
    .split('\n')
    .map((line) => `    ${oneLine(line.trimStart())}`)
    .join('\n');

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
      // JSON.stringify escapes line breaks itself; U+2028/U+2029 are escaped too, for line-based readers
      const record: Record<string, string> = { time: new Date().toISOString(), level: at, logger, message };
      // inside an HTTP request: its id, and in hosted mode the person's opaque id (log-scope.ts)
      const scope = currentLogScope();
      if (scope) record.request_id = scope.requestId;
      if (scope?.person !== undefined) record.person = scope.person;
      if (stack) record.exception = stack;
      write(`${JSON.stringify(record).replace(/[\u2028\u2029]/g, (c) => oneLine(c))}\n`);
    } else {
      write(`${at}:${logger}:${oneLine(message)}${stack ? `\n${indentedStack(stack)}` : ''}\n`);
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
