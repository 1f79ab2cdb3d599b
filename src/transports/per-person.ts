/**
 * Hosted mode's choice of server instance: the bearer gate has named the person (the access token's
 * account), and the call is served by an instance built on that person's own Deps
 * (hosted/people-deps.ts), from that person's own pool of instances (reuse.ts), so that no instance,
 * code store, journal or YNAB token of one person ever serves another's call. Every other mode keeps
 * its one process-wide factory and pool (http.ts).
 */
import {
  getOAuthProtectedResourceMetadataUrl,
  type AuthInfo,
  type McpRequestContext,
  type McpServer,
} from '@modelcontextprotocol/server';
import type { Config } from '../config.js';
import type { Deps } from '../deps.js';
import { PeopleDeps, type HostedOptions } from '../hosted/people-deps.js';
import { serverFactory, type ServerOptions } from '../server.js';
import { grantAllowsWrites, WRITE_SCOPE } from './oauth/scopes.js';
import { reusing } from './reuse.js';

type Factory = (ctx: McpRequestContext) => McpServer;

export interface PersonServers {
  people: PeopleDeps<Factory>;
  /** The instance for a call: from the pool of the person its token names. */
  perPerson(ctx: McpRequestContext): Promise<McpServer>;
  /**
   * The bearer gate, which also refuses a token whose person is gone (deleted), and takes the write
   * grant away from every app of a person whose latest sign-in allowed reading only.
   */
  gate(
    inner: (request: Request) => Promise<AuthInfo | Response>,
    resource: URL,
  ): (request: Request) => Promise<AuthInfo | Response>;
}

/**
 * The person's latest sign-in chose read only (or YNAB gave a read-only token): every app of theirs is
 * read only from then on, an app granted changes earlier included, since the one YNAB token the
 * account holds could not make them. A later sign-in that allows changes gives them back to the apps
 * that were granted them.
 */
const readOnly = (authInfo: AuthInfo): AuthInfo => ({
  ...authInfo,
  scopes: authInfo.scopes.filter((s) => s !== WRITE_SCOPE),
});

const accountOf = (authInfo: AuthInfo | undefined): string => {
  const id = authInfo?.extra?.accountId;
  // the gate let no call through without one: this is a guard, not a path
  if (typeof id !== 'string' || id === '') throw new Error('A hosted call must carry its person.');
  return id;
};

export function personServers(
  options: HostedOptions & { server?: ServerOptions; config: Config },
): PersonServers {
  const people = new PeopleDeps<Factory>(options, (deps: Deps) =>
    reusing(serverFactory(deps, options.server), (ctx) =>
      grantAllowsWrites(ctx.authInfo) ? 'writes' : 'read-only',
    ),
  );
  return {
    people,
    async perPerson(ctx) {
      const entry = await people.entry(accountOf(ctx.authInfo));
      if (!entry) throw new Error('The person of this call is gone.');
      return entry.built(ctx);
    },
    gate: (inner, resource) => async (request) => {
      const verdict = await inner(request);
      if (verdict instanceof Response) return verdict;
      // the person as the store has them now: another instance may have deleted them, or taken their
      // new sign-in, since this one built their Deps
      const person = await options.people.person(accountOf(verdict));
      if (person && (await people.current(person)))
        return person.allowed === 'write' ? verdict : readOnly(verdict);
      people.forget(accountOf(verdict));
      const challenge = `Bearer error="invalid_token", error_description="This person's account was deleted on this server: sign in again.", resource_metadata="${getOAuthProtectedResourceMetadataUrl(resource)}"`;
      return new Response(
        JSON.stringify({
          error: 'invalid_token',
          error_description: 'The account was deleted: sign in again.',
        }),
        { status: 401, headers: { 'content-type': 'application/json', 'www-authenticate': challenge } },
      );
    },
  };
}
