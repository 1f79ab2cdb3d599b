/**
 * Ending with the input (stdio) or on a signal (HTTP): everything is closed in order, a failure is
 * reported, the deadline exits.
 */
import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { drainDeadlineMs, endOnSignal, endWithInput } from '../src/shutdown.js';

const tick = (ms = 0): Promise<void> => new Promise((r) => setTimeout(r, ms));

describe('endWithInput', () => {
  it('closes each part once, in order, when the input ends, and exits at the deadline', async () => {
    const input = new PassThrough();
    const events: string[] = [];
    const errors: Error[] = [];
    endWithInput(input, {
      close: [
        async () => void events.push('connection'),
        () => Promise.reject(new Error('stand-in would not close')),
        async () => void events.push('last'),
      ],
      deadlineMs: 30,
      onerror: (e) => errors.push(e),
      exit: (code) => events.push(`exit ${code}`),
    });
    input.resume();
    await tick();
    expect(events).toEqual([]);
    input.end();
    input.destroy();
    await tick(5);
    expect(events).toEqual(['connection', 'last']);
    expect(errors.map((e) => e.message)).toEqual(['stand-in would not close']);
    await tick(60);
    expect(events).toEqual(['connection', 'last', 'exit 0']);
  });
});

describe('endOnSignal', () => {
  it('on SIGTERM runs each step in order, then exits 0 before the deadline', async () => {
    const source = new EventEmitter();
    const events: string[] = [];
    let release!: () => void;
    endOnSignal(source, {
      close: [
        () => new Promise<void>((r) => (events.push('drain'), (release = r))),
        async () => void events.push('close'),
      ],
      deadlineMs: 10_000,
      onsignal: (s) => events.push(s),
      onerror: () => {},
      exit: (code) => events.push(`exit ${code}`),
    });
    source.emit('SIGTERM');
    await tick();
    expect(events).toEqual(['SIGTERM', 'drain']);
    release();
    await tick();
    expect(events).toEqual(['SIGTERM', 'drain', 'close', 'exit 0']);
  });

  it('exits 0 at the deadline when a step never ends, and 1 at once on a second signal', async () => {
    const source = new EventEmitter();
    const events: string[] = [];
    endOnSignal(source, {
      close: [() => new Promise<void>(() => {})],
      deadlineMs: 20,
      ondeadline: () => events.push('deadline'),
      onerror: () => {},
      exit: (code) => events.push(`exit ${code}`),
    });
    source.emit('SIGINT');
    await tick(60);
    expect(events).toEqual(['deadline', 'exit 0']);

    const impatient = new EventEmitter();
    const codes: number[] = [];
    endOnSignal(impatient, {
      close: [() => new Promise<void>(() => {})],
      deadlineMs: 10_000,
      onerror: () => {},
      exit: (code) => codes.push(code),
    });
    impatient.emit('SIGTERM');
    impatient.emit('SIGTERM');
    expect(codes).toEqual([1]);
  });

  it('bounds a drain by the YNAB timeout, the settling window and a margin', () => {
    expect(drainDeadlineMs({ ynabTimeoutMs: 30_000, settleMs: 8_000 })).toBe(43_000);
  });
});
