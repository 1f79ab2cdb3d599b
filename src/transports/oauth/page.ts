/**
 * The authorize page: who asks (the client's name and where the answer goes), the passphrase, and the
 * grant. One self-contained document: no scripts, no external resources, inline style allowed by a
 * nonce only, and a content-security policy that lets the form post to this server and nowhere else.
 */
import { randomBytes } from 'node:crypto';

export interface PageModel {
  uid: string;
  clientName: string | null;
  clientId: string;
  redirectUri: string;
  /** AVENIR_MCP_WRITE=1: the owner may also grant changes (unticked by default). */
  writesOffered: boolean;
  /** A sentence saying what went wrong with the last try. */
  error?: string;
}

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
// The pattern matches only the five characters the table holds.
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

export const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#1b1b1b}
h1{font-size:1.3rem}code{word-break:break-all;background:#f2f2f2;padding:0 .2rem}
.error{color:#a00000;font-weight:600}label{display:block;margin:.8rem 0}
input[type=password],input[type=url]{width:100%;font-size:1rem;padding:.4rem;box-sizing:border-box}
h2{font-size:1.1rem;margin-top:2rem}
button{font-size:1rem;padding:.5rem 1.2rem;margin-right:.6rem}`;

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

export function authorizePage(m: PageModel, nonce: string): string {
  const name = m.clientName ? escapeHtml(m.clientName) : 'An unnamed client';
  const write = m.writesOffered
    ? `<label><input type="checkbox" name="write" value="1"> Also allow changes to the plan (each one is still previewed and needs your yes)</label>`
    : `<p>This server is read-only (AVENIR_MCP_WRITE is not 1): the client can read, never change.</p>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Allow access to your YNAB plan</title><style nonce="${nonce}">${STYLE}</style></head>
<body><h1>Allow ${name} to use your YNAB plan?</h1>
<p>Client: <code>${escapeHtml(m.clientId)}</code><br>It will be sent back to: <code>${escapeHtml(m.redirectUri)}</code></p>
<p>The name is the one the app gave itself: only allow it if you just added this server in that app yourself, and the address above is that app's.</p>
${m.error ? `<p class="error" role="alert">${escapeHtml(m.error)}</p>` : ''}
<form method="post" action="/interaction/${encodeURIComponent(m.uid)}">
<label>Your avenir-mcp passphrase <input type="password" name="passphrase" autocomplete="current-password" required autofocus></label>
<p>It may read your plan.</p>
${write}
<button type="submit" name="decision" value="allow">Allow</button><button type="submit" name="decision" value="deny" formnovalidate>Deny</button>
</form></body></html>
`;
}

/**
 * The operator's privacy policy (AVENIR_MCP_PRIVACY_URL), as the line that ends hosted mode's pages:
 * YNAB's terms ask that it be shown prominently where people give access. Empty when none is set.
 */
export const privacyLink = (url: string | null | undefined): string =>
  url ? `<p class="privacy"><a href="${escapeHtml(url)}">Privacy policy of this server</a></p>` : '';

/** A short page for the ends of the flow (a sign-in that expired, too many tries). */
export function messagePage(title: string, text: string, nonce: string, privacyUrl?: string | null): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style nonce="${nonce}">${STYLE}</style></head>
<body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>${privacyLink(privacyUrl)}</body></html>
`;
}
