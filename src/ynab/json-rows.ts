/**
 * A JSON answer parsed while it arrives, its lists a few rows at a time. The first full load of a large
 * plan's transactions is one answer of tens of megabytes; parsing it whole needed the body's bytes, the
 * same as one string and every object built from it in memory at once, which made that load the
 * server's peak memory by far. Here each chunk of bytes is scanned as it comes: the elements of every
 * array two levels down (YNAB's `{"data":{"transactions":[…]}}`) are handed to `JSON.parse` in batches of
 * whole elements and their bytes dropped, and the rest of the document (a few bytes: the envelope, the
 * server knowledge) is parsed at the end with each such array put back in its place.
 *
 * The result is exactly what `JSON.parse` of the whole body gives, or INVALID when that would throw:
 * the scan only tracks strings and nesting to find where elements end, and every byte still goes through
 * `JSON.parse` (each batch as `[…]`, the rest with a placeholder string where each array was), so any
 * text the whole-body parse refuses is refused here too. Streaming JSON libraries were measured first:
 * they build every value in JavaScript and took about nine times as long as this on the heavy plan.
 * Parsing overlaps the download, so the first load also ends sooner than parsing after it.
 *
 * Most answers are small (a month's detail, a delta of a few rows): for them the byte-by-byte scan costs
 * more than it saves, so an answer is held whole until it passes `wholeBelow` bytes and, if it never
 * does, given to `JSON.parse` in one piece at the end. Past that size the held bytes are scanned and
 * the rest as it comes. Either way the result is the same.
 */
import { StringDecoder } from 'node:string_decoder';
import { BOM_LENGTH, withoutBom, type BodySink } from './read-body.js';
import { shareTexts, type SharedTexts } from './shared-strings.js';

/** The answer was not one JSON value (`JSON.parse` of the whole body would throw). */
export const INVALID: unique symbol = Symbol('not JSON');
/** The answer had no body at all. */
export const EMPTY: unique symbol = Symbol('no body');

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
/** The depth at which an array's rows are split: inside the root, inside `data`. */
const LIST_DEPTH = 2;
/** Answers up to this size are parsed whole: a warm month read is about 60 KiB, a first full load megabytes. */
export const WHOLE_BELOW = 1024 * 1024;

export class JsonRows implements BodySink<unknown> {
  #depth = 0;
  #inString = false;
  #escape = false;
  /** Inside an array being split into rows. */
  #inList = false;
  /** The current list's rows, and whether a batch of them already ended at a comma. */
  #rows: unknown[] = [];
  #afterComma = false;
  /**
   * The current list's text not yet parsed (the start of an element a chunk's end cut), decoded at
   * once: the decoder keeps the bytes of a character cut in two for the next chunk. Text rather than
   * bytes, so that no chunk's memory is held or copied for it.
   */
  #pending = '';
  #decoder = new StringDecoder('utf8');
  /** The repeated texts of this answer's rows, each kept once (shared-strings.ts). */
  readonly #texts: SharedTexts = new Map();
  /** The lists, in the order the placeholders name them. */
  readonly #lists: unknown[][] = [];
  /** Everything outside the lists' elements, each list replaced by a placeholder string. */
  readonly #rest: Buffer[] = [];
  /** The first bytes, until there are enough to tell a byte order mark (dropped, as TextDecoder does). */
  #lead: Buffer | undefined = Buffer.alloc(0);
  #bytes = 0;
  #failed = false;
  #parsed = 0;
  /** Marks a placeholder: no text YNAB sends holds it, and it is checked only where a list was. */
  readonly #token = `\u0000avenir-list:${Math.random().toString(36).slice(2)}:`;

  /** The answer's chunks while it is small enough to be parsed whole; undefined once it is scanned. */
  #held: Buffer[] | undefined = [];
  #heldBytes = 0;
  readonly #wholeBelow: number;

  constructor(wholeBelow = WHOLE_BELOW) {
    this.#wholeBelow = wholeBelow;
  }

  add(chunk: Uint8Array): void {
    const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
    const held = this.#held;
    if (held === undefined) return this.#take(bytes);
    held.push(bytes);
    this.#heldBytes += bytes.length;
    if (this.#heldBytes <= this.#wholeBelow) return;
    this.#held = undefined;
    for (const part of held) this.#take(part);
  }

  /** The list rows parsed so far (none while the answer is held whole): for progress texts. */
  get rows(): number {
    return this.#parsed;
  }

  /** The document, INVALID or EMPTY. */
  end(): unknown {
    if (this.#held !== undefined) return parseWhole(Buffer.concat(this.#held));
    const lead = this.#lead;
    if (lead !== undefined) {
      this.#lead = undefined;
      if (lead.length > 0) this.#take(lead);
    }
    if (this.#bytes === 0) return EMPTY;
    if (this.#failed) return INVALID;
    let root: unknown;
    try {
      root = JSON.parse(Buffer.concat(this.#rest).toString('utf8'));
    } catch {
      return INVALID;
    }
    this.#restore(root);
    return root;
  }

  /** One chunk of an answer being scanned. */
  #take(chunk: Buffer): void {
    let bytes = chunk;
    if (this.#lead !== undefined) {
      const lead = Buffer.concat([this.#lead, bytes]);
      if (lead.length < BOM_LENGTH) {
        this.#lead = lead;
        return;
      }
      this.#lead = undefined;
      bytes = withoutBom(lead);
    }
    this.#bytes += bytes.length;
    if (!this.#failed) this.#scan(bytes);
  }

  /** Scans one chunk: its list elements parsed in one batch, the rest kept for the end. */
  #scan(chunk: Buffer): void {
    let depth = this.#depth;
    let inString = this.#inString;
    let escape = this.#escape;
    let inList = this.#inList;
    let from = 0;
    let lastComma = -1;
    for (let i = 0; i < chunk.length; i++) {
      if (inString) {
        const close = closingQuote(chunk, i, escape);
        escape = close === CUT_IN_ESCAPE;
        if (close < 0) break;
        inString = false;
        i = close;
        continue;
      }
      const c = chunk[i];
      if (c === QUOTE) inString = true;
      else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
        if (depth === LIST_DEPTH && c === OPEN_ARRAY && !inList) {
          this.#openList(chunk.subarray(from, i));
          inList = true;
          from = i + 1;
          lastComma = -1;
        }
        depth += 1;
      } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
        depth -= 1;
        if (inList && depth === LIST_DEPTH) {
          if (!this.#closeList(chunk.subarray(from, i), c)) return this.#fail();
          inList = false;
          from = i + 1;
        }
      } else if (c === COMMA && inList && depth === LIST_DEPTH + 1) lastComma = i;
    }
    this.#depth = depth;
    this.#inString = inString;
    this.#escape = escape;
    this.#inList = inList;
    this.#keep(chunk, from, lastComma);
  }

  /** What is left of a chunk after its scan: whole elements parsed, the cut one carried, or kept. */
  #keep(chunk: Buffer, from: number, lastComma: number): void {
    if (!this.#inList) {
      this.#rest.push(chunk.subarray(from));
      return;
    }
    let start = from;
    if (lastComma >= from) {
      if (!this.#batch(chunk.subarray(from, lastComma), false)) return this.#fail();
      start = lastComma + 1;
    }
    if (start < chunk.length) this.#pending += this.#decoder.write(chunk.subarray(start));
  }

  /** The list's last elements, before the byte `close` that ends it (a brace there is not JSON). */
  #closeList(tail: Buffer, close: number): boolean {
    if (close !== CLOSE_ARRAY || !this.#batch(tail, true)) return false;
    this.#lists.push(this.#rows);
    this.#rows = [];
    return true;
  }

  #openList(before: Buffer): void {
    this.#rest.push(before, Buffer.from(JSON.stringify(`${this.#token}${this.#lists.length}`)));
    this.#afterComma = false;
    this.#pending = '';
    this.#decoder = new StringDecoder('utf8');
  }

  /**
   * Parses the elements since the last batch (the pending text, then `tail`), which end before a
   * comma or the list's closing bracket. False when they are not JSON: an empty batch before a comma
   * (`[,` or `,,`) or after one before the bracket (`,]`) is refused, as `JSON.parse` refuses it.
   */
  #batch(tail: Buffer, closing: boolean): boolean {
    const text = `[${this.#pending}${this.#decoder.write(tail)}]`;
    this.#pending = '';
    let elements: unknown;
    try {
      elements = JSON.parse(text);
    } catch {
      return false;
    }
    const rows = elements as unknown[];
    if (rows.length === 0 && (!closing || this.#afterComma)) return false;
    shareTexts(rows, this.#texts);
    for (const row of rows) this.#rows.push(row);
    this.#parsed += rows.length;
    if (!closing) this.#afterComma = true;
    return true;
  }

  #fail(): void {
    this.#failed = true;
    this.#pending = '';
    this.#rows = [];
    this.#lists.length = 0;
    this.#rest.length = 0;
  }

  /** Puts each list where its placeholder is: a value of a container that is a value of the root. */
  #restore(root: unknown): void {
    if (this.#lists.length === 0) return;
    for (const outer of childrenOf(root)) {
      const parent = (root as Record<string, unknown>)[outer];
      for (const key of childrenOf(parent)) {
        const holder = parent as Record<string, unknown>;
        const value = holder[key];
        if (typeof value === 'string' && value.startsWith(this.#token))
          holder[key] = this.#lists[Number(value.slice(this.#token.length))];
      }
    }
  }
}

/** The chunk ended inside a string, and right after a backslash: its first byte is escaped. */
const CUT_IN_ESCAPE = -2;
/** The chunk ended inside a string. */
const CUT = -1;

/**
 * The index of the quote that ends the string `from` is inside (`escaped`: the byte at `from` follows
 * a backslash), or CUT / CUT_IN_ESCAPE when the chunk ends first. Most of an answer's bytes are inside
 * strings (keys, ids, dates, names), so this loop, which looks for nothing but the two bytes that end
 * or escape, is where the scan spends its time: a third less than when every byte was judged in full.
 */
function closingQuote(chunk: Buffer, from: number, escaped: boolean): number {
  for (let i = escaped ? from + 1 : from; i < chunk.length; i++) {
    const c = chunk[i];
    if (c === QUOTE) return i;
    if (c === BACKSLASH && ++i === chunk.length) return CUT_IN_ESCAPE;
  }
  return CUT;
}

/** A whole answer as `JSON.parse` reads it, a leading byte order mark dropped as TextDecoder does. */
function parseWhole(body: Buffer): unknown {
  const bytes = withoutBom(body);
  if (bytes.length === 0) return EMPTY;
  try {
    return JSON.parse(bytes.toString('utf8')) as unknown;
  } catch {
    return INVALID;
  }
}

/** The keys (or indexes) of an object or array; none for anything else. */
const childrenOf = (value: unknown): string[] =>
  typeof value === 'object' && value !== null ? Object.keys(value) : [];
