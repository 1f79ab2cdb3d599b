/**
 * The undo step runner alone, on steps whose sends and reads the test scripts: every step in place;
 * the first refused (the error as it is); a lost answer shown later in the window (the undo goes
 * on); the first lost and not shown (unknown, pending, rechecked by one read); the first lost and
 * unreadable (pending when the kind says so, else halfway); a kind's own "neither" answer; a later
 * step refused or lost (halfway, with what is done, what is left and its remainder).
 */
import { describe, expect, it } from 'vitest';
import { UnknownOutcome } from '../../src/domain/write-outcome.js';
import { runSteps, type StepFailure, type StepTexts, type UndoStep } from '../../src/safety/undo/steps.js';
import { HalfUndone } from '../../src/safety/undo/types.js';

type Sent = 'ok' | 'refused' | 'lost';
interface Scripted extends UndoStep {
  name: string;
  sent: number;
}

/** A step that answers `sent`, and whose reads answer `checks` in turn (the last one repeats). */
function step(name: string, sent: Sent, checks: (boolean | string | Error)[] = [true]): Scripted {
  let reads = 0;
  const s: Scripted = {
    name,
    sent: 0,
    send: async () => {
      s.sent += 1;
      if (sent === 'refused') throw new Error('YNAB 400: no');
      if (sent === 'lost') throw new UnknownOutcome('timed out');
    },
    check: async () => {
      const answer = checks[Math.min(reads++, checks.length - 1)] as boolean | string | Error;
      if (answer instanceof Error) throw answer;
      return answer;
    },
  };
  return s;
}

const seen: StepFailure[] = [];
const texts = (pendingOnUnread: boolean): StepTexts<Scripted> => ({
  check: 'find_transactions',
  firstUnseen: (s, seconds) => `${s.name} not shown in ${seconds} s`,
  ...(pendingOnUnread ? { firstUnknown: (s: Scripted, why: string) => `${s.name} unread: ${why}` } : {}),
  halfway: (done, left, failure) => {
    seen.push(failure);
    return `done ${done.map((d) => d.name).join(',')}; left ${left.map((l) => l.name).join(',')}`;
  },
  remainder: (left) => left.map((l) => ({ kind: 'create', details: { transaction_ids: [l.name] } })),
});

const caught = async (work: Promise<unknown>): Promise<unknown> =>
  work.then(
    () => null,
    (e: unknown) => e,
  );

describe('runSteps', () => {
  it('every step in place: each sent once', async () => {
    const steps = [step('a', 'ok'), step('b', 'ok')];
    await runSteps(steps, texts(false));
    expect(steps.map((s) => s.sent)).toEqual([1, 1]);
  });

  it('the first refused: the error as YNAB gave it, nothing more sent', async () => {
    const steps = [step('a', 'refused'), step('b', 'ok')];
    expect(String(await caught(runSteps(steps, texts(false))))).toContain('YNAB 400: no');
    expect(steps.map((s) => s.sent)).toEqual([1, 0]);
  });

  it('a lost answer that a read within the window shows: the undo goes on', async () => {
    const steps = [step('a', 'lost', [true]), step('b', 'ok')];
    await runSteps(steps, texts(false));
    expect(steps.map((s) => s.sent)).toEqual([1, 1]);
  });

  it('the first lost and not shown: unknown, rechecked later by one read', async () => {
    const a = step('a', 'lost', [false, false, true]);
    const error = await caught(runSteps([a, step('b', 'ok')], texts(false)));
    expect(error).toBeInstanceOf(UnknownOutcome);
    expect((error as UnknownOutcome).message).toBe('a not shown in 1 s');
    expect(await (error as UnknownOutcome).recheck?.()).toBe(false);
    expect(await (error as UnknownOutcome).recheck?.()).toBe(true);
    expect(a.sent).toBe(1);
  });

  it('the first lost and unreadable: pending when the kind says so, else halfway with all of it left', async () => {
    const pending = await caught(runSteps([step('a', 'lost', [new Error('YNAB 500')])], texts(true)));
    expect((pending as UnknownOutcome).message).toBe(
      'a unread: avenir-mcp could not check what YNAB holds: YNAB 500',
    );
    seen.length = 0;
    const halfway = await caught(runSteps([step('a', 'lost', [new Error('YNAB 500')])], texts(false)));
    expect(halfway).toBeInstanceOf(HalfUndone);
    expect((halfway as HalfUndone).uncertain).toBe(true);
    expect((halfway as HalfUndone).remainders).toEqual([
      { kind: 'create', details: { transaction_ids: ['a'] } },
    ]);
    expect(seen).toEqual([
      { unknown: 'it could not be checked (avenir-mcp could not check what YNAB holds: YNAB 500)' },
    ]);
  });

  it("the first lost and the kind's own answer (neither state): halfway, unknown, its words", async () => {
    seen.length = 0;
    const error = await caught(runSteps([step('a', 'lost', ['the amount is neither'])], texts(true)));
    expect(error).toBeInstanceOf(HalfUndone);
    expect(seen).toEqual([{ unknown: 'the amount is neither' }]);
  });

  it('a later step refused or lost: halfway, what is done and what is left', async () => {
    seen.length = 0;
    const refused = await caught(
      runSteps([step('a', 'ok'), step('b', 'refused'), step('c', 'ok')], texts(false)),
    );
    expect((refused as HalfUndone).message).toBe('done a; left b,c');
    expect((refused as HalfUndone).uncertain).toBe(false);
    const lost = await caught(runSteps([step('a', 'ok'), step('b', 'lost', [false])], texts(false)));
    expect((lost as HalfUndone).uncertain).toBe(true);
    expect(seen).toEqual([{ refused: 'YNAB 400: no' }, { unseen: true, seconds: 1 }]);
  });
});
