/**
 * The comparison id of compare_statement: the fixes it proposes, with the plan, the account and the
 * state of the account they were computed on, deflated and signed (HS256, through jose), valid 30
 * minutes. The step that makes them needs nothing the server remembers, so any instance (or this one after a
 * restart, when AVENIR_MCP_STATE_KEY is set) can take it, and a fix the comparison did not propose
 * cannot be slipped in. The key is derived from the state key (in hosted mode, the person's own) with
 * HKDF, apart from any other use of it; without one, a key of this process.
 */
import { hkdfSync, randomBytes } from 'node:crypto';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { jwtVerify, SignJWT } from 'jose';
import type { Deps } from '../deps.js';
import { AppError } from '../domain/errors.js';

export const COMPARISON_LIFETIME = '30m';
const processKey = randomBytes(32);

function keyOf(deps: Deps): Uint8Array {
  const base = deps.config.stateKey?.reveal();
  if (base === undefined) return processKey;
  return new Uint8Array(hkdfSync('sha256', base, 'avenir-mcp', 'compare_statement comparison id', 32));
}

/** Seals `content` (any JSON) as a comparison id. */
export async function sealComparison(deps: Deps, content: unknown): Promise<string> {
  const packed = deflateRawSync(Buffer.from(JSON.stringify(content), 'utf8')).toString('base64url');
  return new SignJWT({ c: packed })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime(COMPARISON_LIFETIME)
    .sign(keyOf(deps));
}

export const COMPARISON_REFUSED =
  'This comparison_id is not one this server gave, or it is older than 30 minutes: nothing was changed. Call compare_statement again.';

/** The content a comparison id holds, or an AppError when it is not genuine or has expired. */
export async function openComparison(deps: Deps, id: string): Promise<unknown> {
  try {
    const { payload } = await jwtVerify(id, keyOf(deps), { algorithms: ['HS256'] });
    // a payload without its content fails to inflate, and is refused like any other
    return JSON.parse(
      inflateRawSync(Buffer.from(String(payload.c), 'base64url')).toString('utf8'),
    ) as unknown;
  } catch {
    throw new AppError(COMPARISON_REFUSED);
  }
}
