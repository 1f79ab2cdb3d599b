/**
 * Remote mode's account page (`/account`): behind the owner's passphrase, each app that holds a grant,
 * what it may do now, and the buttons that narrow it to reading, widen it to changes, or revoke it.
 * The look and the headers are the sign-in's (page.ts): no script, forms that post to this server.
 */
import { escapeHtml } from './html.js';
import type { ClientGrants } from './grants.js';
import { appsTable } from './apps-table.js';
import { head } from './page.js';
import { CHANGES, READ_ONLY_SERVER, READING, serverLine } from './page-parts.js';

export const OWNER_APPS_PATH = '/account/apps';

export interface SignInModel {
  serverHost: string;
  /** What was wrong with the last try, and the tries left. */
  error?: string;
}

/** The passphrase form that opens the account page. */
export function ownerSignInPage(m: SignInModel, nonce: string): string {
  const invalid = m.error ? ' aria-invalid="true" aria-describedby="passphrase-error"' : '';
  return `${head('Your connected apps', nonce)}${serverLine(m.serverHost)}
<h1>Your connected apps</h1>
<p>See which apps can use your YNAB plan through this server, change what each may do, or revoke it.</p>
<form method="post" action="/account">
<label for="passphrase">Your avenir-mcp passphrase</label>
<input type="password" id="passphrase" name="passphrase" autocomplete="current-password" required autofocus${invalid}>
${m.error ? `<p class="error" id="passphrase-error" role="alert">${escapeHtml(m.error)}</p>` : ''}
<p><button type="submit" name="decision" value="sign-in" class="primary">Open</button></p>
</form></body></html>
`;
}

export interface AppsModel {
  serverHost: string;
  apps: ClientGrants[];
  /** The form's token that ties each answer to this page's session. */
  csrf: string;
  writesOffered: boolean;
  /** What the last answer did, said once. */
  notice?: string;
}

/** The apps and their grants, each with its three answers. */
export function ownerAppsPage(m: AppsModel, nonce: string): string {
  const list = appsTable(
    m.apps,
    (a) => ({
      may: a.write ? 'Also changes' : 'Read only',
      readsOnly: !a.write,
      widen: m.writesOffered ? { text: 'Also changes', current: a.write } : null,
    }),
    { action: OWNER_APPS_PATH, proof: { name: 'csrf', value: m.csrf } },
  );
  return `${head('Your connected apps', nonce)}${serverLine(m.serverHost)}
<h1>Your connected apps</h1>
${m.notice ? `<p role="status">${escapeHtml(m.notice)}</p>` : ''}
<p>${READING}</p><p>${m.writesOffered ? CHANGES : READ_ONLY_SERVER}</p>
<p>A change here applies to the app's next call: it does not have to connect again. Revoking ends its access at once; to use it again, connect it again from the app.</p>
${list}
<form method="post" action="${OWNER_APPS_PATH}"><input type="hidden" name="csrf" value="${escapeHtml(m.csrf)}">
<p><button type="submit" name="action" value="sign-out">Close this page</button></p></form>
</body></html>
`;
}
