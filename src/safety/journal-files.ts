/**
 * The journal's file handling: clear texts for what goes wrong (never an errno string), the check a
 * write tool makes before it asks anything, appends that start on a new line after a torn one, and
 * reading backwards in fixed-size chunks so that an undo of a recent operation reads only the end of
 * a large journal, with bounded memory.
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
 * The journal's lines from the last to the first (`null` for one too long to be an entry). Only a
 * regular file is read: a device or a FIFO would never end. Nothing when there is no journal.
 */
export async function* linesBackwards(path: string): AsyncGenerator<Buffer | null> {
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
    let tail = Buffer.alloc(0);
    let overlong = false;
    const buffer = Buffer.alloc(CHUNK);
    while (position > 0) {
      const size = Math.min(CHUNK, position);
      position -= size;
      await handle.read(buffer, 0, size, position);
      const block = Buffer.concat([buffer.subarray(0, size), tail]);
      let end = block.length;
      for (let i = block.length - 1; i >= 0; i--) {
        if (block[i] !== 0x0a) continue;
        yield overlong ? null : block.subarray(i + 1, end);
        overlong = false;
        end = i;
      }
      tail = Buffer.from(block.subarray(0, end));
      if (tail.length > MAX_LINE) {
        overlong = true;
        tail = Buffer.alloc(0);
      }
    }
    yield overlong ? null : tail;
  } finally {
    await handle.close();
  }
}
