/**
 * The one seam through which "today" and time are read (injected, so that tests and demo mode can pin
 * it), and the one rule that turns an instant into the user's calendar date.
 */
import { performance } from 'node:perf_hooks';

export interface Clock {
  /**
   * Today as `YYYY-MM-DD`: `AVENIR_MCP_TODAY` when pinned, else the date it is now in `zone` (an IANA
   * name). Without a zone, the configured one: `AVENIR_MCP_TIME_ZONE`, else the machine's.
   */
  today(zone?: string): string;
  /** A monotonic time in milliseconds (pacing, code lifetimes). */
  monotonicMs(): number;
  /** The wall-clock time (journal timestamps, which stay UTC instants). */
  now(): Date;
}

/**
 * The canonical name of an IANA time zone (`europe/paris` → `Europe/Paris`), or null when Intl knows
 * no such zone. An offset such as `+01:00` is refused too: Node 20 refuses it where later versions take
 * it, and a fixed offset gives the wrong date for half the year where clocks change.
 */
export function timeZoneName(raw: string): string | null {
  if (/^[+-]/.test(raw)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: raw }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      calendar: 'gregory',
      numberingSystem: 'latn',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formats.set(zone, format);
  }
  return format;
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/**
 * The rule: the calendar date `instant` falls on in `zone` (an IANA name), or in the machine's own
 * zone when there is none, as `YYYY-MM-DD`. Every "today" of the server comes from here: the month
 * `current` names, the partial month of a series, the bounds of a transaction's date.
 */
export function dateIn(instant: Date, zone: string | null): string {
  if (zone === null)
    return `${pad(instant.getFullYear(), 4)}-${pad(instant.getMonth() + 1)}-${pad(instant.getDate())}`;
  const parts = formatIn(zone).formatToParts(instant);
  const part = (type: 'year' | 'month' | 'day'): number => Number(parts.find((p) => p.type === type)?.value);
  return `${pad(part('year'), 4)}-${pad(part('month'))}-${pad(part('day'))}`;
}

export interface ClockSettings {
  /** `AVENIR_MCP_TODAY`: a pinned date, or null. */
  readonly today: string | null;
  /** `AVENIR_MCP_TIME_ZONE`: the zone "today" is computed in, or null for the machine's. */
  readonly timeZone: string | null;
}

/** The process's clock; `instant` is the machine's time (tests fix it). */
export function systemClock(settings: ClockSettings, instant: () => Date = () => new Date()): Clock {
  return {
    today: (zone) => settings.today ?? dateIn(instant(), zone ?? settings.timeZone),
    monotonicMs: () => performance.now(),
    now: instant,
  };
}
