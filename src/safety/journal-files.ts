/**
 * The journal's file handling: clear texts for what goes wrong (never an errno string), the check a
 * write tool makes before it asks anything, appends that start on a new line after a torn one, and
 * reading backwards in fixed-size chunks so that an undo of a recent operation reads only the end of
 * a large journal, with bounded memory; and the search for the lines that quote one id, which reads
 * it all but splits only the lines it finds.
 */
import { constants } from 'node:fs';
import { access, mkdir, open, stat, statfs, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { AppError } from '../domain/errors.js';

const CHUNK = 64 * 1024;
/** Below this much free space an append may fail halfway: the journal counts as full. */
const MIN_FREE_BYTES = 64 * 1024;

const FIX = 'set AVENIR_MCP_JOURNAL to a writable file, or fix the permissions of that one';

/** What an errno means for the journal, in words. */
function reasonOf(error: unknown): string {
  switch ((error as NodeJS.ErrnoException).code) {
    case 'EACCES':
    case 'EPERM':
      return 'no permission to write there';
    case 'EROFS':
      return 'it is on a read-only file system';
    case 'EISDIR':
      return 'it is a folder';
    case 'ENOTDIR':
      return 'a part of its path is a file, not a folder';
    case 'ENOSPC':
    case 'EDQUOT':
      return 'the disk is full';
    case 'ENOENT':
      return 'its folder does not exist';
    default:
      return error instanceof Error ? error.message : String(error);
  }
}

export const cannotWrite = (path: string, reason: string): AppError =>
  new AppError(
    `The journal ${path} cannot be written: ${reason}. Nothing was asked and nothing was changed: ${FIX}.`,
  );

export const cannotRead = (path: string, reason: string): AppError =>
  new AppError(`The journal ${path} cannot be read: ${reason}. Nothing was changed: ${FIX}.`);

export const appendFailed = (path: string, error: unknown): AppError =>
  new AppError(`the journal ${path} could not be written: ${reasonOf(error)}`);

/** Refuses unless an append to the journal can succeed: a regular file (or none yet) in a writable, non-full place. */
export async function checkWritable(path: string): Promise<void> {
  try {
    const info = await stat(path);
    if (info.isDirectory()) throw cannotWrite(path, 'it is a folder');
    if (!info.isFile()) throw cannotWrite(path, 'it is not a regular file');
    await access(path, constants.W_OK);
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw cannotWrite(path, reasonOf(error));
    try {
      await mkdir(dirname(path), { recursive: true, mode: 0o700 });
      await access(dirname(path), constants.W_OK);
    } catch (again) {
      throw cannotWrite(path, reasonOf(again));
    }
  }
  // Where statfs is unsupported, the append itself will tell.
  const space = await statfs(dirname(path)).catch(() => null);
  // Neither a nearly full disk nor a file system without statfs can be made in a test.
  /* v8 ignore next */
  if (space && space.bavail * space.bsize < MIN_FREE_BYTES) throw cannotWrite(path, 'the disk is full');
}

/** Appends one line with a single write (0600, folders created), on a new line after a torn last one. */
export async function appendLine(path: string, record: object): Promise<void> {
  let handle: FileHandle | undefined;
  try {
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
    handle = await open(path, 'a+', 0o600);
    const info = await handle.stat();
    if (!info.isFile())
      throw new AppError(`the journal ${path} could not be written: it is not a regular file`);
    let lead = '';
    if (info.size > 0) {
      const last = Buffer.alloc(1);
      await handle.read(last, 0, 1, info.size - 1);
      if (last[0] !== 0x0a) lead = '\n'; // a torn last line stays alone on its line
    }
    await handle.write(`${lead}${JSON.stringify(record)}\n`);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw appendFailed(path, error);
  } finally {
    await handle?.close();
  }
}

/** A line longer than this is no entry of ours: skipped as damaged without holding it in memory. */
const MAX_LINE = 1024 * 1024;
/**
 * A search for one id reads larger chunks than a line-by-line read: it looks at every byte of the
 * journal, so fewer and longer reads, each searched at once, cost less than many small ones.
 */
const SEARCH_CHUNK = 1024 * 1024;

/** How a read cuts the file: the size of each read and the longest line it holds whole. */
export interface ReadSizes {
  chunk?: number;
  maxLine?: number;
}

/**
 * The journal from the end in blocks of whole lines, each block's lines joined by their newlines
 * (`null` for a line too long to be an entry, never held whole). A line never spans two blocks, so a
 * caller may split a block or search it without looking at its neighbours. A block is a view of the
 * read buffer, valid until the next one is asked for. Only a regular file is read: a device or a FIFO
 * would never end. Nothing when there is no journal.
 */
async function* blocksBackwards(path: string, sizes: ReadSizes): AsyncGenerator<Buffer | null> {
  const { chunk = CHUNK, maxLine = MAX_LINE } = sizes;
  let handle: FileHandle;
  try {
    handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw cannotRead(path, reasonOf(error));
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) {
      throw cannotRead(path, info.isDirectory() ? 'it is a folder' : 'it is not a regular file');
    }
    let position = info.size;
    // One buffer for the whole read, a chunk then the start of the line it ends in: a new block for
    // each chunk would leave megabytes of garbage behind a search of a large journal.
    const work = Buffer.alloc(chunk + maxLine);
    // bytes at the buffer's start: a line whose beginning lies in what is still to be read
    let tail = 0;
    let overlong = false;
    while (position > 0) {
      const size = Math.min(chunk, position);
      position -= size;
      work.copyWithin(size, 0, tail);
      await handle.read(work, 0, size, position);
      const block = work.subarray(0, size + tail);
      const first = block.indexOf(0x0a);
      if (first === -1) {
        tail = block.length;
      } else {
        let end = block.length;
        if (overlong) {
          // what follows the last newline is the start of the overlong line, the rest already dropped
          end = block.lastIndexOf(0x0a);
          overlong = false;
          yield null;
        }
        if (end > first) yield block.subarray(first + 1, end);
        tail = first;
      }
      if (tail > maxLine) {
        overlong = true;
        tail = 0;
      }
    }
    yield overlong ? null : work.subarray(0, tail);
  } finally {
    await handle.close();
  }
}

/**
 * The journal's lines from the last to the first (`null` for one too long to be an entry). Each line
 * is a view of the read buffer: it holds until the next line is asked for, so a caller that keeps one
 * copies it.
 */
export async function* linesBackwards(path: string, sizes: ReadSizes = {}): AsyncGenerator<Buffer | null> {
  for await (const block of blocksBackwards(path, sizes)) {
    if (block === null) {
      yield null;
      continue;
    }
    let end = block.length;
    for (let i = end - 1; i >= 0; i--) {
      if (block[i] !== 0x0a) continue;
      yield block.subarray(i + 1, end);
      end = i;
    }
    yield block.subarray(0, end);
  }
}

/**
 * Only the lines that hold `needle` (text without a newline), from the last to the first, and `null`
 * for each line too long to be an entry (it may hold the needle, and counts as damaged). The bytes
 * are searched a chunk at a time and only a matching line is cut out, so an id looked up in a large
 * journal costs a byte search rather than a split of every line. Each line holds until the next one
 * is asked for, as with `linesBackwards`.
 */
export async function* linesHolding(
  path: string,
  needle: string,
  sizes: ReadSizes = {},
): AsyncGenerator<Buffer | null> {
  const bytes = Buffer.from(needle, 'utf8');
  for await (const block of blocksBackwards(path, { chunk: SEARCH_CHUNK, ...sizes })) {
    if (block === null) {
      yield null;
      continue;
    }
    // the needle's last match must end within the block; a negative offset would count from its end
    let from = block.length - bytes.length;
    while (from >= 0) {
      const hit = block.lastIndexOf(bytes, from);
      if (hit === -1) break;
      const start = block.lastIndexOf(0x0a, hit) + 1;
      const stop = block.indexOf(0x0a, hit);
      yield block.subarray(start, stop === -1 ? block.length : stop);
      // the next match ends before the newline that starts this line: one line is given once
      from = start - 1 - bytes.length;
    }
  }
}
