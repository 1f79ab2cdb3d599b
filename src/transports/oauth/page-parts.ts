/**
 * What both sign-in pages say before anyone answers them (the owner's passphrase page and hosted
 * mode's consent page): which server asks, which app, whether that app's identity was checked, what
 * reading and changes allow, and how long the access lasts and how to end it.
 */
import { escapeHtml } from './html.js';

export interface Asker {
  clientName: string | null;
  clientId: string;
  redirectUri: string;
}

/**
 * The host that vouches for a client: a client ID metadata document is fetched from its https
 * address, so its host is known; a dynamically registered client is only what it said of itself.
 */
export const verifiedHost = (clientId: string): string | null => {
  const url = URL.parse(clientId);
  return url?.protocol === 'https:' ? url.host : null;
};

/** The first line of every page: this server's name and the host it answers at. */
export const serverLine = (host: string): string =>
  `<p class="server">avenir-mcp at <strong>${escapeHtml(host)}</strong></p>`;

/** The app's name as the heading shows it, marked unverified when nothing vouches for it. */
export function appName(a: Asker, unnamed: string): string {
  const name = a.clientName ? escapeHtml(a.clientName) : unnamed;
  return verifiedHost(a.clientId) ? name : `${name} <span class="tag">unverified</span>`;
}

/** Who the app is and where the answer goes, in words; the raw identifiers under "Details". */
export function appIdentity(a: Asker): string {
  const host = verifiedHost(a.clientId);
  const back = URL.parse(a.redirectUri)?.host ?? a.redirectUri;
  const who = host
    ? `This app is described at <strong>${escapeHtml(host)}</strong>, which this server checked: it is that site's app.`
    : 'The name is the one the app gave itself when it registered: this server cannot check it. Only allow it if you just added this server in that app yourself.';
  return `<p>${who} Your answer goes back to <strong>${escapeHtml(back)}</strong>.</p>
<details><summary>Details</summary><p>App identifier: <code>${escapeHtml(a.clientId)}</code><br>Address your answer goes to: <code>${escapeHtml(a.redirectUri)}</code></p></details>`;
}

/** What each kind of access allows, said the same way on both pages. */
export const READING =
  '<strong>Reading</strong> lets it see your plan: accounts and balances, transactions with their payees and memos, categories, what is assigned and your targets. It cannot change anything.';
export const CHANGES =
  '<strong>Changes</strong> let it also propose edits: categorise, create or delete transactions, move money between categories, rename payees. Each one is shown to you first, made only after your yes, and can be undone.';
export const READ_ONLY_SERVER =
  'The operator of this server allows reading only: this app can see your plan and can never change it.';

export interface Lasting {
  /** The grant's lifetime, in days. */
  grantDays: number;
  /** The refresh token's lifetime, in days: an app idle this long must ask again. */
  idleDays: number;
}

/** How long the access lasts, and where it is ended or changed. */
export const howLong = (l: Lasting, revoke: string): string =>
  `<p>The access lasts until you revoke it, ${l.grantDays} days at most; an app that goes ${l.idleDays} days without using it must ask again. ${revoke}</p>`;
