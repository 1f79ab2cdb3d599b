/**
 * Sealing YNAB tokens at rest: a compact JWE (`dir` with `A256GCM`, through `jose`), under keys read
 * from a file (AVENIR_MCP_SEAL_KEY_FILE) that the database never sees, so that a copy of the database
 * alone opens nothing.
 *
 * The file holds one key per line, 32 random bytes in base64url (`avenir-mcp seal-key` prints one);
 * blank lines and lines starting with `#` are skipped. The first key seals; every key opens, so that a
 * key is rotated by putting a new line first and keeping the old one below until every row has been
 * sealed again (each token refresh reseals its row). Each JWE names its key in the `kid` header: a
 * digest of the key, which tells the keys apart without saying anything about them.
 *
 * Errors here never quote a key, a token or a sealed text.
 */
import { createHash, randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { CompactEncrypt, compactDecrypt, decodeProtectedHeader } from 'jose';
import { StoreSetupError } from './errors.js';

const KEY_BYTES = 32;
/** A key file holds a few keys: anything much larger is not one. */
const MAX_FILE_BYTES = 16_384;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A sealed text that does not open: altered, cut, or sealed under a key no longer in the file. */
export class SealError extends Error {
  override readonly name = 'SealError';
}

interface Key {
  readonly kid: string;
  readonly secret: Uint8Array;
}

const kidOf = (secret: Uint8Array): string =>
  createHash('sha256').update('avenir-mcp seal key id\0').update(secret).digest('base64url').slice(0, 16);

export class Sealer {
  readonly #keys: readonly Key[];

  constructor(secrets: readonly Uint8Array[]) {
    if (secrets.length === 0) throw new StoreSetupError('A seal key file must hold at least one key.');
    for (const s of secrets)
      if (s.length !== KEY_BYTES) throw new StoreSetupError(`A seal key must be ${KEY_BYTES} bytes.`);
    this.#keys = secrets.map((secret) => ({ kid: kidOf(secret), secret }));
  }

  /** The id of the key that seals (the first of the file). */
  get sealingKid(): string {
    return this.#keys[0]!.kid;
  }

  async seal(text: string): Promise<string> {
    const key = this.#keys[0]!;
    return new CompactEncrypt(encoder.encode(text))
      .setProtectedHeader({ alg: 'dir', enc: 'A256GCM', kid: key.kid })
      .encrypt(key.secret);
  }

  /** Opens a sealed text with the key its header names; SealError when it does not open. */
  async open(sealed: string): Promise<string> {
    let kid: unknown;
    try {
      kid = decodeProtectedHeader(sealed).kid;
    } catch {
      throw new SealError('A sealed value is damaged: it is not a JWE.');
    }
    const key = this.#keys.find((k) => k.kid === kid);
    if (key === undefined)
      throw new SealError(
        'A sealed value was sealed under a key that is not in AVENIR_MCP_SEAL_KEY_FILE (a key removed too early?).',
      );
    try {
      const { plaintext } = await compactDecrypt(sealed, key.secret, {
        keyManagementAlgorithms: ['dir'],
        contentEncryptionAlgorithms: ['A256GCM'],
      });
      return decoder.decode(plaintext);
    } catch {
      throw new SealError('A sealed value does not open under its key: it was altered or damaged.');
    }
  }
}

/** A fresh key line for the key file (`avenir-mcp seal-key`). */
export const newKeyLine = (): string => randomBytes(KEY_BYTES).toString('base64url');

/** Reads the keys of a key file's text; a bad line is named by its number, never quoted. */
export function parseKeyFile(text: string, source = 'AVENIR_MCP_SEAL_KEY_FILE'): Uint8Array[] {
  const keys: Uint8Array[] = [];
  const lines = text.split(/\r?\n/);
  lines.forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const bytes = /^[A-Za-z0-9_-]+$/.test(line) ? Buffer.from(line, 'base64url') : null;
    if (bytes === null || bytes.length !== KEY_BYTES)
      throw new StoreSetupError(
        `${source}, line ${i + 1}: a key must be ${KEY_BYTES} random bytes in base64url (43 characters); make one with \`avenir-mcp seal-key\`.`,
      );
    keys.push(new Uint8Array(bytes));
  });
  if (keys.length === 0)
    throw new StoreSetupError(`${source} holds no key: put one in it with \`avenir-mcp seal-key > <file>\`.`);
  return keys;
}

/** Reads and checks the key file at start: missing, unreadable, open to others or malformed stops start-up. */
export async function loadSealer(path: string | null): Promise<Sealer> {
  if (path === null)
    throw new StoreSetupError(
      'Hosted mode needs AVENIR_MCP_SEAL_KEY_FILE, a chmod 600 file of seal keys: make one with `avenir-mcp seal-key > <file>`.',
    );
  let handle;
  try {
    handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    throw new StoreSetupError(`AVENIR_MCP_SEAL_KEY_FILE cannot be read: ${(error as Error).message}`);
  }
  try {
    const info = await handle.stat();
    if (!info.isFile())
      throw new StoreSetupError(`AVENIR_MCP_SEAL_KEY_FILE must name a regular file (${path} is not one).`);
    if (process.platform !== 'win32' && (info.mode & 0o077) !== 0)
      throw new StoreSetupError(`AVENIR_MCP_SEAL_KEY_FILE is readable by other users: run chmod 600 ${path}`);
    if (info.size > MAX_FILE_BYTES)
      throw new StoreSetupError(
        `AVENIR_MCP_SEAL_KEY_FILE is ${info.size} bytes, more than a key file holds (at most ${MAX_FILE_BYTES}).`,
      );
    return new Sealer(parseKeyFile(await handle.readFile('utf8')));
  } finally {
    await handle.close();
  }
}
