/**
 * Approvals answered in an MCP Apps card rather than with a code the agent relays. A card preview opens
 * a ticket (bound to the tool, its arguments and the change's fingerprint); the card trades the ticket,
 * once, for a secret through a tool only the app can call, and answers with that secret through
 * another. The agent sees the ticket at most, never the secret: what it can read cannot apply
 * anything. A secret lives as long as a code (600 s, monotonic) and is spent by its first use,
 * whatever that use was, so a second click, a replay or a guess changes nothing.
 */
import { randomBytes } from 'node:crypto';
import { LIFETIME_MS } from './codes.js';

/** What a ticket stands for: the call to repeat and the change the user is shown. */
export interface PendingApproval {
  tool: string;
  /** The tool's parsed arguments, to run it again when the user approves. */
  input: Record<string, unknown>;
  planId: string;
  fingerprint: string;
  question: string;
}

interface Entry {
  pending: PendingApproval;
  at: number;
  /** The secret, once the card took it; a ticket gives it out only once. */
  secret: string | null;
}

/**
 * What the card tools need of an approval store: this process-memory one in single-owner modes, or
 * hosted mode's on the store (src/hosted/store-approvals.ts), whose spends are database statements.
 */
export interface Approvals {
  open(pending: PendingApproval): string | Promise<string>;
  reveal(
    ticket: string,
  ):
    | { secret: string; pending: PendingApproval }
    | null
    | Promise<{ secret: string; pending: PendingApproval } | null>;
  take(secret: string): PendingApproval | null | Promise<PendingApproval | null>;
}

export class ApprovalStore implements Approvals {
  readonly #now: () => number;
  readonly #tickets = new Map<string, Entry>();
  /** A secret given out, with its ticket and what it approves. */
  readonly #secrets = new Map<string, { ticket: string; pending: PendingApproval }>();

  constructor(now: () => number) {
    this.#now = now;
  }

  #dropExpired(): void {
    const now = this.#now();
    for (const [ticket, e] of this.#tickets) {
      if (now - e.at <= LIFETIME_MS) continue;
      this.#tickets.delete(ticket);
      if (e.secret !== null) this.#secrets.delete(e.secret);
    }
  }

  /** Opens a ticket for a previewed change (16 random bytes, base64url). */
  open(pending: PendingApproval): string {
    this.#dropExpired();
    const ticket = randomBytes(16).toString('base64url');
    this.#tickets.set(ticket, { pending, at: this.#now(), secret: null });
    return ticket;
  }

  /**
   * The secret of a ticket and what it approves, given once: null when the ticket is unknown, expired
   * or was already opened (a second card, or anything else, gets nothing).
   */
  reveal(ticket: string): { secret: string; pending: PendingApproval } | null {
    this.#dropExpired();
    const entry = this.#tickets.get(ticket);
    if (entry === undefined || entry.secret !== null) return null;
    entry.secret = randomBytes(32).toString('base64url');
    this.#secrets.set(entry.secret, { ticket, pending: entry.pending });
    return { secret: entry.secret, pending: entry.pending };
  }

  /** Spends a secret: what it approves when it is known and at most 600 s old, else null. */
  take(secret: string): PendingApproval | null {
    this.#dropExpired();
    const given = this.#secrets.get(secret);
    if (given === undefined) return null;
    this.#secrets.delete(secret);
    this.#tickets.delete(given.ticket);
    return given.pending;
  }
}
