/**
 * Hosted mode's consent page: which app asks, what it may do (read only, or also changes when the
 * server allows them), and the person's time zone, before the person is sent to YNAB to sign in.
 * YNAB fixes its token's scope at its own authorize step, so the choice is made here, first.
 *
 * Like the owner's page it loads nothing from elsewhere. It runs one inline script (allowed by its
 * nonce alone): it fills the time zone field from the browser's own setting. Without scripts the
 * field stays empty and the person types a zone, or leaves it for the server's.
 */
import { escapeHtml, pageHeaders, privacyLink, STYLE } from './page.js';

export interface ConsentModel {
  uid: string;
  clientName: string | null;
  clientId: string;
  redirectUri: string;
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

function choices(m: ConsentModel): string {
  if (!m.writesOffered)
    return `<p>It may <strong>read</strong> your plan. This server never changes a plan (its operator has not allowed changes).</p><input type="hidden" name="access" value="read">`;
  const checked = (yes: boolean): string => (yes ? ' checked' : '');
  return `<fieldset><legend>What may it do?</legend>
<label><input type="radio" name="access" value="read"${checked(!m.write)}> <strong>Read only</strong>: it reads balances, transactions and categories; it can never change anything, and YNAB gives it a read-only token.</label>
<label><input type="radio" name="access" value="write"${checked(m.write === true)}> <strong>Also changes</strong>: it may also propose changes (categorise, create, move money); each one is shown to you first and made only after your yes, and can be undone.</label>
<p>${ACCOUNT_WIDE}</p>
</fieldset>`;
}

export function consentPage(m: ConsentModel, nonce: string): string {
  const name = m.clientName ? escapeHtml(m.clientName) : 'An unnamed app';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Connect your YNAB plan</title><style nonce="${nonce}">${STYLE}</style></head>
<body><h1>Connect ${name} to your YNAB plan?</h1>
<p>App: <code>${escapeHtml(m.clientId)}</code><br>It will be sent back to: <code>${escapeHtml(m.redirectUri)}</code></p>
<p>The name is the one the app gave itself: continue only if you just added this server in that app yourself.</p>
${m.error ? `<p class="error" role="alert">${escapeHtml(m.error)}</p>` : ''}
<form method="post" action="/interaction/${encodeURIComponent(m.uid)}">
${choices(m)}
<label>Your time zone ("today" for your plan is the date there) <input type="text" id="time_zone" name="time_zone" value="${escapeHtml(m.timeZone ?? '')}" placeholder="e.g. Europe/Paris" autocomplete="off"></label>
<p>Next, YNAB asks you to sign in and to authorize this server; you come back here after.</p>
<button type="submit" name="decision" value="allow">Continue to YNAB</button><button type="submit" name="decision" value="deny">Deny</button>
</form>${privacyLink(m.privacyUrl)}<script nonce="${nonce}">${ZONE_SCRIPT}</script></body></html>
`;
}
