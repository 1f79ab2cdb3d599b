/**
 * The pages of the stand-in's YNAB sign-in: the authorize page (which app asks, for what, one button
 * per person and a Deny button) and the error page an app gets when its request cannot be trusted
 * with a redirect. Plain HTML without scripts, so a headless browser or a person drives it alike.
 */
import type { Scope } from './grants.js';

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
// the pattern holds exactly the table's five characters
const escape = (s: string): string => s.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem}
code{background:#f2f2f2;padding:0 .2rem;word-break:break-all}
button{display:block;font-size:1rem;padding:.5rem 1rem;margin:.5rem 0}`;

const page = (title: string, body: string): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title><style>${STYLE}</style></head>
<body><p><strong>YNAB stand-in</strong> (demo data, no real account)</p>
${body}
</body></html>
`;

/** What the app asked for, in the words the page shows. */
export const scopeText = (scope: Scope): string =>
  scope === 'read-only'
    ? 'Read only: it may read your plans and cannot change them.'
    : 'Full access: it may read and change your plans.';

export interface AuthorizeModel {
  clientId: string;
  scope: Scope;
  people: readonly string[];
  /** The request's parameters, posted back with the answer. */
  params: Readonly<Record<string, string>>;
}

export function authorizePage(m: AuthorizeModel): string {
  const hidden = Object.entries(m.params)
    .map(([k, v]) => `<input type="hidden" name="${escape(k)}" value="${escape(v)}">`)
    .join('\n');
  const buttons = m.people
    .map(
      (name) =>
        `<button type="submit" name="person" value="${escape(name)}">Sign in as ${escape(name)}</button>`,
    )
    .join('\n');
  return page(
    'Authorize application',
    `<h1>Authorize <code>${escape(m.clientId)}</code> to use your YNAB account?</h1>
<p id="scope">${escape(scopeText(m.scope))}</p>
<form method="post" action="/oauth/authorize">
${hidden}
${buttons}
<button type="submit" name="decision" value="deny">Deny</button>
</form>`,
  );
}

/** A request the stand-in refuses without sending the browser anywhere. */
export function errorPage(message: string): string {
  return page(
    'An error has occurred',
    `<h1>An error has occurred</h1>\n<p id="error">${escape(message)}</p>`,
  );
}
