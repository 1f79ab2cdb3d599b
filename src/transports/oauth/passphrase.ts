/**
 * The owner's passphrase: hashed with scrypt (node's crypto, a library primitive) under a random salt
 * and compared in constant time. `avenir-mcp set-password` writes the hash to the state folder; a
 * plain passphrase in AVENIR_MCP_OWNER_PASSWORD_FILE is hashed in memory at start-up instead.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export const MIN_PASSPHRASE = 12;
const PARAMS = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } as const;
const KEYLEN = 32;

const derive = (plain: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> =>
  new Promise((resolve, reject) =>
    scrypt(plain.normalize('NFC'), salt, KEYLEN, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );

/** A problem with the passphrase or its file: one line that says what to do. */
export class PassphraseError extends Error {
  override readonly name = 'PassphraseError';
}

export function checkStrength(plain: string): void {
  if ([...plain].length < MIN_PASSPHRASE)
    throw new PassphraseError(
      `The passphrase must have at least ${MIN_PASSPHRASE} characters (it guards your plan on the internet); a few unrelated words are easy to type on a phone.`,
    );
}

/** `scrypt$N$r$p$salt$hash`, salt and hash in base64url. */
export async function hashPassphrase(plain: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(plain, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join(
    '$',
  );
}

export async function verifyPassphrase(plain: string, encoded: string): Promise<boolean> {
  const [kind, n, r, p, salt, hash] = encoded.trim().split('$');
  if (kind !== 'scrypt' || !salt || !hash)
    throw new PassphraseError('The passphrase hash is not one avenir-mcp wrote.');
  const expected = Buffer.from(hash, 'base64url');
  const given = await derive(plain, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: PARAMS.maxmem,
  });
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * A secret file's content, refused when any group or other permission bit is set: the passphrase
 * file, and hosted mode's YNAB client secret (ynab-app.ts).
 */
export function readPrivate(path: string, what: string): string {
  try {
    const mode = statSync(path).mode;
    if (process.platform !== 'win32' && (mode & 0o077) !== 0)
      throw new PassphraseError(`${what} is readable by other users: run chmod 600 ${path}`);
    return readFileSync(path, 'utf8');
  } catch (error) {
    if (error instanceof PassphraseError) throw error;
    throw new PassphraseError(`${what} cannot be read: ${(error as Error).message}`);
  }
}

/**
 * The hash to check sign-ins against: from the plain passphrase file when one is configured, else
 * from the hash `avenir-mcp set-password` wrote. Neither: start-up stops and says how to set one.
 */
export async function loadOwnerHash(passwordFile: string | null, hashFile: string): Promise<string> {
  if (passwordFile) {
    const plain = readPrivate(passwordFile, 'AVENIR_MCP_OWNER_PASSWORD_FILE').replace(/\r?\n$/, '');
    checkStrength(plain);
    return hashPassphrase(plain);
  }
  try {
    statSync(hashFile);
  } catch {
    throw new PassphraseError(
      `AVENIR_MCP_AUTH=oauth needs the owner's passphrase: run \`avenir-mcp set-password\` once, or set AVENIR_MCP_OWNER_PASSWORD_FILE to a chmod 600 file holding it.`,
    );
  }
  return readPrivate(hashFile, `The passphrase hash ${hashFile}`).trim();
}

/** Writes the hash for `avenir-mcp set-password` (mode 0600, folder 0700). */
export async function writeOwnerHash(hashFile: string, plain: string): Promise<void> {
  checkStrength(plain);
  const encoded = await hashPassphrase(plain);
  mkdirSync(dirname(hashFile), { recursive: true, mode: 0o700 });
  writeFileSync(hashFile, `${encoded}\n`, { mode: 0o600 });
  chmodSync(hashFile, 0o600);
}
