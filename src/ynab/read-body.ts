/**
 * Reading an answer's body under an idle timeout. The first full download of a large plan's
 * transactions is one unpaginated answer of tens of megabytes: over a slow line it takes longer than the
 * 30 s allowed for an answer to begin, though bytes keep coming. So once the headers are in, what
 * counts is the time between bytes (the same 30 s), under a generous ceiling for the whole body, so
 * that a server trickling a byte now and then cannot hold a request for ever.
 */

/** The whole body may take this many times the idle timeout (10 min for 30 s). */
export const BODY_CEILING_FACTOR = 20;

const timeout = (message: string): DOMException => new DOMException(message, 'TimeoutError');

/** Aborts `controller` unless `touch()` is called at least every `idleMs`, and after `ceilingMs` in all. */
export function idleWatch(
  controller: AbortController,
  idleMs: number,
  ceilingMs: number,
): { touch(): void; stop(): void } {
  let idle: ReturnType<typeof setTimeout> | undefined;
  const ceiling = setTimeout(
    () => controller.abort(timeout(`the answer took longer than ${ceilingMs} ms in all`)),
    ceilingMs,
  );
  const touch = (): void => {
    clearTimeout(idle);
    idle = setTimeout(() => controller.abort(timeout(`no byte of the answer for ${idleMs} ms`)), idleMs);
  };
  touch();
  return {
    touch,
    stop() {
      clearTimeout(idle);
      clearTimeout(ceiling);
    },
  };
}

/** Where a body's chunks go as they arrive, and what it becomes once whole. */
export interface BodySink<T> {
  add(chunk: Uint8Array): void;
  end(): T;
  /** The body will not be read to its end (a timeout, a cut connection). */
  abort?(): void;
}

const BOM = [0xef, 0xbb, 0xbf];
/** The bytes of a UTF-8 byte order mark: a chunk shorter than that cannot tell one yet. */
export const BOM_LENGTH = BOM.length;

/** The bytes without a leading UTF-8 byte order mark, dropped as TextDecoder drops it. */
export const withoutBom = (bytes: Buffer): Buffer =>
  BOM.every((b, i) => bytes[i] === b) ? bytes.subarray(BOM.length) : bytes;

/**
 * The body as UTF-8 text (for answers that are not a success: an error's JSON, a proxy's page). The
 * bytes are kept and decoded once at the end, a leading byte order mark dropped as TextDecoder does.
 */
export function textSink(): BodySink<string> {
  const parts: Buffer[] = [];
  return {
    add: (chunk) => void parts.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length)),
    end: () => withoutBom(Buffer.concat(parts)).toString('utf8'),
  };
}

/**
 * The body read chunk by chunk into `sink` (text unless told otherwise); rejects (with the abort's
 * reason) when the watch aborts.
 */
export function readBody(
  body: AsyncIterable<Uint8Array>,
  controller: AbortController,
  idleMs: number,
): Promise<string>;
export function readBody<T>(
  body: AsyncIterable<Uint8Array>,
  controller: AbortController,
  idleMs: number,
  sink: BodySink<T>,
): Promise<T>;
export async function readBody<T>(
  body: AsyncIterable<Uint8Array>,
  controller: AbortController,
  idleMs: number,
  sink: BodySink<T | string> = textSink(),
): Promise<T | string> {
  const watch = idleWatch(controller, idleMs, idleMs * BODY_CEILING_FACTOR);
  const chunks = body[Symbol.asyncIterator]();
  const aborted = new Promise<never>((_, reject) => {
    const fail = (): void => reject(controller.signal.reason as Error);
    if (controller.signal.aborted) fail();
    else controller.signal.addEventListener('abort', fail, { once: true });
  });
  aborted.catch(() => undefined);
  try {
    for (;;) {
      const chunk = await Promise.race([chunks.next(), aborted]);
      if (chunk.done === true) break;
      watch.touch();
      sink.add(chunk.value);
    }
    return sink.end();
  } catch (error) {
    sink.abort?.();
    await chunks.return?.().catch(() => undefined);
    throw error;
  } finally {
    watch.stop();
  }
}
