/**
 * One way to write a small state file of this server (pending operations, household rules, change
 * marks): the whole new content to a temporary file beside it, mode 0600 in a 0700 folder, then
 * renamed over it, so that a crash leaves the old content or the new, never half of either. Each
 * caller says in its own words what a failure means for its file.
 */
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/** Replaces `path` with `text`; throws the file system's error, the temporary file removed if it can be. */
export async function replaceFile(path: string, text: string): Promise<void> {
  const temporary = `${path}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
    await writeFile(temporary, text, { mode: 0o600 });
    await chmod(temporary, 0o600);
    await rename(temporary, path);
  } catch (error) {
    // a temporary file left behind is harmless; its removal failing must not hide why the write failed
    await rm(temporary, { force: true }).catch(() => undefined);
    throw error;
  }
}
