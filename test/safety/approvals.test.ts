/**
 * The store of card approvals on its own clock: a ticket gives its secret once, a secret applies once,
 * and both are gone after the 600 s a confirmation code lives, whether or not the card took the secret.
 */
import { describe, expect, it } from 'vitest';
import { ApprovalStore, type PendingApproval } from '../../src/safety/approvals.js';

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
