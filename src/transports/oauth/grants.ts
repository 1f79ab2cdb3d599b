/**
 * The owner's view of who holds access: one line per client with a live grant, and revocation of
 * one client or of all. Works on the lasting store directly, so `avenir-mcp revoke` needs no running
 * server; a running one refuses the revoked grant's access tokens at their next request.
 */
import { join } from 'node:path';
import type { OAuthStore, Payload } from './store.js';

/** Where remote mode keeps its files, inside the state folder. */
export const oauthFiles = (stateDir: string) => ({
  state: join(stateDir, 'oauth.json'),
  passphrase: join(stateDir, 'owner-passphrase'),
});

export interface ClientGrants {
  clientId: string;
  name: string | null;
  grants: number;
  write: boolean;
  /** The latest grant's date, epoch seconds. */
  since: number;
}

const scopesOf = (grant: Payload): string[] => {
  const resources = (grant.resources ?? {}) as Record<string, string>;
  return Object.values(resources).flatMap((s) => s.split(' '));
};

export async function listClients(store: OAuthStore): Promise<ClientGrants[]> {
  const byClient = new Map<string, ClientGrants>();
  for (const { payload } of await store.list('Grant')) {
    const clientId = typeof payload.clientId === 'string' ? payload.clientId : '';
    const entry = byClient.get(clientId) ?? { clientId, name: null, grants: 0, write: false, since: 0 };
    entry.grants += 1;
    entry.write ||= scopesOf(payload).includes('ynab:write');
    entry.since = Math.max(entry.since, Number(payload.iat ?? 0));
    byClient.set(clientId, entry);
  }
  for (const entry of byClient.values()) {
    const client = await store.get('Client', entry.clientId);
    entry.name = typeof client?.client_name === 'string' ? client.client_name : null;
  }
  return [...byClient.values()].sort((a, b) => b.since - a.since);
}

/** Revokes every grant of one client, its refresh tokens, and its registration. Returns the grants revoked. */
export async function revokeClient(store: OAuthStore, clientId: string): Promise<number> {
  let revoked = 0;
  for (const { id, payload } of await store.list('Grant')) {
    if (payload.clientId !== clientId) continue;
    for (const token of await store.list('RefreshToken'))
      if (token.payload.grantId === id) await store.delete('RefreshToken', token.id);
    await store.delete('Grant', id);
    revoked += 1;
  }
  for (const token of await store.list('RegistrationAccessToken'))
    if (token.payload.clientId === clientId) await store.delete('RegistrationAccessToken', token.id);
  await store.delete('Client', clientId);
  return revoked;
}

/** Revokes everything: every client signs in again. */
export async function revokeAll(store: OAuthStore): Promise<number> {
  const clients = new Set<string>();
  for (const { payload } of await store.list('Grant'))
    if (typeof payload.clientId === 'string') clients.add(payload.clientId);
  for (const { id } of await store.list('Client')) clients.add(id);
  let revoked = 0;
  for (const clientId of clients) revoked += await revokeClient(store, clientId);
  return revoked;
}

/** Registrations kept without a grant: dynamic registration is open to anyone, so it must not grow without end. */
export const IDLE_CLIENTS = 50;

/** Drops the oldest registrations that never got a grant, beyond the newest `keep`. */
export async function pruneIdleClients(store: OAuthStore, keep = IDLE_CLIENTS): Promise<number> {
  const granted = new Set<string>();
  for (const { payload } of await store.list('Grant'))
    if (typeof payload.clientId === 'string') granted.add(payload.clientId);
  const idle = (await store.list('Client'))
    .filter((c) => !granted.has(c.id))
    .sort((a, b) => Number(b.payload.client_id_issued_at ?? 0) - Number(a.payload.client_id_issued_at ?? 0));
  for (const c of idle.slice(keep)) await store.delete('Client', c.id);
  return Math.max(0, idle.length - keep);
}
