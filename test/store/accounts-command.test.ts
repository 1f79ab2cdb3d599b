/**
 * `avenir-mcp accounts` on the PostgreSQL server: the list shows ids and dates only, a deletion
 * takes the person's rows and leaves the others, an unknown id and a wrong usage are refused with a
 * line saying what to do, and nothing is deleted then. (The built CLI's exit codes, on the embedded
 * store: test/e2e/accounts-cli.test.ts.)
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNTS_USAGE, accountsCommand } from '../../src/cli/accounts.js';
import { ConfigError, loadConfig, type Config } from '../../src/config.js';
import { SqlJournal } from '../../src/store/sql-journal.js';
import { ENGINES, SLOW, type TestDatabase } from './engines.js';
import { rowsOf, twoPeople } from './helpers.js';

const SERVER = ENGINES.find((e) => e.name === 'PostgreSQL')!;
const WHERE = 'the PostgreSQL server of AVENIR_MCP_DATABASE_URL';
const entry = {
  operation_id: 'op-1',
  plan_id: 'plan-1',
  kind: 'flag',
  applied_at: '2026-09-25T10:00:00+00:00',
  moves: [],
  details: {},
};

describe('avenir-mcp accounts on a PostgreSQL server', () => {
  let t: TestDatabase;
  let config: Config;
  beforeEach(async () => {
    t = await SERVER.open();
    config = loadConfig({ AVENIR_MCP_DATABASE_URL: t.url!, HOME: '/nonexistent' });
  }, SLOW);
  afterEach(() => t.drop(), SLOW);

  const run = async (args: string[]): Promise<string> => {
    const out: string[] = [];
    await accountsCommand(config, args, (s) => void out.push(s));
    return out.join('');
  };

  it('lists the accounts, deletes one, and refuses an unknown id or a wrong usage', async () => {
    expect(await run([])).toBe(`avenir-mcp: no account in ${WHERE}.\n`);
    const { a, b, people } = await twoPeople(t.db);
    await new SqlJournal(t.db).record(a, entry, Date.now());
    const [pa, pb] = await people.people();
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const listed = await run(['list']);
    expect(listed).toBe(await run([]));
    const lines = listed.split('\n');
    expect(lines[0]).toBe(
      `Accounts in ${WHERE} (delete one with \`avenir-mcp accounts delete <account id>\`):`,
    );
    expect(lines[1]).toMatch(
      new RegExp(
        `^  ${a}  created ${day(pa!.createdAt)} \\d\\d:\\d\\d UTC  last seen \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC$`,
      ),
    );
    expect(lines[2]).toMatch(new RegExp(`^  ${b}  created ${day(pb!.createdAt)} `));
    expect(lines.slice(3)).toEqual(['']);
    // ids and dates only: no YNAB user id
    expect(listed).not.toContain('ynab-a');

    const refused = async (args: string[]) => {
      const error = await accountsCommand(config, args, () => undefined).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    };
    expect(await refused(['delete', 'no-such-account'])).toBe(
      `No account no-such-account in ${WHERE}: nothing was deleted. \`avenir-mcp accounts list\` lists the accounts.`,
    );
    for (const args of [['delete'], ['delete', a, b], ['delete', '--all'], ['remove', a], ['list', 'x']])
      expect(await refused(args), args.join(' ')).toBe(ACCOUNTS_USAGE);
    expect(await rowsOf(t.db, 'journal_entries', a)).toBe(1);

    expect(await run(['delete', a])).toMatch(new RegExp(`^avenir-mcp: deleted account ${a} and everything`));
    expect(await people.person(a)).toBeNull();
    expect(await rowsOf(t.db, 'journal_entries', a)).toBe(0);
    expect(await people.person(b)).not.toBeNull();
    expect((await run([])).split('\n').filter((l) => l.startsWith('  '))).toHaveLength(1);
    expect(await refused(['delete', a])).toMatch(/^No account/);
  });
});
