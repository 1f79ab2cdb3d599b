/**
 * `avenir-mcp accounts` through the built CLI, on the embedded store of a state folder: the list, a
 * deletion, and the exit statuses (0 when done; 1, with one line on stderr, for an unknown id or a
 * wrong usage).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { openStore } from '../../src/store/open.js';
import { newKeyLine, parseKeyFile, Sealer } from '../../src/store/seal.js';
import { SqlPeopleStore } from '../../src/store/sql-people.js';
import { BUILT_MAIN, describeBuilt } from '../helpers/built.js';
import { hostEnv } from '../helpers/cli.js';

const run = (args: string[], state: string) =>
  spawnSync(process.execPath, [BUILT_MAIN, 'accounts', ...args], {
    env: hostEnv({ HOME: state, XDG_STATE_HOME: state }),
    encoding: 'utf8',
    timeout: 60_000,
  });

describeBuilt('avenir-mcp accounts in the built CLI', () => {
  it('lists and deletes the accounts of the embedded store, with exit statuses', async () => {
    const state = mkdtempSync(join(tmpdir(), 'avenir-accounts-'));
    try {
      const db = await openStore({
        databaseUrl: null,
        stateDir: join(state, 'avenir-mcp'),
        migrateAtStart: false,
      });
      const people = new SqlPeopleStore(db, new Sealer(parseKeyFile(newKeyLine())));
      const alice = await people.signIn('ynab-alice', { allowed: 'write', timeZone: 'Europe/Paris' });
      const bob = await people.signIn('ynab-bob', { allowed: 'read', timeZone: null });
      await db.close();
      const where = `the embedded store in ${join(state, 'avenir-mcp', 'store')}`;

      const list = run([], state);
      expect(list.status, list.stderr).toBe(0);
      expect(
        list.stdout
          .split('\n')
          .filter((l) => l.startsWith('  '))
          .map((l) => l.trim().split(' ')[0]),
      ).toEqual([alice.id, bob.id]);
      expect(list.stdout).not.toMatch(/ynab-|Europe/);

      const deleted = run(['delete', alice.id], state);
      expect(deleted.status, deleted.stderr).toBe(0);
      expect(deleted.stdout).toMatch(new RegExp(`^avenir-mcp: deleted account ${alice.id} and everything`));

      const again = run(['delete', alice.id], state);
      expect(again.status).toBe(1);
      expect(again.stdout).toBe('');
      expect(again.stderr).toBe(
        `No account ${alice.id} in ${where}: nothing was deleted. \`avenir-mcp accounts list\` lists the accounts.\n`,
      );
      const wrong = run(['delete'], state);
      expect(wrong.status).toBe(1);
      expect(wrong.stderr).toBe('usage: avenir-mcp accounts [list | delete <account id>]\n');

      const after = run(['list'], state);
      expect(after.status).toBe(0);
      expect(after.stdout).toContain(bob.id);
      expect(after.stdout).not.toContain(alice.id);
    } finally {
      rmSync(state, { recursive: true, force: true });
    }
  }, 120_000);
});
