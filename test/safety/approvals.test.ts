/**
 * The store of card approvals on its own clock: a ticket gives its secret once, a secret applies once,
 * and both are gone after the 600 s a confirmation code lives, whether or not the card took the secret.
 */
import { describe, expect, it } from 'vitest';
import { ApprovalStore, type PendingApproval } from '../../src/safety/approvals.js';
import { LIFETIME_MS } from '../../src/safety/codes.js';

const pending: PendingApproval = {
  tool: 'move_money',
  input: { amount: 10 },
  planId: 'demo-budget',
  fingerprint: 'f1',
  question: 'Move 10.00?',
};

describe('ApprovalStore', () => {
  it('gives a secret once per ticket, and applies it once', () => {
    const store = new ApprovalStore(() => 0);
    const ticket = store.open(pending);
    const first = store.reveal(ticket);
    expect(first?.pending).toEqual(pending);
    expect(store.reveal(ticket)).toBeNull();
    expect(store.take(first!.secret)).toEqual(pending);
    expect(store.take(first!.secret)).toBeNull();
    expect(store.take('a guessed secret')).toBeNull();
  });

  it('forgets tickets and their secrets after 600 s, taken or not', () => {
    let now = 0;
    const store = new ApprovalStore(() => now);
    const revealed = store.reveal(store.open(pending));
    const untaken = store.open(pending);
    now = 600_001;
    store.open(pending); // any use sweeps what expired
    expect(store.take(revealed!.secret)).toBeNull();
    expect(store.reveal(untaken)).toBeNull();
  });

  it('still honours a secret within its 600 s', () => {
    let now = 0;
    const store = new ApprovalStore(() => now);
    const revealed = store.reveal(store.open(pending));
    now = 599_000;
    expect(store.take(revealed!.secret)).toEqual(pending);
  });
});

/*
 * Card approvals at the edges of their 600 s: the last millisecond still counts, a process that has
 * run for hours counts from when the ticket was opened, and a ticket or secret that expired is
 * refused by the very call that presents it (no other use of the store needed to sweep it first).
 */
describe('over time', () => {
  const pending: PendingApproval = {
    tool: 'set_category_budget',
    input: { amount: 50 },
    planId: 'demo-budget',
    fingerprint: 'f2',
    question: 'Set Groceries to 50.00?',
  };

  describe('card approvals over time', () => {
    it('honour a secret up to the last millisecond of its 600 s', () => {
      let now = 0;
      const store = new ApprovalStore(() => now);
      const revealed = store.reveal(store.open(pending));
      now = LIFETIME_MS;
      expect(store.take(revealed!.secret)).toEqual(pending);
    });

    it('opened late in a long-running process live their 600 s from when they were opened', () => {
      let now = 5 * 3_600_000;
      const store = new ApprovalStore(() => now);
      const ticket = store.open(pending);
      now += 1_000;
      const revealed = store.reveal(ticket);
      expect(revealed?.pending).toEqual(pending);
      now += 1_000;
      expect(store.take(revealed!.secret)).toEqual(pending);
    });

    it('refuse a ticket presented after 600 s, on that call alone', () => {
      let now = 0;
      const store = new ApprovalStore(() => now);
      const ticket = store.open(pending);
      now = LIFETIME_MS + 1;
      expect(store.reveal(ticket)).toBeNull();
    });

    it('refuse a secret presented after 600 s, on that call alone', () => {
      let now = 0;
      const store = new ApprovalStore(() => now);
      const revealed = store.reveal(store.open(pending));
      now = LIFETIME_MS + 1;
      expect(store.take(revealed!.secret)).toBeNull();
    });
  });
});
