/**
 * The owner's view of who holds access: one line per client with a live grant, and revocation of
 * one client or of all. Works on the lasting store directly, so `avenir-mcp revoke` needs no running
 * server; a running one refuses the revoked grant's access tokens at their next request.
 */
import { join } from 'node:path';
import type { OAuthStore, Payload } from './store.js';

const MS_PER_S = 1000;

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

/**
 * The grants of one person (hosted mode names its person in `accountId`, and one client, a client ID
 * metadata document's say, may hold grants of several people), or every grant without a person (the
 * owner's server has one person). The store finds a person's through its index.
 */
const grantsOf = (store: OAuthStore, accountId: string | undefined) => store.list('Grant', accountId);

/** The clients holding a grant, newest first; with `accountId`, only that person's grants count. */
export async function listClients(store: OAuthStore, accountId?: string): Promise<ClientGrants[]> {
  const byClient = new Map<string, ClientGrants>();
  for (const { payload } of await grantsOf(store, accountId)) {
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

const withScope = (scope: string, write: boolean): string => {
  const rest = scope.split(' ').filter((s) => s !== '' && s !== 'ynab:write');
  return (write ? [...rest, 'ynab:write'] : rest).join(' ');
};

/**
 * Narrows a client's grants to reading, or widens them to changes too, without the app signing in
 * again: its next call carries what the grant allows now (verifier.ts). Every grant of the client
 * changes (of one person, given `accountId`), with its expiry kept; a widened scope is no longer
 * recorded as turned down. Returns the grants changed.
 */
export async function setClientAccess(
  store: OAuthStore,
  clientId: string,
  resource: string,
  write: boolean,
  accountId?: string,
): Promise<number> {
  let changed = 0;
  for (const { id, payload } of await grantsOf(store, accountId)) {
    if (payload.clientId !== clientId) continue;
    const resources = { ...((payload.resources ?? {}) as Record<string, string>) };
    resources[resource] = withScope(resources[resource] ?? 'ynab:read', write);
    const openid = { ...((payload.openid ?? {}) as Record<string, unknown>) };
    openid.scope = withScope(typeof openid.scope === 'string' ? openid.scope : 'ynab:read', write);
    const next: Payload = { ...payload, resources, openid };
    if (write) delete next.rejected;
    const exp = Number(payload.exp ?? 0);
    await store.set('Grant', id, next, exp > 0 ? exp * MS_PER_S : null);
    changed += 1;
  }
  return changed;
}

/**
 * Revokes one person's grants of a client with their refresh tokens, and nothing else: the client's
 * registration may serve other people (hosted mode). Its access tokens are refused at their next
 * request, since the verifier finds their grant gone. Returns the grants revoked.
 */
export async function revokePersonClient(
  store: OAuthStore,
  clientId: string,
  accountId?: string,
): Promise<number> {
  let revoked = 0;
  for (const { id, payload } of await grantsOf(store, accountId)) {
    if (payload.clientId !== clientId) continue;
    await store.deleteBy('RefreshToken', 'grantId', id);
    await store.delete('Grant', id);
    revoked += 1;
  }
  return revoked;
}

/** Revokes every grant of one client, its refresh tokens, and its registration. Returns the grants revoked. */
export async function revokeClient(store: OAuthStore, clientId: string): Promise<number> {
  const revoked = await revokePersonClient(store, clientId);
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

/**
 * Dynamic registration is open to anyone, and behind the owner's proxy every request comes from the
 * same address, so no limit per address can tell a flood from the owner. Instead a registration's
 * use decides: one with a grant is the owner's and stays; one whose sign-in is under way (an
 * authorization request opened the page and it has not expired) is never evicted; the others are
 * idle, and only the newest `IDLE_CLIENTS` of them are kept.
 */
export const IDLE_CLIENTS = 50;
/**
 * Registrations without a grant whose sign-in is under way, at most: with this many, a new
 * registration is refused (nothing is evicted) until some of those sign-ins end or expire (one hour).
 */
export const SIGNING_IN_CLIENTS = 100;

/** Idle registrations dropped by one new registration, at most (normally one). */
const PRUNE_BATCH = 100;

/**
 * The clients whose sign-in page is open: the live authorization requests (interactions) in the
 * short-lived store, this process's memory for the owner, the shared store in hosted mode (there the
 * count is every instance's).
 */
export async function signInsUnderway(shortLived: OAuthStore): Promise<Set<string>> {
  return new Set(await shortLived.signingInClients());
}

/**
 * Whether one more registration may be stored: false when the registrations without a grant whose
 * sign-in is under way already number `limit`. The store counts them: no client or grant is read.
 */
export async function mayRegister(
  store: OAuthStore,
  underway: ReadonlySet<string>,
  limit = SIGNING_IN_CLIENTS,
): Promise<boolean> {
  return (await store.countUngranted([...underway])) < limit;
}

/**
 * Drops the oldest idle registrations (no grant, no sign-in under way) beyond the newest `keep`, with
 * their registration access tokens, and the tokens of registrations already gone. Returns the
 * registrations dropped. A flood registers many in the same second (the date's unit), so within a
 * second the later stored counts as newer: the registration just made is never the one dropped. Each
 * registration prunes, so the idle ones beyond `keep` are few; at most a batch goes at once.
 */
export async function pruneIdleClients(
  store: OAuthStore,
  keep = IDLE_CLIENTS,
  underway: ReadonlySet<string> = new Set(),
): Promise<number> {
  return store.dropClients(await store.idleClients([...underway], keep, PRUNE_BATCH));
}
