/**
 * The one rule for "today": the date an instant falls on in the user's zone. Near a month's end the
 * user's date and the machine's (often UTC, on a remote host) name different months, and every
 * "today" of the server comes from this rule.
 */
import { describe, expect, it } from 'vitest';
import { dateIn, systemClock, timeZoneName } from '../src/clock.js';

const at = (iso: string): Date => new Date(iso);

describe('dateIn: the date an instant falls on in a zone', () => {
  it.each([
    // 03:00 UTC on 1 September: 20:00 on 31 August in Los Angeles (UTC−7 in summer)
    ['2026-09-01T03:00:00Z', 'America/Los_Angeles', '2026-08-31'],
    ['2026-09-01T03:00:00Z', 'UTC', '2026-09-01'],
    // UTC−8 in winter: 16:00 on the last day of January is already February in UTC
    ['2027-02-01T00:00:00Z', 'America/Los_Angeles', '2027-01-31'],
    ['2027-01-31T23:59:59Z', 'America/Los_Angeles', '2027-01-31'],
    ['2027-02-01T07:59:59Z', 'America/Los_Angeles', '2027-01-31'],
    ['2027-02-01T08:00:00Z', 'America/Los_Angeles', '2027-02-01'],
    // UTC+14: from 10:00 UTC on the last day of a month, Kiritimati is in the next month
    ['2026-08-31T09:59:59Z', 'Pacific/Kiritimati', '2026-08-31'],
    ['2026-08-31T10:00:00Z', 'Pacific/Kiritimati', '2026-09-01'],
    ['2026-12-31T12:00:00Z', 'Pacific/Kiritimati', '2027-01-01'],
    // a zone whose clocks change: Paris is UTC+2 in summer, UTC+1 in winter
    ['2026-06-30T21:59:59Z', 'Europe/Paris', '2026-06-30'],
    ['2026-06-30T22:00:00Z', 'Europe/Paris', '2026-07-01'],
    ['2026-12-31T22:59:59Z', 'Europe/Paris', '2026-12-31'],
    ['2026-12-31T23:00:00Z', 'Europe/Paris', '2027-01-01'],
    // a half-hour zone, and a leap day
    ['2028-02-28T18:30:00Z', 'Asia/Kolkata', '2028-02-29'],
    // a year before 1000 keeps four digits
    ['0999-06-15T12:00:00Z', 'UTC', '0999-06-15'],
  ])('%s in %s is %s', (instant, zone, date) => {
    expect(dateIn(at(instant), zone)).toBe(date);
  });

  it("without a zone, takes the machine's local date", () => {
    const instant = new Date(2026, 0, 5, 23, 59);
    expect(dateIn(instant, null)).toBe('2026-01-05');
    expect(dateIn(new Date(2026, 11, 31), null)).toBe('2026-12-31');
    const d = at('2026-09-01T03:00:00Z');
    const local = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    expect(dateIn(d, null)).toBe(local);
  });

  it("follows the machine's zone when it has no configured one", () => {
    const before = process.env.TZ;
    try {
      process.env.TZ = 'Pacific/Kiritimati';
      expect(dateIn(at('2026-08-31T12:00:00Z'), null)).toBe('2026-09-01');
      process.env.TZ = 'America/Los_Angeles';
      expect(dateIn(at('2026-09-01T03:00:00Z'), null)).toBe('2026-08-31');
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  });
});

describe('timeZoneName: which zones are taken', () => {
  it.each([
    ['Europe/Paris', 'Europe/Paris'],
    ['europe/paris', 'Europe/Paris'],
    ['AMERICA/LOS_ANGELES', 'America/Los_Angeles'],
    ['Pacific/Kiritimati', 'Pacific/Kiritimati'],
    ['UTC', 'UTC'],
    ['Etc/GMT+8', 'Etc/GMT+8'],
  ])('%j is %j', (raw, name) => {
    expect(timeZoneName(raw)).toBe(name);
  });

  it.each([
    'Mars/Olympus_Mons',
    'Paris',
    '+01:00',
    '-08:00',
    '+0100',
    ' Europe/Paris',
    'Europe/Paris ',
    'CEST',
  ])('%j is refused', (raw) => {
    expect(timeZoneName(raw)).toBeNull();
  });
});

describe('systemClock: today in the configured zone, a pinned date first', () => {
  const instant = (): Date => at('2026-08-31T12:00:00Z');

  it('computes today in the configured zone, or in one the call names', () => {
    const clock = systemClock({ today: null, timeZone: 'Pacific/Kiritimati' }, instant);
    expect(clock.today()).toBe('2026-09-01');
    expect(clock.today('America/Los_Angeles')).toBe('2026-08-31');
    expect(clock.today('UTC')).toBe('2026-08-31');
  });

  it("takes the machine's zone without a configured one", () => {
    const clock = systemClock({ today: null, timeZone: null }, instant);
    expect(clock.today()).toBe(dateIn(instant(), null));
    expect(clock.today('Pacific/Kiritimati')).toBe('2026-09-01');
  });

  it('gives the pinned date whatever the zone', () => {
    const clock = systemClock({ today: '2026-09-25', timeZone: 'Pacific/Kiritimati' }, instant);
    expect(clock.today()).toBe('2026-09-25');
    expect(clock.today('America/Los_Angeles')).toBe('2026-09-25');
  });

  it('reads the instant at each call, and keeps timestamps as UTC instants', () => {
    let now = at('2026-08-31T09:59:59Z');
    const clock = systemClock({ today: null, timeZone: 'Pacific/Kiritimati' }, () => now);
    expect(clock.today()).toBe('2026-08-31');
    now = at('2026-08-31T10:00:00Z');
    expect(clock.today()).toBe('2026-09-01');
    expect(clock.now().toISOString()).toBe('2026-08-31T10:00:00.000Z');
  });

  it('reads the real time by default', () => {
    const clock = systemClock({ today: null, timeZone: 'UTC' });
    const before = new Date().toISOString().slice(0, 10);
    const today = clock.today();
    const after = new Date().toISOString().slice(0, 10);
    expect([before, after]).toContain(today);
    expect(Math.abs(clock.now().getTime() - Date.now())).toBeLessThan(1000);
    const t = clock.monotonicMs();
    expect(clock.monotonicMs()).toBeGreaterThanOrEqual(t);
  });
});
