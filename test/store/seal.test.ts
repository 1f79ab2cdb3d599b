/**
 * Sealing the YNAB tokens: a sealed row does not open without its key, a rotated key file still opens
 * old rows and seals new ones under the new key, the key file is checked at start, and no token, key
 * or sealed text ever shows in an error.
 */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeProtectedHeader } from 'jose';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SealError, Sealer, loadSealer, newKeyLine, parseKeyFile } from '../../src/store/seal.js';
import { SqlPeopleStore } from '../../src/store/sql-people.js';
import { ENGINES, SLOW, type TestDatabase } from './engines.js';
import { req } from '../requirements.js';

const folder = mkdtempSync(join(tmpdir(), 'avenir-seal-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

let n = 0;
function keyFile(text: string, mode = 0o600): string {
  const path = join(folder, `keys-${n++}`);
  writeFileSync(path, text, { mode });
  chmodSync(path, mode);
  return path;
}

const TOKEN = 'ynab-access-token-7f3a9c2e51b84d06';
const grant = { accessToken: TOKEN, refreshToken: 'ynab-refresh-token-0c1d', expiresAt: 1, scope: '' };

describe.each(ENGINES)(`${req('token-sealed')} sealed tokens on $name`, (engine) => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await engine.open();
  }, SLOW);
  afterEach(() => t.drop(), SLOW);

  it('read straight from the database, do not open without the key', async () => {
    const sealer = await loadSealer(keyFile(`${newKeyLine()}\n`));
    const people = new SqlPeopleStore(t.db, sealer);
    const p = await people.signIn('ynab-1', { allowed: 'read', timeZone: null });
    await people.saveGrant(p.id, grant);
    const [row] = await t.db.query<{ sealed: string }>('SELECT sealed FROM ynab_grants');
    expect(row!.sealed).not.toContain(TOKEN);
    expect(Buffer.from(row!.sealed.split('.')[3]!, 'base64url').toString('latin1')).not.toContain(TOKEN);
    expect(decodeProtectedHeader(row!.sealed)).toEqual({
      alg: 'dir',
      enc: 'A256GCM',
      kid: sealer.sealingKid,
    });
    // another key file (no key of the first): nothing opens, and the error shows nothing of the row
    const stranger = new SqlPeopleStore(t.db, await loadSealer(keyFile(`${newKeyLine()}\n`)));
    const error = await stranger.grant(p.id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SealError);
    expect((error as Error).message).toMatch(/not in AVENIR_MCP_SEAL_KEY_FILE/);
    expect((error as Error).message).not.toContain(row!.sealed.slice(0, 20));
    // an altered row does not open either
    const parts = row!.sealed.split('.');
    parts[3] = Buffer.from(`${TOKEN}xx`).toString('base64url');
    await t.db.query('UPDATE ynab_grants SET sealed = $1', [parts.join('.')]);
    await expect(people.grant(p.id)).rejects.toThrow(
      /does not open under its key: it was altered or damaged/,
    );
  });

  it('still open under a rotated key file, and new rows are sealed with the new key', async () => {
    const oldKey = newKeyLine();
    const newKey = newKeyLine();
    const before = new SqlPeopleStore(t.db, await loadSealer(keyFile(`${oldKey}\n`)));
    const a = await before.signIn('ynab-a', { allowed: 'read', timeZone: null });
    await before.saveGrant(a.id, grant);
    const rotated = await loadSealer(keyFile(`# rotated\n${newKey}\n\n${oldKey}\n`));
    const after = new SqlPeopleStore(t.db, rotated);
    expect(await after.grant(a.id)).toEqual(grant);
    const b = await after.signIn('ynab-b', { allowed: 'read', timeZone: null });
    await after.saveGrant(b.id, { ...grant, accessToken: 'other' });
    await after.saveGrant(a.id, grant); // a refresh reseals the row under the new key
    const rows = await t.db.query<{ sealed: string }>('SELECT sealed FROM ynab_grants');
    for (const r of rows) expect(decodeProtectedHeader(r.sealed).kid).toBe(rotated.sealingKid);
    // the new key alone now opens everything
    const newOnly = new SqlPeopleStore(t.db, await loadSealer(keyFile(`${newKey}\n`)));
    expect(await newOnly.grant(a.id)).toEqual(grant);
    expect((await newOnly.grant(b.id))?.accessToken).toBe('other');
  });
});

describe('the seal key file', () => {
  it('stops start-up with one line when missing, unreadable, open to others, or malformed', async () => {
    await expect(loadSealer(null)).rejects.toThrow(/Hosted mode needs AVENIR_MCP_SEAL_KEY_FILE/);
    await expect(loadSealer(join(folder, 'none'))).rejects.toThrow(
      /AVENIR_MCP_SEAL_KEY_FILE cannot be read: ENOENT/,
    );
    await expect(loadSealer(folder)).rejects.toThrow(/must name a regular file/);
    await expect(loadSealer(keyFile(`${newKeyLine()}\n`, 0o644))).rejects.toThrow(
      /readable by other users: run chmod 600/,
    );
    await expect(loadSealer(keyFile('# only a comment\n\n'))).rejects.toThrow(/holds no key/);
    await expect(loadSealer(keyFile('x'.repeat(20_000)))).rejects.toThrow(/more than a key file holds/);
    const short = Buffer.alloc(16, 7).toString('base64url');
    const error = await loadSealer(keyFile(`${newKeyLine()}\n${short}\n`)).catch((e: unknown) => e);
    expect((error as Error).message).toBe(
      'AVENIR_MCP_SEAL_KEY_FILE, line 2: a key must be 32 random bytes in base64url (43 characters); make one with `avenir-mcp seal-key`.',
    );
    expect((error as Error).message).not.toContain(short);
    expect(() => parseKeyFile('not base64!')).toThrow(/line 1: a key must be 32 random bytes/);
    expect(() => new Sealer([])).toThrow(/at least one key/);
    expect(() => new Sealer([new Uint8Array(16)])).toThrow(/must be 32 bytes/);
  });

  it('gives keys that seal and open, and never shows a token in an error', async () => {
    const sealer = new Sealer(parseKeyFile(`${newKeyLine()}\r\n`));
    expect(await sealer.open(await sealer.seal(TOKEN))).toBe(TOKEN);
    const error = await sealer.open(TOKEN).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SealError);
    expect((error as Error).message).toBe('A sealed value is damaged: it is not a JWE.');
    expect(newKeyLine()).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
