/**
 * The authorize page: who asks (the client's name and where the answer goes), the passphrase, and the
 * grant. One self-contained document: no scripts, no external resources, inline style allowed by a
 * nonce only, and a content-security policy that lets the form post to this server and nowhere else.
 */
import { randomBytes } from 'node:crypto';
import {
  appIdentity,
  appName,
  CHANGES,
  howLong,
  READ_ONLY_SERVER,
  READING,
  serverLine,
  type Asker,
  type Lasting,
} from './page-parts.js';
import { escapeHtml } from './html.js';

export interface PageModel extends Asker, Lasting {
  uid: string;
  /** The public host of this server, named at the top of the page. */
  serverHost: string;
  /** AVENIR_MCP_WRITE=1: the owner may also grant changes (unticked by default). */
  writesOffered: boolean;
  /** A sentence saying what was wrong with the passphrase of the last try. */
  error?: string;
}

export { escapeHtml };

/**
 * The look of every page of the sign-in and the account: light by default, dark when the browser asks
 * for it (`prefers-color-scheme`), both with text at 7:1 or more against its background. One button
 * is primary (the answer the page is for); the others are plain.
 */
export const STYLE = `:root{color-scheme:light dark;--bg:#ffffff;--fg:#1b1b1b;--muted:#4d4d4d;--code:#f0f0f0;--err:#a00000;--accent:#0842a0;--on-accent:#ffffff;--line:#767676}
@media (prefers-color-scheme:dark){:root{--bg:#141414;--fg:#ececec;--muted:#c4c4c4;--code:#2b2b2b;--err:#ff9e94;--accent:#9cc0fa;--on-accent:#0a1a33;--line:#a0a0a0}}
body{font:16px/1.5 system-ui,sans-serif;max-width:34rem;margin:2rem auto;padding:0 1rem;color:var(--fg);background:var(--bg)}
h1{font-size:1.3rem}h2{font-size:1.1rem;margin-top:2rem}a{color:var(--accent)}
code{word-break:break-all;background:var(--code);padding:0 .2rem}
.server{color:var(--muted);font-size:.9rem;margin:0}.muted{color:var(--muted)}
.tag{border:1px solid var(--line);border-radius:.3rem;padding:0 .3rem;font-size:.85rem;font-weight:400}
.error{color:var(--err);font-weight:600}label{display:block;margin:.8rem 0}
input[type=password],input[type=url],input[type=text]{width:100%;font-size:1rem;padding:.4rem;box-sizing:border-box;color:var(--fg);background:var(--bg);border:1px solid var(--line)}
input[aria-invalid=true]{border:2px solid var(--err)}
fieldset{border:1px solid var(--line)}
button{font-size:1rem;padding:.5rem 1.2rem;margin:.2rem .6rem .2rem 0;color:var(--fg);background:transparent;border:1px solid var(--line);border-radius:.4rem;cursor:pointer}
button.primary{color:var(--on-accent);background:var(--accent);border-color:var(--accent);font-weight:600}
:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:.4rem .3rem;border-bottom:1px solid var(--line);vertical-align:top}
details{margin:1rem 0}summary{cursor:pointer}`;

/** The headers every page of the sign-in carries. `formTargets` are the origins a submit may reach. */
export function pageHeaders(nonce: string, formTargets: string[]): Record<string, string> {
  const csp = [
    "default-src 'none'",
    `style-src 'nonce-${nonce}'`,
    `form-action 'self' ${formTargets.join(' ')}`.trim(),
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
  return {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': csp,
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    // same-origin, not no-referrer: with no-referrer browsers send `Origin: null` on the form post.
    'referrer-policy': 'same-origin',
    'cache-control': 'no-store',
  };
}

export const newNonce = (): string => randomBytes(16).toString('base64url');

/** Where the owner ends or changes a grant. */
export const OWNER_REVOKE = `Change it or revoke it at any time on this server's <a href="/account">account page</a> (with your passphrase), or with <code>avenir-mcp revoke</code>.`;

export function authorizePage(m: PageModel, nonce: string): string {
  const write = m.writesOffered
    ? `<label><input type="checkbox" name="write" value="1"> Also allow changes</label>`
    : '';
  const access = m.writesOffered
    ? `<p>${READING}</p><p>${CHANGES}</p>`
    : `<p>${READING}</p><p>${READ_ONLY_SERVER}</p>`;
  const invalid = m.error ? ' aria-invalid="true" aria-describedby="passphrase-error"' : '';
  return `${head('Allow access to your YNAB plan', nonce)}${serverLine(m.serverHost)}
<h1>Allow ${appName(m, 'An unnamed client')} to use your YNAB plan?</h1>
${appIdentity(m)}
${access}
${howLong(m, OWNER_REVOKE)}
<form method="post" action="/interaction/${encodeURIComponent(m.uid)}">
<label for="passphrase">Your avenir-mcp passphrase</label>
<input type="password" id="passphrase" name="passphrase" autocomplete="current-password" required autofocus${invalid}>
${m.error ? `<p class="error" id="passphrase-error" role="alert">${escapeHtml(m.error)}</p>` : ''}
${write}
<p><button type="submit" name="decision" value="allow" class="primary">Allow</button><button type="submit" name="decision" value="deny" formnovalidate>Deny</button></p>
</form></body></html>
`;
}

/**
 * The page while passphrase tries are paused: what happened and when to try again, with no form, so
 * that nothing on it can be submitted before the pause ends.
 */
export function lockoutPage(minutes: number, nonce: string): string {
  return `${head('Sign-in is paused', nonce)}<h1>Sign-in is paused</h1>
<p class="error" role="alert">Too many wrong passphrases: no tries are taken for ${minutes} more minute${minutes === 1 ? '' : 's'}.</p>
<p>This protects your plan from someone guessing. Wait, then reload this page (it stays valid for an hour) or start again from the app you are connecting.</p></body></html>
`;
}

/** The start of every page, up to the open body. */
export const head = (title: string, nonce: string): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style nonce="${nonce}">${STYLE}</style></head>
<body>`;

/**
 * The operator's privacy policy (AVENIR_MCP_PRIVACY_URL), as the line that ends hosted mode's pages:
 * YNAB's terms ask that it be shown prominently where people give access. Empty when none is set.
 */
export const privacyLink = (url: string | null | undefined): string =>
  url ? `<p class="privacy"><a href="${escapeHtml(url)}">Privacy policy of this server</a></p>` : '';

/** A short page for the ends of the flow (a sign-in that expired, too many tries). */
export function messagePage(title: string, text: string, nonce: string, privacyUrl?: string | null): string {
  return `${head(title, nonce)}<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>${privacyLink(privacyUrl)}</body></html>
`;
}
