/**
 * Passphrase tries: at most `max` wrong ones in any `windowMs`, for the whole server. One owner, so one
 * budget: behind the proxy every request comes from the same address, and a per-address count would
 * let an attacker spread guesses. The cost is that a stranger can make the owner wait out the window.
 */
const MINUTE_MS = 60_000;

export class TryLimiter {
  private failures: number[] = [];

  constructor(
    readonly max = 5,
    readonly windowMs = 15 * MINUTE_MS,
    private readonly now: () => number = Date.now,
  ) {}

  private prune(): void {
    const since = this.now() - this.windowMs;
    this.failures = this.failures.filter((t) => t > since);
  }

  /** Milliseconds until a try is allowed again; 0 when one is allowed now. */
  waitMs(): number {
    this.prune();
    if (this.failures.length < this.max) return 0;
    return (this.failures[0] ?? 0) + this.windowMs - this.now();
  }

  /** Wrong passphrases still taken before the pause begins. */
  triesLeft(): number {
    this.prune();
    return Math.max(0, this.max - this.failures.length);
  }

  fail(): void {
    this.failures.push(this.now());
  }

  succeed(): void {
    this.failures = [];
  }
}
