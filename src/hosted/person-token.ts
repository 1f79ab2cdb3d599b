/**
 * One person's YNAB access token in hosted mode: read from the store at each request, refreshed on
 * the server a few minutes before it expires (or once after YNAB answered 401), under the store's
 * per-person refresh lock so that two refreshes never race, since YNAB rotates the refresh token and the
 * loser of a race would hold a spent one. Inside the lock the grant is read again: another call,
 * or another instance, may have refreshed it while this one waited.
 *
 * A refresh YNAB refuses (`invalid_grant`: the person revoked the app, or the grant expired) drops
 * the grant, and from then on every call of the person answers one text: sign in again.
 *
 * A grant sealed under a key no longer in AVENIR_MCP_SEAL_KEY_FILE (removed before every token was
 * sealed again) cannot be opened: the call answers the same text, with nothing sent to YNAB, rather
 * than an internal error. The sealed row is kept, not dropped: an operator who puts the key back gets
 * the person back, and the person's next sign-in replaces it anyway.
 */
import { ClientError } from '../domain/errors.js';
import { Secret } from '../domain/secret.js';
import type { PeopleStore, PersonId, YnabGrant } from '../store/people.js';
import { SealError } from '../store/seal.js';
import { refreshGrant, YnabOAuthError, type YnabApp } from './ynab-oauth.js';

/** How long before its expiry an access token is replaced (YNAB's last two hours). */
export const REFRESH_MARGIN_MS = 5 * 60_000;

export const SIGN_IN_AGAIN =
  "This person's YNAB sign-in has ended (it expired, or access was removed in YNAB's settings), so avenir-mcp can no longer read or change the plan. Reconnect the app to avenir-mcp (in its connector settings: disconnect, then connect again) and sign in with YNAB once more. Nothing was changed.";

export const signInAgain = (): ClientError => new ClientError(SIGN_IN_AGAIN);

export class PersonToken {
  constructor(
    private readonly people: PeopleStore,
    private readonly id: PersonId,
    private readonly app: YnabApp,
    private readonly now: () => number = Date.now,
    /** Told, once per process and person, that the grant could not be opened (for the operator's log). */
    private readonly warn: (message: string) => void = () => {},
  ) {}

  #warned = false;

  /** The person's grant; one that no key of the seal key file opens reads as none. */
  async #grant(): Promise<YnabGrant | null> {
    try {
      return await this.people.grant(this.id);
    } catch (error) {
      if (!(error instanceof SealError)) throw error;
      if (!this.#warned)
        this.warn(
          `The YNAB tokens of person ${this.id} cannot be opened (${error.message}): they must sign in again.`,
        );
      this.#warned = true;
      return null;
    }
  }

  /** The access token to send now, refreshed first when it is about to expire. */
  async token(): Promise<Secret> {
    const grant = await this.#grant();
    if (!grant) throw signInAgain();
    if (grant.expiresAt - this.now() > REFRESH_MARGIN_MS) return new Secret(grant.accessToken);
    return new Secret((await this.refresh(grant.accessToken, false)).accessToken);
  }

  /**
   * YNAB answered 401 to `used`: a token this server still thought valid (YNAB ended it early). The
   * grant is refreshed once, unless another call already replaced that token.
   */
  async afterUnauthorized(used: Secret): Promise<Secret> {
    return new Secret((await this.refresh(used.reveal(), true)).accessToken);
  }

  /** YNAB refused even a fresh token: the grant is of no use any more. */
  async drop(): Promise<never> {
    await this.people.dropGrant(this.id);
    throw signInAgain();
  }

  private refresh(stale: string, refused: boolean): Promise<YnabGrant> {
    return this.people.withRefreshLock(this.id, async () => {
      const current = await this.#grant();
      if (!current) throw signInAgain();
      const fresh = current.expiresAt - this.now() > REFRESH_MARGIN_MS;
      if (current.accessToken !== stale && fresh) return current;
      if (!refused && fresh) return current;
      let next: YnabGrant;
      try {
        next = await refreshGrant(this.app, current.refreshToken);
      } catch (error) {
        if (error instanceof YnabOAuthError && error.kind === 'invalid_grant') return this.drop();
        // YNAB's sign-in service is down or refused the application: the token still valid serves on
        if (!refused && current.expiresAt > this.now()) return current;
        throw new ClientError(
          `${(error as Error).message} Nothing was changed. Try again in a few minutes; if it lasts, the server's operator must check its YNAB application.`,
        );
      }
      await this.people.saveGrant(this.id, next);
      return next;
    });
  }
}
