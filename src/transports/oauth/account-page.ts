/**
 * The pages of hosted mode's account page (`/account`): what the server keeps and the button that
 * starts a deletion, then, once YNAB has said who the person is, the confirmation that names their
 * account and what goes with it. The look and the headers are the sign-in's (page.ts): one document,
 * no script, inline style allowed by its nonce, forms that post to this server only.
 */
import { escapeHtml, privacyLink, STYLE } from './page.js';

export const ACCOUNT_PATH = '/account';
export const DELETE_PATH = '/account/delete';
export const DIGEST_PATH = '/account/digest';

/** What the store holds about a person, as the pages say it: everything a deletion takes. */
export const WHAT_IS_KEPT =
  'your YNAB tokens (sealed), the connections of your apps (their grants, tokens and sessions), the undo journal of the changes made through this server, changes whose outcome is still being checked, confirmation codes, your time zone and whether you allowed changes, and the address of your weekly digest with the weeks it was sent';

const head = (title: string, nonce: string): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style nonce="${nonce}">${STYLE}</style></head>
<body><h1>${escapeHtml(title)}</h1>`;

/** The account page's offer of a weekly digest, when the server sends them. */
const DIGEST_OFFER = `<h2>Weekly digest</h2>
<p>This server can send you, once a week, what needs you in your default plan, to a webhook of yours (a chat's incoming webhook, a notification service). To set it, change it or stop it, sign in with YNAB the same way.</p>
<form method="post" action="${ACCOUNT_PATH}">
<button type="submit" name="decision" value="digest">Set up my weekly digest…</button>
</form>`;

/** The account page's way to the person's apps: what each may do, narrowed, widened or revoked. */
const APPS_OFFER = `<h2>Your connected apps</h2>
<p>See which apps can use your YNAB plan through this server, let one only read or also make changes, or revoke it. Sign in with YNAB the same way to see yours.</p>
<form method="post" action="${ACCOUNT_PATH}">
<button type="submit" name="decision" value="apps">See my connected apps…</button>
</form>`;

/** `/account`: what is kept, and the way to delete it (a YNAB sign-in proves whose it is). */
export function accountPage(nonce: string, privacyUrl: string | null = null, digests = false): string {
  return `${head('Your data on this server', nonce)}
<p>For each person who connects an app, this server keeps ${WHAT_IS_KEPT}. It never keeps your plan itself: it reads it from YNAB when your app asks.</p>
<p>To delete everything it keeps about you, sign in with YNAB: YNAB tells this server which account is yours (it asks for read-only access, used once for that and not kept). You then confirm on the next page.</p>
<form method="post" action="${ACCOUNT_PATH}">
<button type="submit" name="decision" value="delete">Delete my data…</button>
</form>${APPS_OFFER}${digests ? DIGEST_OFFER : ''}${privacyLink(privacyUrl)}</body></html>
`;
}

export interface DigestModel {
  /** The host of the webhook set now, or null when none is. */
  host: string | null;
  /** The signed confirmation the forms carry back. */
  token: string;
  /** Why the address given was refused, if it was. */
  error: string | null;
  privacyUrl: string | null;
}

/** After YNAB's answer: the weekly digest's webhook, to set, replace or remove. */
export function digestPage(m: DigestModel, nonce: string): string {
  const now =
    m.host === null
      ? 'No weekly digest is sent now.'
      : `Your weekly digest is sent to a webhook at <code>${escapeHtml(m.host)}</code>.`;
  const token = `<input type="hidden" name="token" value="${escapeHtml(m.token)}">`;
  const remove =
    m.host === null
      ? ''
      : `<form method="post" action="${DIGEST_PATH}">${token}
<button type="submit" name="decision" value="remove">Stop the weekly digest</button>
</form>`;
  const error = m.error === null ? '' : `<p class="error">${escapeHtml(m.error)}</p>`;
  return `${head('Your weekly digest', nonce)}
<p>${now}</p>
<p>Once a week this server posts what needs you in your default plan (YNAB's last used) as JSON to the address you give: items to approve or categorise, overspending, targets due, odd charges. It never sends your YNAB token. The address must start with https:// and be on the public Internet; redirects are not followed.</p>
${error}<form method="post" action="${DIGEST_PATH}">${token}
<label>Webhook address <input type="url" name="url" required maxlength="2048" placeholder="https://"></label>
<button type="submit" name="decision" value="save">Save</button>
</form>
${remove}
<p>This page works for ten minutes; then start again from <a href="${ACCOUNT_PATH}">${ACCOUNT_PATH}</a>.</p>
${privacyLink(m.privacyUrl)}</body></html>
`;
}

export interface ConfirmModel {
  /** The opaque account id (never the YNAB user id or a name). */
  accountId: string;
  /** Epoch milliseconds of the first sign-in. */
  createdAt: number;
  /** The signed confirmation the form carries back. */
  token: string;
  /** The operator's privacy policy, linked at the page's end; null for none. */
  privacyUrl: string | null;
}

/** After YNAB's answer: the account found, what a deletion takes, and the last yes. */
export function confirmPage(m: ConfirmModel, nonce: string): string {
  const since = new Date(m.createdAt).toISOString().slice(0, 10);
  return `${head('Delete your data on this server?', nonce)}
<p>YNAB says you are the person of account <code>${escapeHtml(m.accountId)}</code> on this server, first connected on ${since}.</p>
<p>Deleting removes, at once and for good: ${WHAT_IS_KEPT}. Every app you connected to this server stops working with it; connecting one again starts a new, empty account. Changes already made in YNAB stay as they are, and can no longer be undone from here. Your YNAB plan itself is not touched.</p>
<form method="post" action="${DELETE_PATH}">
<input type="hidden" name="token" value="${escapeHtml(m.token)}">
<button type="submit" name="decision" value="delete">Delete everything</button>
</form>
<p><a href="${ACCOUNT_PATH}">Keep my account</a> (nothing is deleted unless you press the button within ten minutes).</p>
${privacyLink(m.privacyUrl)}</body></html>
`;
}
