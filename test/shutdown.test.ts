/** Ending with the input: everything is closed in order, a failure is reported, the deadline exits. */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { endWithInput } from '../src/shutdown.js';

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
