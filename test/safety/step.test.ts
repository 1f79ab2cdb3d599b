/**
 * One step of a write, alone: YNAB's answer taken as it is, a refusal thrown as it is, and a lost
 * answer settled by reads — shown, not shown yet, shown as something else, or not readable.
 */
import { describe, expect, it } from 'vitest';
import { UnknownOutcome } from '../../src/domain/write-outcome.js';
import { inWrite, runWithin } from '../../src/safety/outcome/run.js';
import { sendStep, type Step } from '../../src/safety/outcome/step.js';

const step = (send: () => Promise<number>, check: () => Promise<boolean | string>): Step<number> => ({
  send,
  check,
});
const lost = async (): Promise<number> => {
  throw new UnknownOutcome('timed out');
};

describe('sendStep', () => {
  it("an answer is YNAB's answer; a refusal is thrown as it is, with no read", async () => {
    let reads = 0;
    const count = async () => {
      reads += 1;
      return true;
    };
    expect(await sendStep(step(async () => 7, count))).toEqual({ end: 'answered', answer: 7 });
    const refused = sendStep(step(() => Promise.reject(new Error('YNAB 400: no')), count));
    await expect(refused).rejects.toThrow('YNAB 400: no');
    expect(reads).toBe(0);
  });

  it('a lost answer: shown, not shown yet, shown as something else, or not readable', async () => {
    expect(await sendStep(step(lost, async () => true))).toEqual({ end: 'shown', lost: 'timed out' });
    expect(await sendStep(step(lost, async () => false))).toEqual({ end: 'unseen', lost: 'timed out' });
    expect(await sendStep(step(lost, async () => 'it holds 3.00'))).toEqual({
      end: 'other',
      lost: 'timed out',
      held: 'it holds 3.00',
    });
    const unread = await sendStep(step(lost, () => Promise.reject(new Error('YNAB 500'))));
    expect(unread).toEqual({
      end: 'unread',
      lost: 'timed out',
      why: 'avenir-mcp could not check what YNAB holds: YNAB 500',
    });
  });

  it('a lost answer is read over the window until it shows, or until a check says no later read can change it', async () => {
    const run = runWithin({ windowMs: 40, sleep: async () => undefined });
    let reads = 0;
    const holding = (held: boolean | string) => async () => {
      reads += 1;
      return held;
    };
    // not shown: read at once and at each of the window's three later moments
    await inWrite(run, () => sendStep(step(lost, holding('it holds 3.00'))));
    expect(reads).toBe(4);
    reads = 0;
    // a step that declares such an answer final stops at the first read
    const decided: Step<number> = {
      ...step(lost, holding('cannot tell')),
      decided: (h) => typeof h === 'string',
    };
    expect(await inWrite(run, () => sendStep(decided))).toEqual({
      end: 'other',
      lost: 'timed out',
      held: 'cannot tell',
    });
    expect(reads).toBe(1);
    reads = 0;
    // and "not yet" is never final for it: reads go on
    const unseen: Step<number> = { ...step(lost, holding(false)), decided: (h) => typeof h === 'string' };
    expect(await inWrite(run, () => sendStep(unseen))).toEqual({ end: 'unseen', lost: 'timed out' });
    expect(reads).toBe(4);
  });
});
