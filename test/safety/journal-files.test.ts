/**
 * The journal's file handling on its own: the check a write makes before it asks anything (a
 * folder, a device, a path through a file, a folder that cannot be made), appends to places that
 * are not a file, the reasons given in words for each errno, and reading backwards across chunks
 * with lines too long to be entries.
 */
import { mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/domain/errors.js';
import { appendFailed, appendLine, checkWritable, linesBackwards } from '../../src/safety/journal-files.js';

const dir = () => mkdtempSync(join(tmpdir(), 'avenir-journal-files-'));
const FIX = 'set AVENIR_MCP_JOURNAL to a writable file, or fix the permissions of that one.';

async function all(path: string): Promise<Array<string | null>> {
  const out: Array<string | null> = [];
  for await (const line of linesBackwards(path)) out.push(line === null ? null : line.toString('utf8'));
  return out;
}

describe('the check before a write', () => {
  it('takes an existing journal file', async () => {
    const path = join(dir(), 'journal.jsonl');
    writeFileSync(path, '{}\n');
    await expect(checkWritable(path)).resolves.toBeUndefined();
  });

  it('takes a journal not yet made, making its folders', async () => {
    const path = join(dir(), 'a', 'b', 'journal.jsonl');
    await expect(checkWritable(path)).resolves.toBeUndefined();
  });

  it.each([
    ['a folder', () => dir(), 'it is a folder'],
    ['a device', () => '/dev/null', 'it is not a regular file'],
  ])('refuses %s, saying that nothing was asked', async (_, make, reason) => {
    const path = make();
    await expect(checkWritable(path)).rejects.toThrow(
      `The journal ${path} cannot be written: ${reason}. Nothing was asked and nothing was changed: ${FIX}`,
    );
  });

  it('refuses a path through a file', async () => {
    const file = join(dir(), 'plain');
    writeFileSync(file, '');
    const path = join(file, 'journal.jsonl');
    await expect(checkWritable(path)).rejects.toThrow(
      `The journal ${path} cannot be written: a part of its path is a file, not a folder.`,
    );
  });

  it('refuses a folder that cannot be made (a dangling link in its place)', async () => {
    const base = dir();
    symlinkSync(join(base, 'nowhere'), join(base, 'link'));
    const path = join(base, 'link', 'journal.jsonl');
    const refused = await checkWritable(path).then(
      () => null,
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as Error).message).toMatch(
      new RegExp(`^The journal ${path} cannot be written: .+\\. Nothing was asked`),
    );
  });
});

describe('appending', () => {
  it('adds a line, starting a new one after a torn last line', async () => {
    const path = join(dir(), 'sub', 'journal.jsonl');
    await appendLine(path, { a: 1 });
    await appendLine(path, { b: 2 });
    expect(readFileSync(path, 'utf8')).toBe('{"a":1}\n{"b":2}\n');
    writeFileSync(path, '{"a":1}\n{"torn":');
    await appendLine(path, { c: 3 });
    expect(readFileSync(path, 'utf8')).toBe('{"a":1}\n{"torn":\n{"c":3}\n');
  });

  it('refuses a device, and a folder, with the reason in words', async () => {
    await expect(appendLine('/dev/null', { a: 1 })).rejects.toThrow(
      'the journal /dev/null could not be written: it is not a regular file',
    );
    const folder = dir();
    await expect(appendLine(folder, { a: 1 })).rejects.toThrow(
      `the journal ${folder} could not be written: it is a folder`,
    );
  });

  it.each([
    ['EACCES', 'no permission to write there'],
    ['EPERM', 'no permission to write there'],
    ['EROFS', 'it is on a read-only file system'],
    ['EISDIR', 'it is a folder'],
    ['ENOTDIR', 'a part of its path is a file, not a folder'],
    ['ENOSPC', 'the disk is full'],
    ['EDQUOT', 'the disk is full'],
    ['ENOENT', 'its folder does not exist'],
  ])('words %s as "%s"', (code, words) => {
    const error = Object.assign(new Error(`${code}: raw`), { code });
    expect(appendFailed('/j', error).message).toBe(`the journal /j could not be written: ${words}`);
  });

  it('keeps the message of an error it has no words for, and the text of a non-error', () => {
    expect(appendFailed('/j', Object.assign(new Error('odd failure'), { code: 'EIO' })).message).toBe(
      'the journal /j could not be written: odd failure',
    );
    expect(appendFailed('/j', 'just text').message).toBe('the journal /j could not be written: just text');
  });
});

// Megabyte lines read byte by byte: slow when instrumented (coverage, mutation testing).
describe('reading backwards', { timeout: 60_000 }, () => {
  it('reads nothing when there is no journal', async () => {
    expect(await all(join(dir(), 'none.jsonl'))).toEqual([]);
  });

  it('refuses a folder and a device, and a path through a file', async () => {
    const folder = dir();
    await expect(all(folder)).rejects.toThrow(`The journal ${folder} cannot be read: it is a folder.`);
    await expect(all('/dev/null')).rejects.toThrow('cannot be read: it is not a regular file.');
    const file = join(dir(), 'plain');
    writeFileSync(file, '');
    await expect(all(join(file, 'j'))).rejects.toThrow('a part of its path is a file, not a folder');
  });

  it('gives lines from the last across chunk boundaries, and null for one over 1 MB', async () => {
    const path = join(dir(), 'j.jsonl');
    const long = 'x'.repeat(70 * 1024); // longer than one read chunk, short enough to be an entry
    const huge = 'y'.repeat(1100 * 1024);
    writeFileSync(path, `first\n${huge}\n${long}\nlast\n`);
    const lines = await all(path);
    expect(lines.map((l) => (l === null ? null : l.length))).toEqual([0, 4, long.length, null, 5]);
    expect(lines[2]).toBe(long);
  });

  it('gives an empty first line for a file that starts with a newline', async () => {
    const path = join(dir(), 'j.jsonl');
    writeFileSync(path, '\nx\n');
    expect(await all(path)).toEqual(['', 'x', '']);
  });

  it('gives null for an overlong first line too', async () => {
    const path = join(dir(), 'j.jsonl');
    writeFileSync(path, `${'z'.repeat(1100 * 1024)}\nend`);
    expect(await all(path)).toEqual(['end', null]);
  });
});
