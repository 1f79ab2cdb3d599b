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

/** The body as text, read chunk by chunk; rejects (with the abort's reason) when the watch aborts. */
export async function readBody(
  body: AsyncIterable<Uint8Array>,
  controller: AbortController,
  idleMs: number,
): Promise<string> {
  const watch = idleWatch(controller, idleMs, idleMs * BODY_CEILING_FACTOR);
  const chunks = body[Symbol.asyncIterator]();
  const decoder = new TextDecoder();
  const parts: string[] = [];
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
      parts.push(decoder.decode(chunk.value, { stream: true }));
    }
    parts.push(decoder.decode());
    return parts.join('');
  } catch (error) {
    await chunks.return?.().catch(() => undefined);
    throw error;
  } finally {
    watch.stop();
  }
}
