/**
 * The parse-as-it-arrives reader of YNAB's answers gives exactly what `JSON.parse` of the whole body
 * gives, whatever the chunks the body comes in, and refuses exactly the bodies `JSON.parse` refuses:
 * checked on generated documents (YNAB's envelope and any other shape), cut at every kind of place,
 * and on texts spoiled by a character added or removed. Most checks run the scan from the first byte;
 * a small answer is parsed whole, and one that grows past that size mid-way is scanned from then on.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EMPTY, INVALID, JsonRows, WHOLE_BELOW } from '../../src/ynab/json-rows.js';
import { readBody } from '../../src/ynab/read-body.js';

/**
 * Feeds `bytes` to a new reader in the chunks that `cuts` (positions) make; returns its result. The
 * reader scans from the first byte unless told to hold answers up to `wholeBelow` bytes whole.
 */
function parseInChunks(bytes: Buffer, cuts: readonly number[] = [], wholeBelow = 0): unknown {
  const reader = new JsonRows(wholeBelow);
  const at = [...new Set(cuts.map((c) => Math.min(bytes.length, Math.max(0, c))))].sort((a, b) => a - b);
  let from = 0;
  for (const cut of [...at, bytes.length]) {
    if (cut > from) reader.add(bytes.subarray(from, cut));
    from = Math.max(from, cut);
  }
  return reader.end();
}

/** A cut before every byte: the body comes one byte at a time. */
const everyByte = (bytes: Buffer): number[] => Array.from({ length: bytes.length }, (_, i) => i);

/** What `JSON.parse` makes of the whole text: the value, or INVALID. */
function whole(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return INVALID;
  }
}

/** Values compared with key order, since the result must be the same object `JSON.parse` builds. */
const same = (actual: unknown, expected: unknown): void => {
  if (expected === INVALID) expect(actual).toBe(INVALID);
  else expect(JSON.stringify(actual)).toBe(JSON.stringify(expected));
};

const value = fc.jsonValue({ maxDepth: 4, stringUnit: 'grapheme' });
/** YNAB's envelope around lists of values, and other keys beside the lists. */
const envelope = fc
  .tuple(
    fc.dictionary(fc.string({ unit: 'grapheme', maxLength: 6 }), fc.array(value, { maxLength: 8 })),
    fc.dictionary(fc.string({ maxLength: 4 }), value, { maxKeys: 3 }),
  )
  .map(([lists, other]) => ({ data: { ...lists, server_knowledge: 7 }, ...other }));
const document = fc.oneof(envelope, value, fc.array(fc.array(fc.array(value, { maxLength: 4 }))));
const spacing = fc.constantFrom(undefined, 1, '\t', ' \n ');
const cuts = fc.array(fc.nat({ max: 4000 }), { maxLength: 12 });

describe('an answer parsed as it arrives', () => {
  it('is what JSON.parse of the whole body gives, however it is cut', () => {
    fc.assert(
      fc.property(document, spacing, cuts, (doc, space, at) => {
        const text = JSON.stringify(doc, null, space);
        same(parseInChunks(Buffer.from(text), at), JSON.parse(text));
      }),
      { numRuns: 200 },
    );
  });

  it('is the same parsed whole, scanned, or scanned once it passes any size mid-way', () => {
    fc.assert(
      fc.property(document, cuts, fc.nat({ max: 600 }), (doc, at, wholeBelow) => {
        const bytes = Buffer.from(JSON.stringify(doc));
        const expected = JSON.parse(bytes.toString()) as unknown;
        same(parseInChunks(bytes, at, wholeBelow), expected);
        same(parseInChunks(bytes, at, WHOLE_BELOW), expected);
      }),
      { numRuns: 200 },
    );
  });

  it('refuses what JSON.parse refuses, and only that, when a character is added or removed', () => {
    const spoil = fc.record({
      at: fc.nat(),
      drop: fc.boolean(),
      add: fc.constantFrom(',', '[', ']', '{', '}', '"', ':', '\\', ' ', '1', 'x'),
    });
    fc.assert(
      fc.property(envelope, spoil, cuts, (doc, { at, drop, add }, chunkAt) => {
        const text = JSON.stringify(doc);
        const i = at % (text.length + 1);
        const spoiled = drop ? text.slice(0, i) + text.slice(i + 1) : text.slice(0, i) + add + text.slice(i);
        // the oracle reads the same bytes (a character cut in two is no longer the same text)
        const bytes = Buffer.from(spoiled);
        same(parseInChunks(bytes, chunkAt), whole(bytes.toString()));
        same(parseInChunks(bytes, chunkAt, WHOLE_BELOW), whole(bytes.toString()));
      }),
      { numRuns: 600 },
    );
  });

  it.each([
    ['an empty list', '{"data":{"rows":[ ]}}'],
    ['a trailing comma', '{"data":{"rows":[1,]}}'],
    ['a comma first', '{"data":{"rows":[,1]}}'],
    ['two commas', '{"data":{"rows":[1,,2]}}'],
    ['a lone comma', '{"data":{"rows":[,]}}'],
    ['a brace closing the list', '{"data":{"rows":[1}}}'],
    ['a missing comma', '{"data":{"rows":[{"a":1} {"b":2}]}}'],
    ['an unclosed list', '{"data":{"rows":[1,2'],
    ['a key named __proto__', '{"data":{"__proto__":[1,2],"rows":[3]}}'],
    ['a repeated key', '{"data":{"rows":[1],"rows":[2,3]},"data2":{"rows":[4]}}'],
    ['a repeated envelope', '{"data":{"rows":[1]},"data":{"rows":[2]}}'],
    ['text after the document', '{"data":{"rows":[1]}} x'],
    ['a string holding brackets and escapes', '{"data":{"rows":["],[\\"{",{"k\\\\":"}"}]}}'],
    ['only spaces', '   '],
    ['a number', '42'],
  ])('%s: as JSON.parse, cut at every byte', (_name, text) => {
    const bytes = Buffer.from(text);
    const expected = whole(text);
    same(parseInChunks(bytes), expected);
    same(parseInChunks(bytes, everyByte(bytes)), expected);
  });

  it('drops a leading byte order mark, even when it comes a byte at a time, as TextDecoder does', () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"data":{"rows":["é"]}}')]);
    for (const wholeBelow of [0, 2, WHOLE_BELOW]) {
      same(parseInChunks(bytes, [1, 2, 3, 4], wholeBelow), { data: { rows: ['é'] } });
      expect(parseInChunks(Buffer.from([0xef, 0xbb, 0xbf]), [], wholeBelow)).toBe(EMPTY);
      expect(parseInChunks(Buffer.from([0xef, 0xbb]), [], wholeBelow)).toBe(INVALID);
    }
  });

  it('tells an answer with no body from one that is not JSON', () => {
    for (const wholeBelow of [0, WHOLE_BELOW]) {
      expect(parseInChunks(Buffer.alloc(0), [], wholeBelow)).toBe(EMPTY);
      expect(parseInChunks(Buffer.from('<html>proxy</html>'), [], wholeBelow)).toBe(INVALID);
    }
  });

  it('keeps characters of several bytes whole when a chunk ends inside one', () => {
    const text = JSON.stringify({ data: { payees: [{ name: 'Café 🥐 Müller' }, { name: '€' }] } });
    const bytes = Buffer.from(text);
    for (let cut = 0; cut <= bytes.length; cut++) same(parseInChunks(bytes, [cut]), JSON.parse(text));
  });

  it('follows escapes in strings when a chunk ends at a backslash, after it, or inside an escape', () => {
    // quotes, backslashes and brackets inside strings, escaped every way JSON allows: none of them may
    // end a string or a row, wherever the chunks are cut
    const names = ['a"b', 'c\\', '\\"', '\\\\"]', '},{', '\u0001\n', '"', '', 'x'];
    const text = JSON.stringify({ data: { payees: names.map((name) => ({ name, 'k"\\': [name] })) } });
    const bytes = Buffer.from(text);
    expect(text).toContain('\\\\\\"');
    const expected = JSON.parse(text) as unknown;
    for (let cut = 0; cut <= bytes.length; cut++) {
      same(parseInChunks(bytes, [cut]), expected);
      same(parseInChunks(bytes, [cut, cut + 1, cut + 2]), expected);
    }
    same(parseInChunks(bytes, everyByte(bytes)), expected);
  });
});

describe('an answer read as text (one that is not a success)', () => {
  async function* chunksOf(...parts: Buffer[]): AsyncGenerator<Uint8Array> {
    for (const part of parts) yield part;
  }

  it('is decoded once whole, a character cut between chunks kept whole, a byte order mark dropped', async () => {
    const bytes = Buffer.from('{"error":{"detail":"Café €"}}');
    const cut = bytes.indexOf(0xe2) + 1;
    const bom = Buffer.from([0xef, 0xbb, 0xbf]);
    const read = (...parts: Buffer[]) => readBody(chunksOf(...parts), new AbortController(), 1_000);
    await expect(read(bytes.subarray(0, cut), bytes.subarray(cut))).resolves.toBe(
      '{"error":{"detail":"Café €"}}',
    );
    await expect(read(bom, bytes)).resolves.toBe('{"error":{"detail":"Café €"}}');
    await expect(read()).resolves.toBe('');
  });
});
