/**
 * Reading a request body with its bytes counted as they arrive: past the limit the reading stops and the
 * request is answered 413 at once, so that a large POST (even an authenticated one) is never buffered
 * whole. The limit is the one of a stdio message: far above any tool call.
 */
import type { IncomingMessage } from 'node:http';
import { MAX_MESSAGE_BYTES } from './stdio-limit.js';

export const MAX_BODY_BYTES = MAX_MESSAGE_BYTES;

export const TOO_LARGE = `Payload too large: a request body may hold at most ${MAX_BODY_BYTES / 1024 / 1024} MB. Send fewer items per call.`;

/**
 * The body, or null as soon as it passes `limit` bytes (a Content-Length over it is refused unread). The
 * stream is only paused, never destroyed, so that the 413 can still be written on its connection.
 */
export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer | null> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = (): void => {
      req.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose);
      req.pause();
    };
    const onError = (error: Error): void => {
      stop();
      reject(error);
    };
    // a client that goes away mid-body leaves nobody to answer
    const onClose = (): void => onError(new Error('the client closed the connection before the body ended'));
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      stop();
      resolve(null);
    };
    const onEnd = (): void => {
      stop();
      resolve(Buffer.concat(chunks));
    };
    req.on('data', onData).on('end', onEnd).on('error', onError).on('close', onClose);
  });
}

/** How long, and how much, of a refused body is still read (and thrown away) after the 413 is sent. */
const DISCARD_MS = 1000;
const DISCARD_BYTES = 32 * 1024 * 1024;

/**
 * Closes the connection of a refused request without losing its answer. Closing a socket while unread
 * bytes of the body wait in it makes the kernel reset the connection, and a reset can discard the 413
 * before the client has read it. So the rest of the body is read and thrown away (never kept) for a
 * moment, long enough for the client to read the answer, and only then is the connection closed.
 */
export function discardThenClose(req: IncomingMessage): void {
  let discarded = 0;
  const close = (): void => {
    clearTimeout(timer);
    req.destroy();
  };
  const timer = setTimeout(close, DISCARD_MS);
  req.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > DISCARD_BYTES) close();
  });
  req.once('end', close);
  req.resume();
}
