/**
 * Hosted mode's consent page: which app asks, what it may do (read only, or also changes when the
 * server allows them), and the person's time zone, before the person is sent to YNAB to sign in.
 * YNAB fixes its token's scope at its own authorize step, so the choice is made here, first.
 *
 * Like the owner's page it loads nothing from elsewhere. It runs one inline script (allowed by its
 * nonce alone): it fills the time zone field from the browser's own setting. Without scripts the
 * field stays empty and the person types a zone, or leaves it for the server's.
 */
import { escapeHtml, head, pageHeaders, privacyLink } from './page.js';
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

export interface ConsentModel extends Asker, Lasting {
  uid: string;
  /** The public host of this server, named at the top of the page. */
  serverHost: string;
  /** AVENIR_MCP_WRITE=1: the person may also allow changes. */
  writesOffered: boolean;
  /** The operator's privacy policy (AVENIR_MCP_PRIVACY_URL), linked at the page's end; null for none. */
  privacyUrl: string | null;
  /** What the person chose in a refused try, shown again. */
  write?: boolean;
  timeZone?: string;
  error?: string;
}

/** The page's headers: the owner page's, and its one script allowed by the nonce. */
export function consentHeaders(nonce: string, formTargets: string[]): Record<string, string> {
  const headers = pageHeaders(nonce, formTargets);
  return {
    ...headers,
    'content-security-policy': `${headers['content-security-policy']}; script-src 'nonce-${nonce}'`,
  };
}

const ZONE_SCRIPT = `var z=document.getElementById('time_zone');if(z&&!z.value){try{z.value=Intl.DateTimeFormat().resolvedOptions().timeZone||''}catch(e){}}`;

/**
 * This server holds one YNAB token per person, of the scope of their latest sign-in: the choice made
 * here is the account's, and the page says so before the person goes to YNAB.
 */
export const ACCOUNT_WIDE =
  'Your choice applies to your whole account on this server: choosing read only here also makes the apps you connected earlier read only; choosing changes lets the apps you allowed changes before make them again. An app you let only read stays read only.';

/** Where a person ends or changes what an app may do. */
export const HOSTED_REVOKE = `To change it or end it, use this server's <a href="/account">account page</a> (you sign in with YNAB there): each app can be set to read only or also changes, or revoked. To end every app's access, remove this server from the authorized applications in YNAB's settings.`;

function choices(m: ConsentModel): string {
  if (!m.writesOffered)
    return `<p>${READING}</p><p>${READ_ONLY_SERVER}</p><input type="hidden" name="access" value="read">`;
  const checked = (yes: boolean): string => (yes ? ' checked' : '');
  return `<fieldset><legend>What may it do?</legend>
<label><input type="radio" name="access" value="read"${checked(!m.write)}> <strong>Read only</strong>. ${READING.replace('<strong>Reading</strong> lets', 'It lets')} YNAB gives it a read-only token.</label>
<label><input type="radio" name="access" value="write"${checked(m.write === true)}> <strong>Also changes</strong>. ${CHANGES.replace('<strong>Changes</strong> let', 'They let')}</label>
<p>${ACCOUNT_WIDE}</p>
</fieldset>`;
}

export function consentPage(m: ConsentModel, nonce: string): string {
  const invalid = m.error ? ' aria-invalid="true" aria-describedby="time-zone-error"' : '';
  return `${head('Connect your YNAB plan', nonce)}${serverLine(m.serverHost)}
<h1>Connect ${appName(m, 'An unnamed app')} to your YNAB plan?</h1>
${appIdentity(m)}
<form method="post" action="/interaction/${encodeURIComponent(m.uid)}">
${choices(m)}
${howLong(m, HOSTED_REVOKE)}
<label for="time_zone">Your time zone ("today" for your plan is the date there)</label>
<input type="text" id="time_zone" name="time_zone" value="${escapeHtml(m.timeZone ?? '')}" placeholder="e.g. Europe/Paris" autocomplete="off"${invalid}>
${m.error ? `<p class="error" id="time-zone-error" role="alert">${escapeHtml(m.error)}</p>` : ''}
<p>Next, YNAB asks you to sign in and to authorize this server; you come back here after.</p>
<p><button type="submit" name="decision" value="allow" class="primary">Continue to YNAB</button><button type="submit" name="decision" value="deny">Deny</button></p>
</form>${privacyLink(m.privacyUrl)}<script nonce="${nonce}">${ZONE_SCRIPT}</script></body></html>
`;
}
