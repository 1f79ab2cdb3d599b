/**
 * Reading a request body with its bytes counted as they arrive: past the limit the reading stops and the
 * request is answered 413 at once, so that a large POST (even an authenticated one) is never buffered
 * whole. The limit is the one of a stdio message: far above any tool call.
 */
import type { IncomingMessage } from 'node:http';
import { MAX_MESSAGE_BYTES } from './stdio-limit.js';

export const MAX_BODY_BYTES = MAX_MESSAGE_BYTES;

export const TOO_LARGE = `Payload too large: a request body may hold at most ${MAX_BODY_BYTES / 1024 / 1024} MB. Send fewer items per call.`;

/** The body, or null as soon as it passes `limit` bytes (a Content-Length over it is refused unread). */
export async function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer | null> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
