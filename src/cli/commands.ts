/**
 * The remote-mode commands: `avenir-mcp set-password` (the owner's passphrase, stored as a scrypt
 * hash) and `avenir-mcp revoke` (list the clients holding access, revoke one, or `--all`).
 */
import { ConfigError, type Config } from '../config.js';
import { FileStore } from '../transports/oauth/file-store.js';
import { listClients, oauthFiles, revokeAll, revokeClient } from '../transports/oauth/grants.js';
import { PassphraseError, checkStrength, writeOwnerHash } from '../transports/oauth/passphrase.js';
import { askHidden, readLine } from './read-secret.js';

type Out = (text: string) => void;

export async function setPassword(config: Config, out: Out): Promise<void> {
  const { passphrase } = oauthFiles(config.stateDir);
  let plain: string;
  if (process.stdin.isTTY) {
    plain = await askHidden('New passphrase for remote sign-in: ');
    checkStrength(plain);
    if ((await askHidden('The same again: ')) !== plain)
      throw new PassphraseError('The two passphrases differ: nothing was changed.');
  } else {
    plain = await readLine();
  }
  await writeOwnerHash(passphrase, plain);
  out(
    `avenir-mcp: the passphrase hash is in ${passphrase} (mode 0600). Restart the server for it to take effect; existing grants stay valid (revoke them with \`avenir-mcp revoke --all\`).\n`,
  );
}

const MS_PER_S = 1000;
const day = (epoch: number): string => new Date(epoch * MS_PER_S).toISOString().slice(0, 10);

export async function revoke(config: Config, args: string[], out: Out): Promise<void> {
  const store = new FileStore(oauthFiles(config.stateDir).state);
  if (args.length === 0) {
    const clients = await listClients(store);
    if (clients.length === 0) return out('avenir-mcp: no client holds access.\n');
    const lines = clients.map(
      (c) =>
        `  ${c.clientId}  ${c.name ?? '(no name)'}  ${c.write ? 'read and changes' : 'read-only'}  since ${day(c.since)}`,
    );
    return out(
      `Clients holding access (revoke one with \`avenir-mcp revoke <client id>\`, all with \`--all\`):\n${lines.join('\n')}\n`,
    );
  }
  if (args.length === 1 && args[0] === '--all') {
    const n = await revokeAll(store);
    return out(`avenir-mcp: revoked ${n} grant${n === 1 ? '' : 's'}; every client must sign in again.\n`);
  }
  if (args.length === 1 && args[0] && !args[0].startsWith('-')) {
    const n = await revokeClient(store, args[0]);
    if (n === 0)
      throw new ConfigError(`No grant of client ${args[0]}: run \`avenir-mcp revoke\` to list them.`);
    return out(`avenir-mcp: revoked ${n} grant${n === 1 ? '' : 's'} of ${args[0]}.\n`);
  }
  throw new ConfigError('usage: avenir-mcp revoke [--all | <client id>]');
}
