/**
 * How the stand-in reads a request's body and writes its answers: at once, cut halfway (an answer lost
 * on the way back) or in slow parts (a long answer over a slow line), as the faults of a test ask.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Reply } from './http.js';

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** A body as the stand-in holds it: the parsed value, and whether the text was JSON (or empty). */
export interface ParsedBody {
  value: unknown;
  json: boolean;
}

/** The body as recorded: parsed JSON, else the raw text, or null when empty. */
export function parseBody(raw: string): ParsedBody {
  if (raw === '') return { value: null, json: true };
  try {
    return { value: JSON.parse(raw) as unknown, json: true };
  } catch {
    return { value: raw, json: false };
  }
}

const textOf = (reply: Reply): string =>
  typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);

/** Answers; returns the body's size in bytes. A string body is a page, anything else JSON. */
export function send(res: ServerResponse, reply: Reply, headers: Record<string, string> = {}): number {
  const text = textOf(reply);
  const type =
    typeof reply.body === 'string' ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8';
  res.writeHead(reply.status, {
    'Content-Type': type,
    'Content-Length': Buffer.byteLength(text),
    ...reply.headers,
    ...headers,
  });
  res.end(text);
  return Buffer.byteLength(text);
}

/** Sends the head and half of the body, then destroys the socket: an answer that cannot be read. */
export function sendTruncated(res: ServerResponse, reply: Reply): void {
  const text = textOf(reply);
  res.writeHead(reply.status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.write(text.slice(0, Math.floor(text.length / 2)), () => res.destroy());
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends the head at once, then the body in ten parts `everyMs` apart (its length declared unless
 * `unsized`); returns the body's size.
 */
export async function sendTrickled(
  res: ServerResponse,
  reply: Reply,
  everyMs: number,
  unsized: boolean,
): Promise<number> {
  const bytes = Buffer.from(textOf(reply));
  res.writeHead(reply.status, {
    'Content-Type': 'application/json; charset=utf-8',
    ...(unsized ? {} : { 'Content-Length': bytes.length }),
  });
  res.flushHeaders();
  const part = Math.ceil(bytes.length / 10);
  for (let at = 0; at < bytes.length && !res.destroyed; at += part) {
    await sleep(everyMs);
    res.write(bytes.subarray(at, at + part));
  }
  res.end();
  return bytes.length;
}
