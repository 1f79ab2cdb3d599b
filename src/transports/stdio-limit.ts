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
/**
 * The id is looked for in the message's first and last bytes only: some clients write it before the
 * parameters, the official SDK client after them (`{"method":…,"params":…,"jsonrpc":"2.0","id":7}`).
 */
const EDGE_BYTES = 512;

/** The JSON-RPC id found at the start of a message (a number or a string), else null. */
export function idNear(head: string): string | number | null {
  const m =
    /^\s*\{(?:\s*"(?:jsonrpc|method)"\s*:\s*"[^"]*"\s*,)*\s*"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.)*")/.exec(head);
  return parsedId(m?.[1]);
}

/** The JSON-RPC id that ends a message (the last member of the outer object), else null. */
export function idAtEnd(tail: string): string | number | null {
  return parsedId(/[{,]\s*"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.)*")\s*\}\s*$/.exec(tail)?.[1]);
}

function parsedId(text: string | undefined): string | number | null {
  if (text === undefined) return null;
  try {
    return JSON.parse(text) as string | number;
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

/** Passes whole lines up to `limit` bytes; drops longer ones, reporting each with its first and last bytes. */
export class LineLimit extends Transform {
  readonly #limit: number;
  readonly #onDropped: (head: string, tail: string) => void;
  #parts: Buffer[] = [];
  #size = 0;
  #dropping = false;
  #head = '';
  #tail = Buffer.alloc(0);

  constructor(onDropped: (head: string, tail: string) => void, limit = MAX_MESSAGE_BYTES) {
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
    if (this.#dropping) {
      this.#tail = Buffer.concat([this.#tail, piece.subarray(-EDGE_BYTES)]).subarray(-EDGE_BYTES);
    } else {
      this.#parts.push(piece);
      this.#size += piece.length;
      if (this.#size > this.#limit + 1) {
        const whole = Buffer.concat(this.#parts);
        this.#head = whole.subarray(0, EDGE_BYTES).toString('utf8');
        this.#tail = whole.subarray(-EDGE_BYTES);
        this.#parts = [];
        this.#dropping = true;
      }
    }
    if (!endsLine) return;
    if (this.#dropping) this.#dropped();
    else this.push(Buffer.concat(this.#parts));
    this.#parts = [];
    this.#size = 0;
    this.#dropping = false;
  }

  #dropped(): void {
    this.#onDropped(this.#head, this.#tail.toString('utf8'));
    this.#tail = Buffer.alloc(0);
  }

  override _flush(done: TransformCallback): void {
    if (this.#dropping) this.#dropped();
    else if (this.#size > 0) this.push(Buffer.concat(this.#parts));
    done();
  }
}
