/**
 * The table of apps both account pages show (remote mode's behind the passphrase, hosted mode's after
 * a YNAB sign-in): each app holding a grant, since when, what it may do now, and its three answers —
 * Read only, Also changes, Revoke — in a form that posts back with the page's own proof (a session's
 * form token, or a signed confirmation). What each page says an app may do, and how it words widening,
 * is its own; the markup, the buttons' labels for keyboard and screen-reader users and the empty case
 * are the same.
 */
import type { ClientGrants } from './grants.js';
import { escapeHtml } from './html.js';
import { appName } from './page-parts.js';

const MS_PER_S = 1000;

const day = (epochSeconds: number): string => new Date(epochSeconds * MS_PER_S).toISOString().slice(0, 10);

/** What one page shows of an app: what it may do, and its widening button (none on a read-only server). */
export interface AppShown {
  may: string;
  /** Whether "Read only" is what the app may do now (the button is then pressed). */
  readsOnly: boolean;
  widen: { text: string; current: boolean } | null;
}

/** Where the forms post, and the hidden field that proves the page (its name and value). */
export interface AppsForm {
  action: string;
  proof: { name: string; value: string };
}

function appRow(a: ClientGrants, shown: AppShown, form: AppsForm): string {
  const name = appName({ clientName: a.name, clientId: a.clientId, redirectUri: '' }, 'An unnamed app');
  const label = escapeHtml(a.name ?? 'this app');
  const button = (value: string, text: string, current: boolean): string =>
    `<button type="submit" name="action" value="${value}" aria-pressed="${current}"${current ? ' class="primary"' : ''} aria-label="${text}: ${label}">${text}</button>`;
  const widen = shown.widen === null ? '' : button('write', shown.widen.text, shown.widen.current);
  return `<tr><td>${name}<br><span class="muted">since ${day(a.since)}</span></td>
<td>${shown.may}</td>
<td><form method="post" action="${form.action}">
<input type="hidden" name="${form.proof.name}" value="${escapeHtml(form.proof.value)}"><input type="hidden" name="client" value="${escapeHtml(a.clientId)}">
${button('read', 'Read only', shown.readsOnly)}${widen}<button type="submit" name="action" value="revoke" aria-label="Revoke: ${label}">Revoke</button>
</form></td></tr>`;
}

/** The apps as a table, or a sentence when there is none. */
export function appsTable(
  apps: readonly ClientGrants[],
  shown: (a: ClientGrants) => AppShown,
  form: AppsForm,
): string {
  if (apps.length === 0)
    return '<p>No app can use your plan through this server now. An app you add asks for access on its first use.</p>';
  return `<table><thead><tr><th scope="col">App</th><th scope="col">May</th><th scope="col">Change</th></tr></thead><tbody>
${apps.map((a) => appRow(a, shown(a), form)).join('\n')}
</tbody></table>`;
}
