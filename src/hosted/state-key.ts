/**
 * The key that signs the 2026-07-28 request state in hosted mode. A state minted by one instance must
 * verify on whichever instance the answer reaches, so every instance must hold the same key: the
 * operator's AVENIR_MCP_STATE_KEY when set, else one made by the first instance that needs it and kept
 * in the store (a shared record, as the authorization server's own signing secrets are), which every
 * later instance reads. Each person's key is then derived from it (people-deps.ts), so that no state
 * crosses people.
 */
import { randomBytes } from 'node:crypto';
import type { Config } from '../config.js';
import { Secret } from '../domain/secret.js';
import { SqlOAuthStore } from '../store/sql-oauth.js';
import type { Database } from '../store/sql.js';

const KIND = 'ProviderSecret';
const ID = 'request-state-key';

export async function sharedStateKey(config: Config, store: Database): Promise<Secret> {
  if (config.stateKey) return config.stateKey;
  const proposed = { key: randomBytes(32).toString('base64url') };
  const kept = await new SqlOAuthStore(store).claim(KIND, ID, proposed);
  if (typeof kept.key !== 'string' || kept.key.length < 32) {
    throw new Error('The store holds a damaged request-state key: set AVENIR_MCP_STATE_KEY.');
  }
  return new Secret(kept.key);
}
