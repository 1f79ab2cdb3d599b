/**
 * One step of a write, alone: YNAB's answer taken as it is, a refusal thrown as it is, and a lost
 * answer settled by reads — shown, not shown yet, shown as something else, or not readable.
 */
import { describe, expect, it } from 'vitest';
import { UnknownOutcome } from '../../src/domain/write-outcome.js';
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
});
