/**
 * Who an API request speaks for: without people, anyone with a bearer token reaches the one plan;
 * with people, the token's person reaches their own plans, an unknown, expired or revoked token answers
 * 401 and a write with a `read-only` token answers 403.3, before any route runs.
 */
import type { Grants } from './grants.js';
import { errorBody } from './http.js';
import type { Reply, RequestContext } from './http.js';
import type { People } from './people.js';
import type { PlanState } from '../plan-data.js';

/** What `GET /user` answers without `people`. */
export const DEMO_USER_ID = '5c1e7d2a-0d6b-4f3e-9a7c-2b8e4f6a1d00';

/** 403.3: a write with a `read-only` token. */
const SCOPE_REFUSED: Reply = {
  status: 403,
  body: {
    error: {
      id: '403.3',
      name: 'unauthorized_scope',
      detail: 'The access token is read-only: this request needs full access.',
    },
  },
};

const UNAUTHORIZED: Reply = { status: 401, body: errorBody(401) };

/** The person a request speaks for (null without people) and what the router needs of them. */
export interface Access {
  person: string | null;
  ctx: Pick<RequestContext, 'plans' | 'userId'>;
}

export interface Accounts {
  people: People | undefined;
  grants: Grants;
  /** The plan served without people. */
  single: PlanState;
}

/** The access a bearer token gives to a request of `method`, or the refusal it gets. */
export function accessOf(token: string | null, method: string, accounts: Accounts): Access | Reply {
  if (token === null) return UNAUTHORIZED;
  const { people, grants } = accounts;
  if (people === undefined) return { person: null, ctx: { plans: [accounts.single], userId: DEMO_USER_ID } };
  const bearer = grants.bearer(token);
  const living = bearer === undefined ? undefined : people.find(bearer.person);
  if (bearer === undefined || living === undefined) return UNAUTHORIZED;
  if (method !== 'GET' && bearer.scope === 'read-only') return SCOPE_REFUSED;
  return { person: bearer.person, ctx: { plans: living.states, userId: living.person.userId } };
}
