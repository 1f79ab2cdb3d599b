/**
 * Two limits on how far V8 lets the heap grow before it collects, both for the server's peak memory;
 * set by the CLI entry before anything else is loaded (and by the hosted bench's instances, so that
 * the bench measures what an operator runs).
 *
 * The young generation stays at its starting size. V8 doubles it whenever many young objects survive
 * a collection, and the first download of a large plan is exactly that (sixty thousand rows that all
 * survive): it then stays at its largest for the life of the process, a large part of the server's
 * peak memory after the rows themselves. Kept small, the heaviest single read peaks about 30 MiB
 * lower, for no more CPU on the cold path.
 *
 * The old generation may grow to twice what the last full collection kept, not up to four times.
 * V8 picks that factor from how fast it collects; after a large plan's first download it picked the
 * largest, so the garbage of every later tool piled up to about 185 MiB before a collection, while
 * what the server really keeps once every read tool has run is about 55 MiB of heap. With the factor
 * at 2 the same run peaks near 150 MiB.
 *
 * Both are read each time V8 considers growing, so they take effect when set after start, unlike the
 * size limits, which are fixed at start (and would need a flag on the command line, which neither a
 * shebang nor the desktop extension's launcher can pass). docs/performance.md has the A/B runs.
 */
import v8 from 'node:v8';

export const HEAP_FLAGS = ['--semi-space-growth-factor=1', '--heap-growing-percent=100'] as const;

export function limitHeapGrowth(): void {
  for (const flag of HEAP_FLAGS) {
    try {
      v8.setFlagsFromString(flag);
    } catch {
      // a runtime that refuses a flag keeps V8's default: more memory, nothing else
    }
  }
}
