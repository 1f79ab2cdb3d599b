/**
 * The size limit of one stdio message. The SDK's stdio reader closes the whole connection when one
 * line passes 10 MB, which ends the server (and with it the confirmation codes, the caches and the
 * count of YNAB requests this hour). This filter stands between stdin and the SDK: a line longer than
 * the limit is dropped as it streams in (never buffered whole) and answered with a JSON-RPC error, so
 * the client's call fails instead of waiting, and the server keeps serving.
 */
import { Transform, type TransformCallback } from 'node:stream';

/** A few MB: far above any tool call (the largest is 100 transactions), far below the SDK's 10 MB. */
export const MAX_MESSAGE_BYTES = 4 * 1024 * 1024;
const NEWLINE = 0x0a;
/** The id is looked for in the message's first bytes only (clients write it before the parameters). */
const HEAD_BYTES = 512;

/** The JSON-RPC id found at the start of a message (a number or a string), else null. */
export function idNear(head: string): string | number | null {
  const m =
    /^\s*\{(?:\s*"(?:jsonrpc|method)"\s*:\s*"[^"]*"\s*,)*\s*"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.)*")/.exec(head);
  if (!m?.[1]) return null;
  try {
    return JSON.parse(m[1]) as string | number;
  } catch {
    return null;
  }
}

/** The error line answering a message over the limit. */
export const tooLargeLine = (id: string | number | null): string =>
  `${JSON.stringify({
    jsonrpc: '2.0',
    id,
    error: {
      code: -32600,
      message: `Request too large: one message may hold at most ${MAX_MESSAGE_BYTES / 1024 / 1024} MB. Send fewer items per call.`,
    },
  })}\n`;

/** Passes whole lines up to `limit` bytes; drops longer ones, reporting each with its first bytes. */
export class LineLimit extends Transform {
  readonly #limit: number;
  readonly #onDropped: (head: string) => void;
  #parts: Buffer[] = [];
  #size = 0;
  #dropping = false;
  #head = '';

  constructor(onDropped: (head: string) => void, limit = MAX_MESSAGE_BYTES) {
    super();
    this.#limit = limit;
    this.#onDropped = onDropped;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    let start = 0;
    while (start < chunk.length) {
      const end = chunk.indexOf(NEWLINE, start);
      const piece = chunk.subarray(start, end === -1 ? chunk.length : end + 1);
      this.#take(piece, end !== -1);
      start += piece.length;
    }
    done();
  }

  #take(piece: Buffer, endsLine: boolean): void {
    if (!this.#dropping) {
      this.#parts.push(piece);
      this.#size += piece.length;
      if (this.#size > this.#limit + 1) {
        this.#head = Buffer.concat(this.#parts).subarray(0, HEAD_BYTES).toString('utf8');
        this.#parts = [];
        this.#dropping = true;
      }
    }
    if (!endsLine) return;
    if (this.#dropping) this.#onDropped(this.#head);
    else this.push(Buffer.concat(this.#parts));
    this.#parts = [];
    this.#size = 0;
    this.#dropping = false;
  }

  override _flush(done: TransformCallback): void {
    if (this.#dropping) this.#onDropped(this.#head);
    else if (this.#size > 0) this.push(Buffer.concat(this.#parts));
    done();
  }
}
