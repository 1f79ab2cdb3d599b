/**
 * What the account page's confirmations share (account-deletion.ts, account-digest.ts): a token
 * signed (HS256, jose) with a key derived from the request-state key every instance shares, naming the
 * account and the hash of a secret set in a cookie only `/account` paths receive (`SameSite=Strict`),
 * dead after ten minutes, and made for one page (its audience): another site can neither read the
 * token nor send the cookie, and a deletion's token cannot change the digest, nor the reverse.
 */
import { createHash, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { jwtVerify, SignJWT } from 'jose';
import { ACCOUNT_PATH } from './account-page.js';
import { readForm } from './interaction.js';
import { messagePage, newNonce, pageHeaders } from './page.js';
import type { HostedContext } from './ynab-sign-in.js';

/** The cookie that binds a confirmation to the browser YNAB's answer came back to. */
export const COOKIE = 'avenir_account';
export const CONFIRM_S = 600;
export const AUDIENCE = 'avenir-mcp account deletion';
export const AGAIN = `Start again from ${ACCOUNT_PATH} on this server.`;

/** A message page, with the operator's privacy policy linked as on every page of the account's. */
export function page(
  ctx: Pick<HostedContext, 'privacyUrl'>,
  res: ServerResponse,
  status: number,
  title: string,
  text: string,
): void {
  const nonce = newNonce();
  res.writeHead(status, pageHeaders(nonce, [])).end(messagePage(title, text, nonce, ctx.privacyUrl));
}

export const hash = (secret: string): string => createHash('sha256').update(secret).digest('base64url');

/** The key of the confirmations: from the request-state key, for this one use. */
export async function keyOf(ctx: HostedContext): Promise<Uint8Array> {
  const base = await ctx.accountKey();
  return new Uint8Array(hkdfSync('sha256', base.reveal(), 'avenir-mcp', 'account deletion confirmation', 32));
}

const cookieOf = (req: IncomingMessage): string | null => {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === COOKIE) return value.join('=');
  }
  return null;
};

/**
 * The account a confirmation names, when it is this browser's, still live and made for this page (a
 * deletion's for the deletion, the weekly digest's for its settings); else null.
 */
export async function confirmed(
  req: IncomingMessage,
  ctx: HostedContext,
  token: string,
  audience = AUDIENCE,
): Promise<string | null> {
  const browser = cookieOf(req);
  if (!browser) return null;
  try {
    const { payload } = await jwtVerify(token, await keyOf(ctx), {
      audience,
      algorithms: ['HS256'],
      requiredClaims: ['sub', 'exp'],
    });
    const given = Buffer.from(hash(browser));
    const bound = Buffer.from(typeof payload.browser === 'string' ? payload.browser : '');
    if (given.length !== bound.length || !timingSafeEqual(given, bound)) return null;
    return payload.sub ?? null;
  } catch {
    return null;
  }
}

/**
 * A posted account form, its confirmation token, and the account the token names for this browser
 * (`confirmed`), or null: the one way every account form (apps, digest, deletion) is read.
 */
export async function confirmedForm(
  req: IncomingMessage,
  ctx: HostedContext,
  audience = AUDIENCE,
): Promise<{ form: URLSearchParams; token: string; id: string | null }> {
  const form = await readForm(req);
  const token = form.get('token') ?? '';
  return { form, token, id: await confirmed(req, ctx, token, audience) };
}

/**
 * A confirmation for `audience` naming the person, and the cookie that binds it to this browser: the
 * form carries the one, the browser the other, and `confirmed` wants both.
 */
export async function signConfirmation(
  ctx: HostedContext,
  person: string,
  audience: string,
): Promise<{ token: string; cookie: string }> {
  const browser = randomBytes(32).toString('base64url');
  const token = await new SignJWT({ browser: hash(browser) })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(person)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime(`${CONFIRM_S}s`)
    .sign(await keyOf(ctx));
  const cookie = [
    `${COOKIE}=${browser}`,
    `Path=${ACCOUNT_PATH}`,
    'HttpOnly',
    'SameSite=Strict',
    `Max-Age=${CONFIRM_S}`,
    ...(ctx.secure ? ['Secure'] : []),
  ].join('; ');
  return { token, cookie };
}
