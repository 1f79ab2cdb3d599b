/**
 * Reading the journal's file in chunks, cut at every byte: the lines read backwards, and the search
 * for the lines that quote one id, which must give exactly the lines of a full read that hold it,
 * wherever a chunk ends (inside the id, inside a multi-byte character, on a newline) and however
 * long a line is.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { linesBackwards, linesHolding, type ReadSizes } from '../../src/safety/journal-files.js';

const NEEDLE = '"c0ffee000001"';

function journalOf(text: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'avenir-journal-search-')), 'j.jsonl');
  writeFileSync(path, text);
  return path;
}

async function collect(lines: AsyncIterable<Buffer | null>): Promise<Array<string | null>> {
  const out: Array<string | null> = [];
  for await (const line of lines) out.push(line === null ? null : line.toString('utf8'));
  return out;
}

/** The lines of the text from the last, split the plain way. */
const plainly = (text: string): string[] => text.split('\n').reverse();

/**
 * Chunk sizes from one byte to past the whole text: every size up to 64 (one byte cuts at every byte;
 * the sizes around the id's 14 bytes cut it at every offset against every neighbour), then every 7th
 * and the whole text plus one. Each size is a full read of the file in that many reads, so every size
 * up to the text's 500 bytes made the file minutes long on a loaded, instrumented run.
 */
const everyChunk = (text: string): number[] => {
  const whole = Buffer.byteLength(text) + 1;
  const sizes = Array.from({ length: Math.min(64, whole) }, (_, i) => i + 1);
  for (let size = 71; size < whole; size += 7) sizes.push(size);
  if (!sizes.includes(whole)) sizes.push(whole);
  return sizes;
};

const SMALL = [
  `{"operation_id":${NEEDLE},"plan_id":"demo-budget"}`,
  '{"operation_id":"000000000002","details":{"note":"é, ü and 😀 before the id"}}',
  '',
  `{"operation_id":"000000000003","details":{"about":${NEEDLE},"again":${NEEDLE}}}`,
  `{"undone":${NEEDLE}}`,
  `${NEEDLE}`,
  '{"operation_id":"000000000004","details":{"near":"c0ffee000001 unquoted"}}',
  `{"undone":${NEEDLE},"conflict":true}`,
  `{"operation_id":${NEEDLE},"plan_id":"demo-budget","kind":"categ`, // a torn last line
].join('\n');

// Hundreds of reads per case: slow when instrumented (coverage, mutation testing) on a busy machine.
describe('reading backwards, cut at every byte', { timeout: 120_000 }, () => {
  it('gives the lines a plain split gives, whatever the chunk size', async () => {
    const text = `\n${SMALL}\n\n`;
    const path = journalOf(text);
    for (const chunk of everyChunk(text)) {
      expect(await collect(linesBackwards(path, { chunk }))).toEqual(plainly(text));
    }
  });
});

describe('the lines that quote an id', { timeout: 120_000 }, () => {
  it('are the lines of a full read that hold it, from the last, whatever the chunk size', async () => {
    for (const text of [SMALL, `${SMALL}\n`, `\n\n${SMALL}\n{}`]) {
      const path = journalOf(text);
      const expected = plainly(text).filter((line) => line.includes(NEEDLE));
      expect(expected.length).toBeGreaterThan(0);
      for (const chunk of everyChunk(text)) {
        expect(await collect(linesHolding(path, NEEDLE, { chunk }))).toEqual(expected);
      }
    }
  });

  it('give each line once, however often it quotes the id', async () => {
    const path = journalOf(`${NEEDLE}${NEEDLE}\n${NEEDLE} ${NEEDLE} ${NEEDLE}`);
    expect(await collect(linesHolding(path, NEEDLE))).toEqual([
      `${NEEDLE} ${NEEDLE} ${NEEDLE}`,
      `${NEEDLE}${NEEDLE}`,
    ]);
  });

  it('are none in a journal that never quotes it, nor in an empty one, nor in none', async () => {
    const unquoted = 'c0ffee000001\n"c0ffee00000"\n"c0ffee0000011"\n';
    for (const chunk of everyChunk(unquoted)) {
      expect(await collect(linesHolding(journalOf(unquoted), NEEDLE, { chunk }))).toEqual([]);
    }
    expect(await collect(linesHolding(journalOf(''), NEEDLE))).toEqual([]);
    expect(await collect(linesHolding(join(tmpdir(), 'avenir-no-such-journal.jsonl'), NEEDLE))).toEqual([]);
  });

  it('refuse a folder and a device, as a full read does', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'avenir-journal-search-'));
    await expect(collect(linesHolding(folder, NEEDLE))).rejects.toThrow(
      `The journal ${folder} cannot be read: it is a folder.`,
    );
    await expect(collect(linesHolding('/dev/null', NEEDLE))).rejects.toThrow(
      'cannot be read: it is not a regular file.',
    );
  });

  it('find an id written with escapes as JSON writes it', async () => {
    const id = JSON.stringify('a"b\\c\u0001');
    const path = journalOf(`{"operation_id":${id}}\n{"operation_id":"ab"}\n`);
    expect(await collect(linesHolding(path, id))).toEqual([`{"operation_id":${id}}`]);
  });
});

describe('lines too long to be entries', { timeout: 120_000 }, () => {
  // with a 16-byte limit: lines of at most 16 bytes are whole, lines of over 32 are never held whole
  // while the chunks are no larger than the limit (a chunk plus a tail under the limit holds at most 32)
  const maxLine = 16;
  const long = (fill: string) => `{"x":"${fill.repeat(40)}",${NEEDLE}}`;
  const lines = [long('a'), 'short', `${NEEDLE}`, long('b'), '', `{${NEEDLE}}`, 'x'.repeat(40), 'end'];
  const overlong = (line: string) => Buffer.byteLength(line) > 2 * maxLine;

  it('are null in a read backwards and in a search alike, the other lines whole', async () => {
    for (const text of [lines.join('\n'), [...lines, long('c')].join('\n')]) {
      const path = journalOf(text);
      const read = plainly(text).map((line) => (overlong(line) ? null : line));
      const found = read.filter((line) => line === null || line.includes(NEEDLE));
      for (let chunk = 1; chunk <= maxLine; chunk++) {
        const sizes: ReadSizes = { chunk, maxLine };
        expect(await collect(linesBackwards(path, sizes))).toEqual(read);
        expect(await collect(linesHolding(path, NEEDLE, sizes))).toEqual(found);
      }
    }
  });

  it('in a search, are the lines a read backwards gives, filtered, at every chunk size', async () => {
    const text = lines.join('\n');
    const path = journalOf(text);
    for (const chunk of everyChunk(text)) {
      const sizes: ReadSizes = { chunk, maxLine };
      const read = await collect(linesBackwards(path, sizes));
      const expected = read.filter((line) => line === null || line.includes(NEEDLE));
      expect(await collect(linesHolding(path, NEEDLE, sizes))).toEqual(expected);
    }
  });
});
