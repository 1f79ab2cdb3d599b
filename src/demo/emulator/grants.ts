/**
 * The stand-in's grants: authorization codes, access tokens and refresh tokens of the people it
 * knows, on a clock a test can move. A refresh rotates: the new pair replaces the old one, and the old
 * refresh token and access token stop working at once (what YNAB's OAuth server, Doorkeeper, does by
 * default; see docs/ynab-oauth.md for how sure that is). Tokens are random strings and say nothing.
 */
import { randomBytes } from 'node:crypto';

/** `read-only`, or `''` for full access: the two scopes YNAB knows. */
export type Scope = 'read-only' | '';

/** What the token endpoint answers, with YNAB's field names. */
export interface TokenAnswer {
  access_token: string;
  token_type: 'bearer';
  /** Seconds. */
  expires_in: number;
  refresh_token: string;
  scope: Scope;
  /** Epoch seconds. */
  created_at: number;
}

/** A new pair, and whose it is (the request record names them). */
export interface Issued {
  person: string;
  answer: TokenAnswer;
}

/** Who a live access token speaks for. */
export interface Bearer {
  person: string;
  scope: Scope;
}

interface Access extends Bearer {
  expiresAt: number;
  refresh: string;
}

interface Refresh extends Bearer {
  clientId: string | null;
  access: string;
  ttlMs: number;
}

interface Code extends Bearer {
  clientId: string;
  redirectUri: string;
  expiresAt: number;
}

/** YNAB reports `expires_in: 7200`: access tokens last two hours. */
export const ACCESS_TTL_MS = 7_200_000;
/** How long a code waits for its exchange (Doorkeeper's default, ten minutes). */
const CODE_TTL_MS = 600_000;

const newToken = (): string => randomBytes(32).toString('base64url');

const MS_PER_SECOND = 1000;

export class Grants {
  private readonly access = new Map<string, Access>();
  private readonly refresh = new Map<string, Refresh>();
  private readonly codes = new Map<string, Code>();

  constructor(
    private readonly now: () => number,
    private readonly ttlMs: number = ACCESS_TTL_MS,
  ) {}

  /** A new pair for `person`, as the token endpoint answers it. */
  issue(person: string, scope: Scope, clientId: string | null, ttlMs: number = this.ttlMs): TokenAnswer {
    const at = this.now();
    const access_token = newToken();
    const refresh_token = newToken();
    this.access.set(access_token, { person, scope, expiresAt: at + ttlMs, refresh: refresh_token });
    this.refresh.set(refresh_token, { person, scope, clientId, access: access_token, ttlMs });
    return {
      access_token,
      token_type: 'bearer',
      expires_in: Math.round(ttlMs / MS_PER_SECOND),
      refresh_token,
      scope,
      created_at: Math.floor(at / MS_PER_SECOND),
    };
  }

  /** A code the authorize step hands to the app's redirect address. */
  issueCode(person: string, scope: Scope, clientId: string, redirectUri: string): string {
    const code = newToken();
    this.codes.set(code, { person, scope, clientId, redirectUri, expiresAt: this.now() + CODE_TTL_MS });
    return code;
  }

  /**
   * Exchanges a code once, for the person who signed in: undefined when it is unknown, used, expired,
   * another app's or another address's.
   */
  redeemCode(code: string, clientId: string, redirectUri: string): Issued | undefined {
    const found = this.codes.get(code);
    this.codes.delete(code);
    const matches = found?.clientId === clientId && found.redirectUri === redirectUri;
    if (found === undefined || !matches || this.now() >= found.expiresAt) return undefined;
    return { person: found.person, answer: this.issue(found.person, found.scope, clientId) };
  }

  /**
   * Rotates a refresh token of `clientId`: a new pair with the same lifetime, the old pair dead;
   * undefined when it is not live.
   */
  rotate(refreshToken: string, clientId: string): Issued | undefined {
    const found = this.refresh.get(refreshToken);
    if (found === undefined || found.clientId !== clientId) return undefined;
    this.refresh.delete(refreshToken);
    this.access.delete(found.access);
    return { person: found.person, answer: this.issue(found.person, found.scope, clientId, found.ttlMs) };
  }

  /** The bearer of a live access token; undefined for an unknown, expired or revoked one. */
  bearer(token: string): Bearer | undefined {
    const found = this.access.get(token);
    if (found === undefined || this.now() >= found.expiresAt) return undefined;
    return { person: found.person, scope: found.scope };
  }

  /** Every code, access token and refresh token of `person` stops working. */
  revoke(person: string): void {
    for (const map of [this.access, this.refresh, this.codes] as Map<string, Bearer>[]) {
      for (const [token, entry] of map) if (entry.person === person) map.delete(token);
    }
  }

  /** The access tokens of `person` (of everyone when absent) expire now; refresh tokens stay live. */
  expire(person?: string): void {
    const at = this.now();
    for (const entry of this.access.values()) {
      if (person === undefined || entry.person === person) entry.expiresAt = Math.min(entry.expiresAt, at);
    }
  }
}
