/**
 * The page the authorization server shows when a request cannot go on (an unknown app, an address the
 * app did not register, a request missing a part): what happened and what to do, in words. The
 * library's own description stays under "Details" for the app's developer; the protocol's error code
 * is never shown to the person.
 */
import { escapeHtml } from './html.js';
import { head } from './page.js';

const AGAIN = 'Start again from the app that sent you here.';

/** What each error of the authorization endpoint means to the person, and what they can do. */
const PLAIN: Record<string, string> = {
  invalid_client: `The app that sent you here is not known to this server: its registration may have been removed or may have expired. Remove this server from the app and add it again.`,
  invalid_redirect_uri: `The app asked for your answer to be sent to an address it never registered here, so nothing was sent. ${AGAIN} If it happens again, the app may be misconfigured: tell its developer.`,
  invalid_target: `The app asked for access to another server than this one. Check the address you gave the app: it ends with /mcp. ${AGAIN}`,
  invalid_scope: `The app asked for a kind of access this server does not give. ${AGAIN} If it happens again, tell the app's developer.`,
  unsupported_response_type: `The app asked in a way this server does not support. ${AGAIN} If it happens again, tell the app's developer.`,
  access_denied: `Access was not allowed, so nothing was granted. ${AGAIN}`,
};
const INCOMPLETE = `The app's request was incomplete or no longer valid, so nothing was granted. ${AGAIN} If it happens again, tell the app's developer.`;
const UNEXPECTED = `Something went wrong on this server, and nothing was granted. ${AGAIN} If it happens again, tell the operator of this server.`;

/** The sentence for an error code: its own, a request's for the other client errors, else the server's. */
export const plainError = (code: string): string =>
  PLAIN[code] ?? (code.startsWith('invalid_') || code.endsWith('_required') ? INCOMPLETE : UNEXPECTED);

export function errorPage(code: string, description: string, nonce: string): string {
  const detail = description
    ? `<details><summary>Details for the app's developer</summary><p><code>${escapeHtml(description)}</code></p></details>`
    : '';
  return `${head('The sign-in could not go on', nonce)}<h1>The sign-in could not go on</h1>
<p>${escapeHtml(plainError(code))}</p>${detail}</body></html>
`;
}
