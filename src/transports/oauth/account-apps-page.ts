/**
 * Hosted mode's list of a person's apps (`/account`, after a YNAB sign-in proves whose they are): each
 * app that holds a grant of theirs, what it may do now, and the buttons that narrow it to reading,
 * widen it to changes (a new YNAB authorisation, which the button starts), or revoke it. Every form
 * carries the page's signed confirmation (account-confirm.ts). No script; forms post to this server.
 */
import type { ClientGrants } from './grants.js';
import { escapeHtml } from './html.js';
import { head, privacyLink } from './page.js';
import { appName, CHANGES, READ_ONLY_SERVER, READING, serverLine } from './page-parts.js';

const MS_PER_S = 1000;

export const APPS_PATH = '/account/apps';

export interface PersonAppsModel {
  serverHost: string;
  apps: ClientGrants[];
  /** The person's latest YNAB sign-in allowed changes: the token kept for them allows them. */
  accountWrites: boolean;
  writesOffered: boolean;
  /** The signed confirmation every form carries back. */
  token: string;
  /** What the last answer did, said once. */
  notice?: string;
  privacyUrl: string | null;
}

/** What narrowing and revoking do: that app alone, from its next call. */
export const NARROW_RULE =
  "Read only applies to that app alone, from its next call; your other apps keep what they may do. Revoke ends that app's access at once; to use it again, connect it again from the app.";
/** What widening does, and to which apps: the latest YNAB sign-in holds for them all. */
export const WIDEN_RULE =
  'Also changes takes you to YNAB to allow changes, since YNAB fixes what its token allows when you authorize: the new token replaces the one this server keeps for you, for all your apps, so the apps you allowed changes earlier may make them again, and those you let only read stay read only.';

const day = (epochSeconds: number): string => new Date(epochSeconds * MS_PER_S).toISOString().slice(0, 10);

/** What the app may do now, in words: its grant, and the account's latest sign-in above it. */
function mayNow(a: ClientGrants, m: PersonAppsModel): string {
  if (!a.write) return 'Read only';
  return m.accountWrites
    ? 'Also changes'
    : 'Read only for now: your latest YNAB sign-in allowed reading only';
}

function appRow(a: ClientGrants, m: PersonAppsModel): string {
  const name = appName({ clientName: a.name, clientId: a.clientId, redirectUri: '' }, 'An unnamed app');
  const label = escapeHtml(a.name ?? 'this app');
  const changes = a.write && m.accountWrites;
  const button = (value: string, text: string, current: boolean): string =>
    `<button type="submit" name="action" value="${value}" aria-pressed="${current}"${current ? ' class="primary"' : ''} aria-label="${text}: ${label}">${text}</button>`;
  const widen = m.writesOffered ? button('write', changes ? 'Also changes' : 'Also changes…', changes) : '';
  return `<tr><td>${name}<br><span class="muted">since ${day(a.since)}</span></td>
<td>${mayNow(a, m)}</td>
<td><form method="post" action="${APPS_PATH}">
<input type="hidden" name="token" value="${escapeHtml(m.token)}"><input type="hidden" name="client" value="${escapeHtml(a.clientId)}">
${button('read', 'Read only', !changes)}${widen}<button type="submit" name="action" value="revoke" aria-label="Revoke: ${label}">Revoke</button>
</form></td></tr>`;
}

/** The person's apps and their grants, each with its three answers. */
export function personAppsPage(m: PersonAppsModel, nonce: string): string {
  const list =
    m.apps.length === 0
      ? '<p>No app can use your plan through this server now. An app you add asks for access on its first use.</p>'
      : `<table><thead><tr><th scope="col">App</th><th scope="col">May</th><th scope="col">Change</th></tr></thead><tbody>
${m.apps.map((a) => appRow(a, m)).join('\n')}
</tbody></table>`;
  return `${head('Your connected apps', nonce)}${serverLine(m.serverHost)}
<h1>Your connected apps</h1>
${m.notice ? `<p role="status">${escapeHtml(m.notice)}</p>` : ''}
<p>${READING}</p><p>${m.writesOffered ? CHANGES : READ_ONLY_SERVER}</p>
<p>${NARROW_RULE}${m.writesOffered ? ` ${WIDEN_RULE}` : ''}</p>
${list}
<p>This page works for ten minutes; then start again from <a href="/account">/account</a>.</p>
${privacyLink(m.privacyUrl)}</body></html>
`;
}
