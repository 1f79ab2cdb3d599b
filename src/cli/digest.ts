/**
 * `avenir-mcp digest`: what changed since the last digest and what needs the person in a plan, from a
 * terminal or a scheduled job rather than a chat, as Markdown, JSON or a small HTML page. It runs
 * `get_digest`'s code on the server's own configuration (the YNAB token from YNAB_API_KEY or
 * YNAB_API_KEY_FILE, AVENIR_MCP_YNAB_URL) and only reads YNAB: no write tool is ever called. Like
 * `get_digest` it moves the plan's mark (beside the journal), once the digest is delivered, so the
 * next digest tells what changed after this one; `--since 7d` lists the transactions dated in the
 * last 7 days instead (YNAB keeps no time of change). `--out` writes the answer to a file only its
 * owner can read, since it holds payee names and amounts. `--webhook` also posts the JSON answer to a
 * URL (a chat's incoming webhook, a home server): the digest only, never the YNAB token, retried
 * twice at most.
 */
import { chmod, writeFile } from 'node:fs/promises';
import { escapeUTF8 } from 'entities';
import { ConfigError, type Config } from '../config.js';
import { createDeps } from '../deps.js';
import { AppError, ClientError } from '../domain/errors.js';
import { createLog } from '../log.js';
import { planMoney } from '../mcp/plan-money.js';
import { digestOf } from '../tools/plans/get-digest.js';
import { closeConnections } from '../ynab/client.js';
import { LAST_USED } from '../ynab/api.js';
import { postJson, WebhookError } from '../webhook/post.js';

type Out = (text: string) => void;

export const DIGEST_USAGE =
  'usage: avenir-mcp digest [--plan <plan id>] [--since last | <days>d] [--format md | json | html] [--out <file>] [--webhook <url>]';

export { WEBHOOK_TRIES } from '../webhook/post.js';
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

const FORMATS = ['md', 'json', 'html'] as const;
type Format = (typeof FORMATS)[number];

export interface DigestArgs {
  plan: string;
  /** `last` (since the last digest) or days back, `7d`. */
  since: string;
  format: Format;
  out: string | null;
  webhook: URL | null;
}

interface Digest {
  message: string;
  changes: { since: string | null; counts: Record<string, number>; lines: string[] };
  needs_you: { kind: string; what: string; tool: string | null; ids: string[] }[];
  omitted: string | null;
}

/** The options, each at most once and each with its value; anything else is the usage. */
export function digestArgs(args: readonly string[]): DigestArgs {
  const given = new Map<string, string>();
  for (let i = 0; i < args.length; i += 2) {
    const [name, value] = [args[i]!, args[i + 1]];
    const known = ['--plan', '--since', '--format', '--out', '--webhook'].includes(name);
    if (!known || given.has(name) || value === undefined || value === '' || value.startsWith('--'))
      throw new ConfigError(DIGEST_USAGE);
    given.set(name, value);
  }
  const format = given.get('--format') ?? 'md';
  if (!FORMATS.includes(format as Format)) throw new ConfigError(DIGEST_USAGE);
  const since = given.get('--since') ?? 'last';
  if (since !== 'last' && !/^[1-9]\d{0,2}d$/.test(since)) throw new ConfigError(DIGEST_USAGE);
  return {
    plan: given.get('--plan') ?? LAST_USED,
    since,
    format: format as Format,
    out: given.get('--out') ?? null,
    webhook: webhookUrl(given.get('--webhook')),
  };
}

/** The digest leaves the machine only over TLS: plain http only to this machine. */
function webhookUrl(raw: string | undefined): URL | null {
  if (raw === undefined) return null;
  const url = URL.canParse(raw) ? new URL(raw) : null;
  if (url?.protocol === 'https:' || (url?.protocol === 'http:' && LOOPBACK.has(url.hostname))) return url;
  throw new ConfigError(
    'avenir-mcp digest: --webhook takes an https:// URL (plain http only to 127.0.0.1 or localhost).',
  );
}

/** Posts the JSON digest (webhook/post.ts: bounded retries, no redirect, never the token). */
async function postWebhook(url: URL, digest: Digest): Promise<void> {
  try {
    await postJson(url, digest);
  } catch (error) {
    if (error instanceof WebhookError) throw new ConfigError(`avenir-mcp digest: ${error.message}.`);
    throw error;
  }
}

const toolOf = (tool: string | null): string => (tool === null ? 'in YNAB itself' : tool);

/**
 * Text from the plan made inert in Markdown: a payee is bank text, and `[Pay here](https://…)` or
 * `![x](…)` in it would render as a link or an image wherever the digest is shown (a chat hook, a
 * notification app). Every character that opens or closes an inline construct is escaped with a
 * backslash, which CommonMark allows before any ASCII punctuation.
 */
const inert = (text: string): string => text.replace(/[\\`*_{}[\]()<>!|#~]/g, (c) => `\\${c}`);

function markdown(digest: Digest, today: string): string {
  const changed = digest.changes.lines.map((line) => `- ${inert(line)}`);
  const items = digest.needs_you.map((n) => `- ${inert(n.what)} (${toolOf(n.tool)})`);
  const omitted = digest.omitted === null ? [] : ['', digest.omitted];
  return [
    `# What needs you, ${today}`,
    '',
    digest.message,
    ...(changed.length ? ['', '## What changed', '', ...changed] : []),
    ...(items.length ? ['', '## What needs you', '', ...items] : []),
    ...omitted,
    '',
  ].join('\n');
}

/** The page's texts all pass through the escaping of `entities`, payee names above all. */
function html(digest: Digest, today: string): string {
  const e = escapeUTF8;
  const changed = digest.changes.lines.map((line) => `<li>${e(line)}</li>`).join('\n');
  const items = digest.needs_you
    .map((n) => `<li>${e(n.what)} <code>${e(toolOf(n.tool))}</code></li>`)
    .join('\n');
  const omitted = digest.omitted === null ? '' : `<p>${e(digest.omitted)}</p>\n`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>What needs you, ${e(today)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem}code{color:#555}</style>
</head><body>
<h1>What needs you, ${e(today)}</h1>
<p>${e(digest.message)}</p>
${changed === '' ? '' : `<h2>What changed</h2>\n<ul>\n${changed}\n</ul>\n`}${items === '' ? '' : `<h2>What needs you</h2>\n<ul>\n${items}\n</ul>\n`}${omitted}</body></html>
`;
}

export function renderDigest(digest: Digest, format: Format, today: string): string {
  if (format === 'json') return `${JSON.stringify(digest, null, 2)}\n`;
  return format === 'html' ? html(digest, today) : markdown(digest, today);
}

export async function digestCommand(config: Config, args: readonly string[], out: Out): Promise<void> {
  const asked = digestArgs(args);
  const deps = createDeps(config, createLog(config.logLevel, config.logFormat));
  let digest: Digest;
  let saveMark: () => Promise<void> = () => Promise.resolve();
  try {
    // the mark moves once the digest is delivered: a failed webhook leaves it for the next run
    digest = await digestOf(deps, asked.plan, planMoney(deps, asked.plan), {
      since: asked.since,
      mark: 'later',
      saveMark: (save) => (saveMark = save),
    });
  } catch (error) {
    // what a tool would answer the agent: one line, the token never in it
    if (error instanceof AppError || error instanceof ClientError)
      throw new ConfigError(`avenir-mcp digest: ${error.message}`);
    throw error;
  } finally {
    await closeConnections();
  }
  const text = renderDigest(digest, asked.format, deps.clock.today());
  if (asked.out === null) out(text);
  else {
    await writeFile(asked.out, text, { mode: 0o600 });
    // a file that was already there keeps its mode on a write: the digest is the owner's alone
    await chmod(asked.out, 0o600);
  }
  if (asked.webhook) await postWebhook(asked.webhook, digest);
  await saveMark();
}
