/**
 * A write judged field by field as a step of the engine, alone (outside a write, so settling reads
 * once): judged from YNAB's answer, from one read when the answer shows nothing, from YNAB's word
 * when that read fails, and from the read-back after a lost answer — shown, part of it, none of it
 * (unknown: it may land late), or not readable.
 */
import { describe, expect, it } from 'vitest';
import { UnknownOutcome } from '../../src/domain/write-outcome.js';
import { checkedStep, checkedWrite, type CheckedWrite } from '../../src/safety/outcome/checked-step.js';

const ASKED = [{ key: 'tx-1', label: 'transaction tx-1', fields: { memo: 'new', flag_color: 'red' } }];
const BEFORE = new Map([['tx-1', { memo: 'old', flag_color: null }]]);
const holding = (memo: string, flag_color: string | null) => new Map([['tx-1', { memo, flag_color }]]);

const write = (send: CheckedWrite['send'], read: CheckedWrite['read']): CheckedWrite => ({
  asked: ASKED,
  before: BEFORE,
  send,
  read,
});
const lost = () => Promise.reject(new UnknownOutcome('no answer within 400 ms'));

describe('checkedWrite', () => {
  it("judged from YNAB's answer, without a read", async () => {
    let reads = 0;
    const v = await checkedWrite(
      write(
        async () => holding('new', null),
        async () => {
          reads += 1;
          return holding('new', 'red');
        },
      ),
    );
    expect(v).toMatchObject({ status: 'partial', lost: false, why: null });
    expect(reads).toBe(0);
  });

  it('an answer that shows nothing: one read judges it', async () => {
    const v = await checkedWrite(
      write(
        async () => null,
        async () => holding('new', 'red'),
      ),
    );
    expect(v).toMatchObject({ status: 'applied', lost: false, why: null });
  });

  it("an answer that shows nothing and a read that fails: YNAB's word, said unchecked", async () => {
    const v = await checkedWrite(
      write(
        async () => null,
        () => Promise.reject(new Error('YNAB 500: internal error')),
      ),
    );
    expect(v).toMatchObject({ status: 'applied', lost: false, landed: true });
    expect(v.why).toBe('avenir-mcp could not check what YNAB holds: YNAB 500: internal error');
  });

  it('a lost answer: shown, part of it, none of it yet (unknown), or not readable', async () => {
    expect(await checkedWrite(write(lost, async () => holding('new', 'red')))).toMatchObject({
      status: 'applied',
      lost: true,
    });
    expect(await checkedWrite(write(lost, async () => holding('new', null)))).toMatchObject({
      status: 'partial',
      lost: true,
    });
    const unseen = await checkedWrite(write(lost, async () => holding('old', null)));
    expect(unseen).toMatchObject({ status: 'unknown', unseenSeconds: 1 });
    const unread = await checkedWrite(write(lost, () => Promise.reject(new Error('YNAB 503'))));
    expect(unread).toMatchObject({ status: 'unknown', lost: true });
    expect(unread.why).toBe('no answer within 400 ms; avenir-mcp could not check what YNAB holds: YNAB 503');
  });

  it('a refusal is thrown as it is', async () => {
    await expect(
      checkedWrite(
        write(
          () => Promise.reject(new Error('YNAB 400: bad')),
          async () => BEFORE,
        ),
      ),
    ).rejects.toThrow('YNAB 400: bad');
  });
});

describe('checkedStep', () => {
  it('its check is the judge: in place, not at all, or what the judge says; the last verdict kept', async () => {
    let now = holding('old', null);
    const step = checkedStep(
      write(
        async () => null,
        async () => now,
      ),
    );
    expect(step.verdict()).toBeNull();
    expect(await step.check()).toBe(false);
    now = holding('new', null);
    expect(await step.check()).toBe('partial');
    expect(step.verdict()?.status).toBe('partial');
    now = holding('new', 'red');
    expect(await step.check()).toBe(true);
  });
});
