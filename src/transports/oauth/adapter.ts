/**
 * oidc-provider's storage adapter over our store interface. Each model kind goes to one of two stores:
 * what must outlast a restart (the registered clients, the grants, the refresh tokens) to the lasting
 * one, the short-lived rest (sign-in pages, sessions, authorization codes, access tokens) to the
 * other. For the owner (remote mode) the short-lived store is this process's memory, so a restart
 * costs each client one refresh and nothing else. In hosted mode both are the shared store: any
 * instance then answers any request, a sign-in page opened on one and answered on another, a code
 * issued by one and redeemed at another, an access token verified anywhere.
 *
 * The lookups by field (a session by uid, a grant's tokens to revoke) are the store's own, indexed on
 * SQL; and spending a code or a refresh token is one step of the store, so that of two requests
 * racing with the same one, on any instances, only one gets tokens.
 *
 * A token's id is the token itself (what a client presents), so the kinds whose id is a bearer
 * secret are kept under a SHA-256 of it, and without it in their payload (oidc-provider writes it
 * there as `jti`; it is put back when the token is presented): whoever reads the store, or a copy of
 * it, learns no token a client could use. Records written before this are still found by their id.
 *
 * A browser's session is such a secret too: its id is the session cookie, which signs the person in
 * on the consent page. It is kept under its hash like a token. The provider also finds a session by
 * its `uid` (to check a token or a sign-in page against it), where no cookie is at hand to put back:
 * the session found that way carries a reference to its uid as its id, which the provider only
 * reads, and which `destroy` understands (a sign-in here ends the browser's previous session).
 */
import { createHash } from 'node:crypto';
import { errors, type Adapter, type AdapterFactory, type AdapterPayload } from 'oidc-provider';
import { IDLE_CLIENTS, mayRegister, pruneIdleClients, signInsUnderway } from './grants.js';
import type { OAuthStore } from './store.js';

/** oidc-provider counts in seconds, the store in milliseconds. */
const MS_PER_S = 1000;

export const LASTING_KINDS = new Set(['Client', 'Grant', 'RefreshToken', 'RegistrationAccessToken']);

export const E_REGISTRATIONS_FULL =
  'too many sign-ins are under way on this server for a new app to register: none of them is evicted for it. Try again once they end or expire (within an hour); an app already connected is not affected.';

/** The kinds whose id is a secret a client presents (a token or a code): stored under its hash. */
export const SECRET_ID_KINDS: ReadonlySet<string> = new Set([
  'AccessToken',
  'RefreshToken',
  'AuthorizationCode',
  'ClientCredentials',
  'RegistrationAccessToken',
  'Session',
]);

const HASHED = 'sha256:';

/** The id given to a session found by its uid: no cookie is at hand, and none is ever made of this. */
const BY_UID = 'uid:';

/** The store's key for a secret id: its SHA-256, which cannot be presented in its place. */
export const hashedId = (id: string): string =>
  `${HASHED}${createHash('sha256').update(id).digest('base64url')}`;

/**
 * Whether `id` may be a record written before the hashing, kept under the id itself: never a key of
 * the hashed form (no token oidc-provider makes has a colon), or the hash read from the store would
 * open its record as if it were the token.
 */
const mayBeUnhashed = (id: string): boolean => !id.startsWith(HASHED) && !id.startsWith(BY_UID);

/** The provider's own words when a code or a refresh token comes back after its use. */
const E_SPENT: Record<string, string> = {
  AuthorizationCode: 'authorization code already consumed',
  RefreshToken: 'refresh token already used',
};

class StoreAdapter implements Adapter {
  constructor(
    private readonly kind: string,
    private readonly store: OAuthStore,
    /** Where the sign-ins under way are (the provider's interactions). */
    private readonly shortLived: OAuthStore,
    /** Where the grants are, to revoke one whose code or refresh token was spent twice. */
    private readonly lasting: OAuthStore,
  ) {}

  private get secret(): boolean {
    return SECRET_ID_KINDS.has(this.kind);
  }

  /** Where a record of this kind is kept: under its id, or a secret id's hash. */
  private keyOf(id: string): string {
    return this.secret ? hashedId(id) : id;
  }

  /** The record kept under `id`: by its hash, else (written before the hashing) by the id itself. */
  private async stored(id: string): Promise<AdapterPayload | undefined> {
    const found = await this.store.get(this.kind, this.keyOf(id));
    if (found !== undefined || !this.secret || !mayBeUnhashed(id)) return found;
    return this.store.get(this.kind, id);
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const expiresAt = expiresIn ? Date.now() + expiresIn * MS_PER_S : null;
    if (this.secret) {
      // the token itself never rests in the store: the payload keeps everything else
      const { jti, ...rest } = payload;
      return this.store.set(this.kind, this.keyOf(id), jti === id ? rest : payload, expiresAt);
    }
    if (this.kind !== 'Client') return this.store.set(this.kind, id, payload, expiresAt);
    // a registration: refused rather than evicting a client whose sign-in is under way
    const underway = await signInsUnderway(this.shortLived);
    const known = (await this.store.get('Client', id)) !== undefined;
    if (!known && !(await mayRegister(this.store, underway)))
      throw new errors.TemporarilyUnavailable(E_REGISTRATIONS_FULL);
    await this.store.set(this.kind, id, payload, expiresAt);
    await pruneIdleClients(this.store, IDLE_CLIENTS, underway);
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    // a reference to a uid is no cookie: it opens nothing
    if (this.secret && id.startsWith(BY_UID)) return undefined;
    const found = await this.stored(id);
    // the token presented is the one its hash was kept under: it is the payload's `jti` again
    return found !== undefined && this.secret && found.jti === undefined ? { ...found, jti: id } : found;
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    const found = await this.store.findBy(this.kind, 'uid', uid);
    return found !== undefined && this.secret && found.jti === undefined
      ? { ...found, jti: `${BY_UID}${uid}` }
      : found;
  }

  findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.store.findBy(this.kind, 'userCode', userCode);
  }

  /**
   * The provider reads a code (or refresh token), sees it unspent, then calls this: between the two,
   * another request may have spent it, here or on another instance. The store's step tells which
   * request was first; the other is refused as a reuse, and like a reuse it revokes the grant (RFC
   * 6749 §4.1.2: the tokens issued from a code used twice should be revoked).
   */
  async consume(id: string): Promise<void> {
    const at = Math.floor(Date.now() / MS_PER_S);
    const spent =
      (await this.store.consume(this.kind, this.keyOf(id), at)) ??
      (this.secret && mayBeUnhashed(id) ? await this.store.consume(this.kind, id, at) : undefined);
    if (!spent || spent.first) return;
    const grantId = spent.payload.grantId;
    if (typeof grantId === 'string') {
      await this.store.deleteBy(this.kind, 'grantId', grantId);
      await this.lasting.delete('Grant', grantId);
    }
    throw new errors.InvalidGrant(E_SPENT[this.kind] ?? `${this.kind} already consumed`);
  }

  async destroy(id: string): Promise<void> {
    if (this.secret && id.startsWith(BY_UID)) {
      await this.store.deleteBy(this.kind, 'uid', id.slice(BY_UID.length));
      return;
    }
    await this.store.delete(this.kind, this.keyOf(id));
    if (this.secret && mayBeUnhashed(id)) await this.store.delete(this.kind, id);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.store.deleteBy(this.kind, 'grantId', grantId);
  }
}

/**
 * The adapter factory for the provider: each model kind to its store. `shortLived` is this process's
 * memory for the owner, and the lasting store itself in hosted mode.
 */
export function adapterFactory(lasting: OAuthStore, shortLived: OAuthStore): AdapterFactory {
  return (kind: string) =>
    new StoreAdapter(kind, LASTING_KINDS.has(kind) ? lasting : shortLived, shortLived, lasting);
}
