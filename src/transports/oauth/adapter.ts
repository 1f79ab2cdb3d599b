/**
 * oidc-provider's storage adapter over our store interface. What must outlast a restart (the
 * registered clients, the owner's grants, the refresh tokens) goes to the lasting store; sign-in
 * pages, sessions, authorization codes and the short-lived access tokens stay in memory, so a restart
 * costs each client one refresh and nothing else.
 */
import { errors, type Adapter, type AdapterFactory, type AdapterPayload } from 'oidc-provider';
import { IDLE_CLIENTS, mayRegister, pruneIdleClients, signInsUnderway } from './grants.js';
import type { OAuthStore } from './store.js';

/** oidc-provider counts in seconds, the store in milliseconds. */
const MS_PER_S = 1000;

export const LASTING_KINDS = new Set(['Client', 'Grant', 'RefreshToken', 'RegistrationAccessToken']);

export const E_REGISTRATIONS_FULL =
  'too many sign-ins are under way on this server for a new app to register: none of them is evicted for it. Try again once they end or expire (within an hour); an app already connected is not affected.';

class StoreAdapter implements Adapter {
  constructor(
    private readonly kind: string,
    private readonly store: OAuthStore,
    /** Where the sign-ins under way are (the provider's interactions). */
    private readonly memory: OAuthStore,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const expiresAt = expiresIn ? Date.now() + expiresIn * MS_PER_S : null;
    if (this.kind !== 'Client') return this.store.set(this.kind, id, payload, expiresAt);
    // a registration: refused rather than evicting a client whose sign-in is under way
    const underway = await signInsUnderway(this.memory);
    const known = (await this.store.get('Client', id)) !== undefined;
    if (!known && !(await mayRegister(this.store, underway)))
      throw new errors.TemporarilyUnavailable(E_REGISTRATIONS_FULL);
    await this.store.set(this.kind, id, payload, expiresAt);
    await pruneIdleClients(this.store, IDLE_CLIENTS, underway);
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    return await this.store.get(this.kind, id);
  }

  private async findBy(field: string, value: string): Promise<AdapterPayload | undefined> {
    const hit = (await this.store.list(this.kind)).find((r) => r.payload[field] === value);
    return hit?.payload;
  }

  findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.findBy('uid', uid);
  }

  findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.findBy('userCode', userCode);
  }

  async consume(id: string): Promise<void> {
    const payload = await this.store.get(this.kind, id);
    if (!payload) return;
    const exp = typeof payload.exp === 'number' ? payload.exp * MS_PER_S : null;
    await this.store.set(this.kind, id, { ...payload, consumed: Math.floor(Date.now() / MS_PER_S) }, exp);
  }

  async destroy(id: string): Promise<void> {
    await this.store.delete(this.kind, id);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    for (const r of await this.store.list(this.kind))
      if (r.payload.grantId === grantId) await this.store.delete(this.kind, r.id);
  }
}

/** The adapter factory for the provider: each model kind to its store. */
export function adapterFactory(lasting: OAuthStore, memory: OAuthStore): AdapterFactory {
  return (kind: string) => new StoreAdapter(kind, LASTING_KINDS.has(kind) ? lasting : memory, memory);
}
