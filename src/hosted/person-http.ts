/**
 * The YNAB HTTP client of one person in hosted mode: the shared client, with the person's token
 * (person-token.ts) and one rule more. A 401 means YNAB ended the access token before this server
 * expected (YNAB rejects such a request before doing anything, a write included), so the grant is
 * refreshed once and the request sent again; a second 401, or a refresh YNAB refuses, drops the
 * grant, and the call answers that the person must sign in again rather than YNAB's 401 text, which
 * speaks of personal access tokens.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { ClientError } from '../domain/errors.js';
import type { Secret } from '../domain/secret.js';
import { YnabHttp, type HttpOptions, type Method, type RequestOptions } from '../ynab/client.js';
import type { PersonToken } from './person-token.js';

/** The token one request was sent with, so that a 401 names which token YNAB refused. */
const sending = new AsyncLocalStorage<Secret>();

const unauthorized = (error: unknown): boolean => error instanceof ClientError && error.status === 401;

export class PersonHttp extends YnabHttp {
  readonly #person: PersonToken;

  constructor(options: Omit<HttpOptions, 'token'>, person: PersonToken) {
    super({
      ...options,
      // set by request() below for every request this client sends
      token: () => Promise.resolve(sending.getStore() ?? person.token()),
    });
    this.#person = person;
  }

  override async request<T>(
    method: Method,
    segments: readonly string[],
    options: RequestOptions = {},
  ): Promise<T> {
    const token = await this.#person.token();
    try {
      return await sending.run(token, () => super.request<T>(method, segments, options));
    } catch (error) {
      if (!unauthorized(error)) throw error;
    }
    const fresh = await this.#person.afterUnauthorized(token);
    try {
      return await sending.run(fresh, () => super.request<T>(method, segments, options));
    } catch (error) {
      if (unauthorized(error)) return this.#person.drop();
      throw error;
    }
  }
}
