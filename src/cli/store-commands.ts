/**
 * Hosted mode's store commands: `avenir-mcp migrate` applies the store's pending migrations (on the
 * PostgreSQL server of AVENIR_MCP_DATABASE_URL, or on the embedded store in the state folder while no
 * server runs on it), and `avenir-mcp seal-key` prints a fresh key line for AVENIR_MCP_SEAL_KEY_FILE.
 */
import type { Config } from '../config.js';
import { migrate } from '../store/migrate.js';
import { embeddedFolder, openDatabase } from '../store/open.js';
import { newKeyLine } from '../store/seal.js';

type Out = (text: string) => void;

export async function migrateCommand(config: Config, out: Out): Promise<void> {
  const where = config.store.databaseUrl
    ? 'the PostgreSQL server of AVENIR_MCP_DATABASE_URL'
    : `the embedded store in ${embeddedFolder(config.stateDir)}`;
  const db = await openDatabase({ databaseUrl: config.store.databaseUrl, stateDir: config.stateDir });
  try {
    const applied = await migrate(db);
    out(
      applied.length === 0
        ? `avenir-mcp: the schema of ${where} is current; nothing to apply.\n`
        : `avenir-mcp: applied migration${applied.length === 1 ? '' : 's'} ${applied.join(', ')} to ${where}.\n`,
    );
  } finally {
    await db.close();
  }
}

export function sealKeyCommand(out: Out): void {
  out(`${newKeyLine()}\n`);
}
