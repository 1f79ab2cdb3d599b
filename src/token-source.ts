/**
 * Reading the YNAB token. The value goes into an `Authorization` header, so it is checked against the
 * header grammar when it is read: a token with a line break or a space inside (a token file with a
 * comment under it, a pasted value with a stray word) would otherwise be refused by `fetch` with an
 * error text that quotes the whole header, token included. The messages here never contain the token.
 *
 * `YNAB_API_KEY_FILE` is read without blocking the event loop (a FIFO or a device would otherwise
 * freeze every session of the server), only when it is a regular file of sensible size, and only again
 * when the file changed (its size, modification time or inode).
 */
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { ClientError } from './domain/errors.js';
import { Secret } from './domain/secret.js';

/** YNAB's tokens are 64 characters; a few kB leaves room for any future format and nothing more. */
export const MAX_TOKEN_FILE_BYTES = 4096;

/** Visible ASCII only: what a bearer token may hold (and nothing that breaks a header onto two lines). */
const TOKEN = /^[\x21-\x7e]+$/;

/** Returns the trimmed token, or a ClientError naming where it came from and what is wrong, never it. */
export function checkToken(raw: string, source: string): Secret {
  const value = raw.trim();
  if (value === '') throw new ClientError(`${source} is empty: it must hold the YNAB token only.`);
  if (!TOKEN.test(value)) {
    const what = /[\r\n]/.test(value)
      ? 'more than one line'
      : /\s/.test(value)
        ? 'a space inside the token'
        : 'a character a token cannot hold';
    throw new ClientError(
      `${source} holds ${what}: it must hold the YNAB token only, on one line (no comments, no quotes).`,
    );
  }
  return new Secret(value);
}

interface Cached {
  path: string;
  stamp: string;
  token: Secret;
}

/** Reads a token file, re-reading it only when it changed since the last read. */
export class TokenFile {
  #cached: Cached | null = null;

  async read(path: string): Promise<Secret> {
    let handle;
    try {
      // O_NONBLOCK: opening a FIFO with no writer would otherwise wait for one.
      handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
    } catch (error) {
      throw new ClientError(`YNAB_API_KEY_FILE cannot be read: ${(error as Error).message}`);
    }
    try {
      const info = await handle.stat();
      if (!info.isFile()) {
        throw new ClientError(
          `YNAB_API_KEY_FILE must name a regular file holding the token (${path} is not one).`,
        );
      }
      if (process.platform !== 'win32' && (info.mode & 0o077) !== 0) {
        throw new ClientError(`YNAB_API_KEY_FILE is readable by other users: run chmod 600 ${path}`);
      }
      if (info.size > MAX_TOKEN_FILE_BYTES) {
        throw new ClientError(
          `YNAB_API_KEY_FILE is ${info.size} bytes, more than a token file holds (at most ${MAX_TOKEN_FILE_BYTES}): it must hold the YNAB token only.`,
        );
      }
      const stamp = `${info.ino}:${info.size}:${info.mtimeMs}:${info.ctimeMs}`;
      const cached = this.#cached;
      if (cached && cached.path === path && cached.stamp === stamp) return cached.token;
      const buffer = Buffer.alloc(MAX_TOKEN_FILE_BYTES + 1);
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
      const token = checkToken(buffer.subarray(0, bytesRead).toString('utf8'), 'YNAB_API_KEY_FILE');
      this.#cached = { path, stamp, token };
      return token;
    } catch (error) {
      if (error instanceof ClientError) throw error;
      throw new ClientError(`YNAB_API_KEY_FILE cannot be read: ${(error as Error).message}`);
    } finally {
      await handle.close();
    }
  }
}
