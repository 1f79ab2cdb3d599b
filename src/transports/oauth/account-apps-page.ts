/**
 * Hosted mode's list of a person's apps (`/account`, after a YNAB sign-in proves whose they are): each
 * app that holds a grant of theirs, what it may do now, and the buttons that narrow it to reading,
 * widen it to changes (a new YNAB authorisation, which the button starts), or revoke it. Every form
 * carries the page's signed confirmation (account-confirm.ts). No script; forms post to this server.
 */
import type { ClientGrants } from './grants.js';
import { appsTable } from './apps-table.js';
import { escapeHtml } from './html.js';
import { head, privacyLink } from './page.js';
import { CHANGES, READ_ONLY_SERVER, READING, serverLine } from './page-parts.js';

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

/** What the app may do now, in words: its grant, and the account's latest sign-in above it. */
function mayNow(a: ClientGrants, m: PersonAppsModel): string {
  if (!a.write) return 'Read only';
  return m.accountWrites
    ? 'Also changes'
    : 'Read only for now: your latest YNAB sign-in allowed reading only';
}

/** The person's apps and their grants, each with its three answers. */
export function personAppsPage(m: PersonAppsModel, nonce: string): string {
  const list = appsTable(
    m.apps,
    (a) => {
      const changes = a.write && m.accountWrites;
      return {
        may: mayNow(a, m),
        readsOnly: !changes,
        widen: m.writesOffered
          ? { text: changes ? 'Also changes' : 'Also changes…', current: changes }
          : null,
      };
    },
    { action: APPS_PATH, proof: { name: 'token', value: m.token } },
  );
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
