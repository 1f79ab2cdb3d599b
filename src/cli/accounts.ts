/**
 * `avenir-mcp accounts`: hosted mode's people as the operator sees them, and the deletion of one.
 * `accounts` (or `accounts list`) prints each account's opaque id, its first sign-in and when it was
 * last seen, never a name, a YNAB user id or a token; `accounts delete <id>` deletes everything the
 * store holds about that person (store/sql-accounts.ts). The store is the one the server uses:
 * AVENIR_MCP_DATABASE_URL, else the embedded one in the state folder (which no server may have open
 * at the same time). No seal key is needed: nothing sealed is opened.
 */
import { ConfigError, type Config } from '../config.js';
import { embeddedFolder, openStore } from '../store/open.js';
import { SqlAccounts, type Account } from '../store/sql-accounts.js';

type Out = (text: string) => void;

export const ACCOUNTS_USAGE = 'usage: avenir-mcp accounts [list | delete <account id>]';

/** UTC, to the minute: enough to tell an account in use from one left alone. */
const when = (epoch: number): string => `${new Date(epoch).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

const line = (a: Account): string =>
  `  ${a.id}  created ${when(a.createdAt)}  last seen ${when(a.lastSeenAt)}`;

type Asked = { verb: 'list' } | { verb: 'delete'; id: string };

function asked(args: readonly string[]): Asked {
  if (args.length === 0 || (args.length === 1 && args[0] === 'list')) return { verb: 'list' };
  const [verb, id] = args;
  if (verb === 'delete' && args.length === 2 && id !== undefined && id !== '' && !id.startsWith('-'))
    return { verb: 'delete', id };
  throw new ConfigError(ACCOUNTS_USAGE);
}

export async function accountsCommand(config: Config, args: readonly string[], out: Out): Promise<void> {
  const what = asked(args);
  const where = config.store.databaseUrl
    ? 'the PostgreSQL server of AVENIR_MCP_DATABASE_URL'
    : `the embedded store in ${embeddedFolder(config.stateDir)}`;
  // the schema must be this build's (a server behind says to run `avenir-mcp migrate`)
  const db = await openStore({
    databaseUrl: config.store.databaseUrl,
    stateDir: config.stateDir,
    migrateAtStart: false,
  });
  try {
    const accounts = new SqlAccounts(db);
    if (what.verb === 'list') {
      const all = await accounts.list();
      if (all.length === 0) return out(`avenir-mcp: no account in ${where}.\n`);
      return out(
        `Accounts in ${where} (delete one with \`avenir-mcp accounts delete <account id>\`):\n${all.map(line).join('\n')}\n`,
      );
    }
    if (!(await accounts.delete(what.id)))
      throw new ConfigError(
        `No account ${what.id} in ${where}: nothing was deleted. \`avenir-mcp accounts list\` lists the accounts.`,
      );
    out(
      `avenir-mcp: deleted account ${what.id} and everything the store held about it: its YNAB tokens, its apps' grants, tokens and sessions, its journal, pending writes, codes, settings and pacer. Its apps are refused from now on; signing in again makes a new, empty account.\n`,
    );
  } finally {
    await db.close();
  }
}
