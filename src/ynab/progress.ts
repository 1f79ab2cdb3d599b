/**
 * Progress of YNAB's answers while they download, told to the tool call waiting for them. A large plan's
 * first full load is one answer of tens of megabytes (7.6 s on the benchmark's heavy plan over loopback,
 * minutes over a slow line), and a client that asked for progress with a `progressToken` heard nothing
 * until the result. Each call that asked runs inside `withProgress` with its sink (the one write settling
 * uses: mcp/progress-sink.ts); an answer read under it counts its bytes (and the rows parsed so
 * far), and the call is told at most once every PROGRESS_EVERY_MS, never once the call has ended. A call
 * that asked for nothing runs as before: its answers' sinks are not even wrapped.
 *
 * What is told adds up every answer the call downloaded: `progress` is their bytes so far, `total` the
 * sum of their lengths (given only while every answer under way declared its Content-Length), so both
 * only grow. A call that waits behind another call's read of the same list (ynab/cache.ts reads a list
 * once at a time) follows that call's downloads meanwhile, counted and throttled for itself.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { BodySink } from './read-body.js';

/** Where a call's progress goes: a text, with the amount done so far and the total when known. */
export type ProgressSink = (message: string, amount?: { progress: number; total?: number }) => void;

/** At most four notifications a second per call: a client redraws a bar, it does not need every chunk. */
export const PROGRESS_EVERY_MS = 250;

const MEGABYTE = 1_000_000;
const KILOBYTE = 1_000;
const COUNT = new Intl.NumberFormat('en-US');

/** What the message of a download says: `the plan's transactions`, 4.2 of 22.0 MB, rows so far. */
export function downloadText(
  what: string,
  received: number,
  length: number | undefined,
  rows: number,
): string {
  const mega = Math.max(received, length ?? 0) >= MEGABYTE;
  const size = (bytes: number): string =>
    mega ? (bytes / MEGABYTE).toFixed(1) : String(Math.round(bytes / KILOBYTE));
  const unit = mega ? 'MB' : 'kB';
  const amount =
    length === undefined
      ? `${size(received)} ${unit} so far`
      : `${size(received)} of ${size(length)} ${unit}`;
  const parsed = rows > 0 ? `, ${COUNT.format(rows)} rows read` : '';
  return `Downloading ${what} from YNAB: ${amount}${parsed}.`;
}

/** One answer being read: by which call, how much came, of how much, how many rows are parsed. */
class Download {
  received = 0;
  constructor(
    readonly origin: Scope,
    readonly what: string,
    readonly length: number | undefined,
    readonly rows: () => number,
  ) {}
}

/** One call's progress: the downloads it counts, its throttle, and the calls that follow it. */
export class Scope {
  #bytes = 0;
  #total = 0;
  /** Downloads under way without a declared length: while there is one, no total is told. */
  #unsized = 0;
  readonly #counting = new Set<Download>();
  readonly #followers = new Set<Scope>();
  #last: number;
  #closed = false;

  constructor(
    readonly sink: ProgressSink,
    readonly now: () => number,
  ) {
    this.#last = now();
  }

  /** A download of this call begins: its length counts in the total (or withholds it) from now on. */
  began(download: Download): void {
    this.#join(download);
    for (const follower of this.#followers) follower.#join(download);
  }

  /** `n` more bytes of a download of this call: counted here and by the calls following it. */
  grew(download: Download, n: number): void {
    this.#see(download, n);
    for (const follower of this.#followers) follower.#see(download, n);
  }

  /** A download of this call ended (read whole, or failed): its total becomes what came. */
  ended(download: Download): void {
    this.#end(download);
    for (const follower of this.#followers) follower.#end(download);
  }

  /**
   * Tells this call of `ahead`'s downloads too, until the returned function is called; then those
   * still under way count as far as they came (their ends will not be told here).
   */
  follow(ahead: Scope): () => void {
    if (ahead === this) return () => undefined;
    ahead.#followers.add(this);
    return () => {
      ahead.#followers.delete(this);
      for (const download of this.#counting) if (download.origin === ahead) this.#end(download);
    };
  }

  /** The call has its result: nothing more is told. */
  close(): void {
    this.#closed = true;
  }

  /** Counts a download from now on, with what it has received so far (a follower may join part way). */
  #join(download: Download): void {
    if (this.#closed) return;
    this.#counting.add(download);
    this.#bytes += download.received;
    if (download.length === undefined) this.#unsized += 1;
    else this.#total += download.length;
  }

  #see(download: Download, n: number): void {
    if (this.#closed) return;
    if (this.#counting.has(download)) this.#bytes += n;
    else this.#join(download);
    const now = this.now();
    if (now - this.#last < PROGRESS_EVERY_MS) return;
    this.#last = now;
    const { what, received, length } = download;
    const total = this.#unsized === 0 ? { total: this.#total } : {};
    this.sink(downloadText(what, received, length, download.rows()), { progress: this.#bytes, ...total });
  }

  #end(download: Download): void {
    if (!this.#counting.delete(download)) return;
    if (download.length === undefined) this.#unsized -= 1;
    this.#total += download.received - (download.length ?? 0);
  }
}

const current = new AsyncLocalStorage<Scope>();

/**
 * Runs `work` (a tool call) with its downloads told to `sink`; closes the scope before the result
 * leaves, so that nothing is told after it. Without a sink, `work` runs as it is.
 */
export async function withProgress<T>(
  sink: ProgressSink | undefined,
  work: () => Promise<T>,
  now: () => number = () => performance.now(),
): Promise<T> {
  if (sink === undefined) return work();
  const scope = new Scope(sink, now);
  try {
    return await current.run(scope, work);
  } finally {
    scope.close();
  }
}

/** The progress scope of the running call, or undefined when it asked for none. */
export const currentScope = (): Scope | undefined => current.getStore();

/** Tells the running call (if it asked) of the downloads of `ahead` until the function returned is called. */
export function followAll(ahead: readonly Scope[]): () => void {
  const scope = current.getStore();
  if (scope === undefined || ahead.length === 0) return () => undefined;
  const stops = ahead.map((other) => scope.follow(other));
  return () => stops.forEach((stop) => stop());
}

/** A sink that can say how many rows it has parsed (json-rows.ts). */
type Counting<T> = BodySink<T> & { readonly rows?: number };

/**
 * `sink`, counted for the running call's progress as what `about` names (`the plan's transactions`,
 * and its length in bytes when declared); `sink` itself when the call asked for no progress, and
 * `about` is then never called.
 */
export function watched<T>(sink: Counting<T>, about: () => [string, number | undefined]): BodySink<T> {
  const scope = current.getStore();
  if (scope === undefined) return sink;
  const [what, length] = about();
  const download = new Download(scope, what, length, () => sink.rows ?? 0);
  scope.began(download);
  return {
    add(chunk) {
      sink.add(chunk);
      download.received += chunk.length;
      scope.grew(download, chunk.length);
    },
    end() {
      scope.ended(download);
      return sink.end();
    },
    abort() {
      scope.ended(download);
      sink.abort?.();
    },
  };
}
