/**
 * `avenir-mcp digest` through the built CLI against the stand-in over loopback: each format's content
 * (Markdown and HTML drawn from the same items as the JSON), the last-used plan by default, names
 * escaped in the page, `--out` writing a file only its owner reads, the requests it costs (reads
 * only), the usage and an unknown plan refused with one line, and `--webhook` posting the JSON to a
 * loopback server: tried again after a 503, at most 3 times, never again after a 400, never the token.
 */
import { spawn } from 'node:child_process';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { buildDemoPlan, startStandIn, type StandIn } from '../../src/demo/index.js';
import { BUILT_MAIN, describeBuilt } from '../helpers/built.js';
import { hostEnv } from '../helpers/cli.js';
import { requestLines } from '../helpers/harness.js';

const TOKEN = 'test-token-digest';
let standIn: StandIn;
let state: string;
const states: string[] = [];
beforeAll(async () => {
  standIn = await startStandIn({ today: '2026-09-25' });
});
afterAll(async () => {
  await standIn.close();
  for (const dir of states) rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  standIn.reset();
  standIn.clearRequests();
  // each test its own state folder: the marks of one test's digests are not another's
  state = mkdtempSync(join(tmpdir(), 'avenir-digest-'));
  states.push(state);
});

/** The CLI run beside the stand-in, which answers from this process: spawnSync would block it. */
function run(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [BUILT_MAIN, 'digest', ...args], {
    env: hostEnv({
      AVENIR_MCP_YNAB_URL: standIn.url,
      YNAB_API_KEY: TOKEN,
      AVENIR_MCP_TODAY: '2026-09-25',
      HOME: state,
      XDG_STATE_HOME: state,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => child.once('close', (status) => resolve({ status, stdout, stderr })));
}

interface Digest {
  message: string;
  changes: { since: string | null; counts: Record<string, number>; lines: string[] };
  needs_you: { kind: string; what: string; tool: string | null; ids: string[] }[];
  omitted: string | null;
}

const READS = (plan: string) => [
  `GET /plans/${plan}/accounts`,
  `GET /plans/${plan}/transactions`,
  `GET /plans/${plan}/scheduled_transactions`,
  `GET /plans/${plan}/categories`,
  `GET /plans/${plan}/months`,
  `GET /plans/${plan}/months/2026-09-01`,
];

describeBuilt('avenir-mcp digest in the built CLI', () => {
  it('prints the JSON answer, and Markdown of the same items, of the last-used plan by default', async () => {
    const json = await run(['--format', 'json', '--plan', 'demo-budget']);
    expect(json.status, json.stderr).toBe(0);
    const digest = JSON.parse(json.stdout) as Digest;
    expect(digest.message).toMatch(
      /^First digest: changes are counted from now on\. 8 item\(s\) need you: overspent, /,
    );
    expect(digest.needs_you.map((n) => n.kind)).toContain('outsized_charge');
    expect(requestLines(standIn)).toEqual([
      ...READS('demo-budget'),
      'GET /plans/demo-budget/money_movements',
    ]);

    standIn.clearRequests();
    const md = await run([]);
    expect(md.status, md.stderr).toBe(0);
    const lines = md.stdout.split('\n');
    expect(lines.slice(0, 3)).toEqual(['# What needs you, 2026-09-25', '', digest.message]);
    // each item once, its text with Markdown's punctuation escaped (a backslash before it)
    const unescaped = lines
      .filter((l) => l.startsWith('- '))
      .map((l) => l.replace(/\\([!-/:-@[-`{-~])/g, '$1'));
    expect(unescaped).toEqual(digest.needs_you.map((n) => `- ${n.what} (${n.tool ?? 'in YNAB itself'})`));
    expect(md.stdout).toContain('525130\\*\\*\\*\\*\\*\\*1');
    // last-used names no plan the cache keeps: its month is read without the months list first
    // last-used is not cached: its first mark reads the lists from knowledge 0, whose answers carry it
    expect(requestLines(standIn)).toEqual([
      ...READS('last-used').filter((l) => !l.endsWith('/months')),
      'GET /plans/last-used/categories',
      'GET /plans/last-used/scheduled_transactions',
      'GET /plans/last-used/transactions',
      'GET /plans/last-used/money_movements',
    ]);
    expect(standIn.writes).toEqual([]);
    expect(md.stdout + md.stderr + json.stderr).not.toContain(TOKEN);
  }, 60_000);

  it('tells what changed since the last digest in each format, and lists the days asked with --since', async () => {
    expect((await run(['--plan', 'demo-budget', '--format', 'json'])).status).toBe(0);
    // another YNAB app deletes a transaction and enters one
    const other = (method: string, path: string, body?: unknown) =>
      fetch(`${standIn.url}/plans/demo-budget${path}`, {
        method,
        headers: { Authorization: 'Bearer other-app', 'Content-Type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    expect((await other('DELETE', '/transactions/tx-056')).status).toBe(200);
    const entered = {
      account_id: 'acc-checking',
      date: '2026-09-24',
      amount: -5000,
      payee_name: 'KIOSK [x](y)',
    };
    expect((await other('POST', '/transactions', { transactions: [entered] })).status).toBe(201);

    // a webhook that refuses: the run fails and the mark stays, so the next digest still tells them
    const refused = await run(['--plan', 'demo-budget', '--webhook', 'http://127.0.0.1:9/none']);
    expect(refused.status).toBe(1);
    const json = await run(['--plan', 'demo-budget', '--format', 'json']);
    const digest = JSON.parse(json.stdout) as Digest;
    expect(digest.changes.counts).toEqual({ 'transactions.deleted': 1, 'transactions.added': 1 });
    expect(digest.changes.lines).toEqual([
      expect.stringMatching(/^Deleted: CB MARKET FRESH .* -71\.86 on 2026-09-19 \(.*\)\. \(elsewhere\)$/),
      'Entered: KIOSK [x](y) -5.00 on 2026-09-24 (Checking). (elsewhere)',
    ]);
    expect(digest.message).toMatch(/^Since the last digest \(.*\): 2 transactions \(1 deleted, 1 added\)\. /);
    standIn.clearRequests();
    // the JSON run moved the mark: the next digest has no change, in Markdown and HTML alike
    const md = await run(['--plan', 'demo-budget']);
    expect(md.stdout).toContain('no change.');
    expect(md.stdout).not.toContain('## What changed');
    // the lists it read stand at the mark's knowledge: nothing changed, and no delta is asked
    expect(requestLines(standIn)).toEqual(READS('demo-budget'));
    expect(standIn.writes).toEqual([]);

    // the changes' section in Markdown (bank text inert) and HTML (escaped), from a fresh mark
    expect((await other('DELETE', '/transactions/tx-055')).status).toBe(200);
    expect((await other('POST', '/transactions', { transactions: [entered] })).status).toBe(201);
    const shown = await run(['--plan', 'demo-budget', '--format', 'html']);
    expect(shown.stdout).toContain('<h2>What changed</h2>');
    expect(shown.stdout).toContain(
      '<li>Entered: KIOSK [x](y) -5.00 on 2026-09-24 (Checking). (elsewhere)</li>',
    );
    expect((await other('POST', '/transactions', { transactions: [entered] })).status).toBe(201);
    const again = await run(['--plan', 'demo-budget']);
    expect(again.stdout).toContain('## What changed\n\n- Entered: KIOSK \\[x\\]\\(y\\) -5.00 on 2026-09-24');

    const week = JSON.parse(
      (await run(['--plan', 'demo-budget', '--format', 'json', '--since', '7d'])).stdout,
    ) as Digest;
    expect(week.changes.since).toBe('2026-09-18');
    expect(week.message).toMatch(
      /^Dated since 2026-09-18: \d+ transaction\(s\) \(YNAB keeps no time of change\)\. /,
    );
    expect(week.changes.counts['transactions.dated']).toBeGreaterThan(3);
  }, 60_000);

  it('makes a self-contained page with every plan text escaped', async () => {
    const plan = buildDemoPlan();
    // the likely duplicate's payee, named with markup
    for (const t of plan.transactions)
      if (t.id === 'tx-055' || t.id === 'tx-056') t.payee_name = '<img src=x onerror=alert(1)> & "Co"';
    standIn.reset(plan);
    const page = await run(['--format', 'html', '--plan', 'demo-budget']);
    expect(page.status, page.stderr).toBe(0);
    expect(page.stdout).toMatch(/^<!doctype html>/);
    expect(page.stdout).toContain('<h1>What needs you, 2026-09-25</h1>');
    expect(page.stdout).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;Co&quot;');
    expect(page.stdout).not.toContain('<img');
    expect(page.stdout).not.toMatch(/<script|https?:\/\//);
    expect(page.stdout.match(/<li>/g)).toHaveLength(8);
    expect(page.stdout).toContain('<code>find_transactions</code></li>');
  }, 60_000);

  it("keeps a payee's Markdown inert: no link, no image", async () => {
    const plan = buildDemoPlan();
    for (const t of plan.transactions)
      if (t.id === 'tx-055' || t.id === 'tx-056') t.payee_name = '[Pay here](https://evil.example) ![x](y)';
    standIn.reset(plan);
    const md = await run(['--plan', 'demo-budget']);
    expect(md.status, md.stderr).toBe(0);
    expect(md.stdout).toContain('\\[Pay here\\]\\(https://evil.example\\) \\!\\[x\\]\\(y\\)');
    expect(md.stdout).not.toMatch(/[^\\]\]\(/);
  }, 60_000);

  it('says nothing needs you in each format when nothing does', async () => {
    const plan = buildDemoPlan();
    plan.transactions = [];
    plan.scheduled_transactions = [];
    for (const c of plan.categories) c.target = null;
    for (const a of plan.accounts) a.last_reconciled_at = '2026-09-20T10:00:00Z';
    standIn.reset(plan);
    const json = await run(['--format', 'json', '--plan', 'demo-budget']);
    expect(json.status, json.stderr).toBe(0);
    const digest = JSON.parse(json.stdout) as Digest;
    const nothing = 'Nothing needs you: no overspending, no short payment, nothing waiting.';
    expect(digest).toEqual({
      message: `First digest: changes are counted from now on. ${nothing}`,
      changes: { since: null, counts: {}, lines: [] },
      needs_you: [],
      omitted: null,
    });
    const md = await run(['--plan', 'demo-budget']);
    expect(md.stdout).toMatch(
      new RegExp(
        `^# What needs you, 2026-09-25\\n\\nSince the last digest \\(\\d{4}-\\d\\d-\\d\\d\\): no change\\. ${nothing}\\n$`,
      ),
    );
    const page = await run(['--plan', 'demo-budget', '--format', 'html']);
    expect(page.stdout).toContain(`no change. ${nothing}</p>\n</body>`);
    expect(page.stdout).not.toContain('<ul>');
  }, 60_000);

  it('writes the digest to a file only its owner reads with --out, printing nothing', async () => {
    const file = join(state, 'digest.md');
    writeFileSync(file, 'old');
    chmodSync(file, 0o644);
    const r = await run(['--out', file, '--plan', 'demo-budget']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toBe('');
    expect(readFileSync(file, 'utf8')).toMatch(
      /^# What needs you, 2026-09-25\n\nFirst digest: changes are counted from now on\. 8 item\(s\) need you/,
    );
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const fresh = join(state, 'digest.json');
    expect((await run(['--out', fresh, '--format', 'json'])).status).toBe(0);
    expect(statSync(fresh).mode & 0o777).toBe(0o600);
    expect((JSON.parse(readFileSync(fresh, 'utf8')) as Digest).needs_you).toHaveLength(8);
  }, 60_000);

  it('refuses a wrong usage and an unknown plan with one line and status 1, asking YNAB nothing for the first', async () => {
    const usage =
      'usage: avenir-mcp digest [--plan <plan id>] [--since last | <days>d] [--format md | json | html] [--out <file>] [--webhook <url>]\n';
    for (const args of [
      ['--format', 'pdf'],
      ['--since', 'yesterday'],
      ['--since', '0d'],
      ['--plan'],
      ['--plan', 'a', '--plan', 'b'],
      ['--color', 'red'],
    ]) {
      const r = await run(args);
      expect(r.status, args.join(' ')).toBe(1);
      expect(r.stderr).toBe(usage);
    }
    expect(requestLines(standIn)).toEqual([]);
    const unknown = await run(['--plan', 'no-such-plan']);
    expect(unknown.status).toBe(1);
    expect(unknown.stdout).toBe('');
    expect(unknown.stderr).toMatch(/^avenir-mcp digest: .*no-such-plan[^\n]*\n$/);
  }, 60_000);

  /** A loopback webhook answering each post with the next status of `statuses` (then 200). */
  async function webhook(statuses: number[]) {
    const posts: { headers: IncomingHttpHeaders; body: string; url: string }[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (d: Buffer) => (body += d.toString()));
      req.on('end', () => {
        posts.push({ headers: req.headers, body, url: req.url ?? '' });
        res.writeHead(statuses[posts.length - 1] ?? 200).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/secret-path`;
    return { url, posts, close: () => new Promise((resolve) => server.close(resolve)) };
  }

  it('posts the JSON digest to a webhook, again after a 503, never with the token', async () => {
    const hook = await webhook([503]);
    try {
      const r = await run(['--plan', 'demo-budget', '--webhook', hook.url]);
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/^# What needs you, 2026-09-25\n/);
      expect(hook.posts).toHaveLength(2);
      const digest = JSON.parse(hook.posts[1]!.body) as Digest;
      expect(digest.needs_you).toHaveLength(8);
      expect(r.stdout).toContain(digest.message);
      expect(hook.posts[1]!.url).toBe('/hooks/secret-path');
      expect(hook.posts[1]!.headers['content-type']).toBe('application/json');
      for (const post of hook.posts) {
        expect(post.headers.authorization).toBeUndefined();
        expect(JSON.stringify(post.headers) + post.body).not.toContain(TOKEN);
      }
    } finally {
      await hook.close();
    }
  }, 60_000);

  it('gives up on a webhook after 3 tries, or after one refusal, naming its host only', async () => {
    const failing = await webhook([500, 502, 503, 200]);
    const refusing = await webhook([400]);
    try {
      const r = await run(['--plan', 'demo-budget', '--format', 'json', '--webhook', failing.url]);
      expect(r.status).toBe(1);
      expect(failing.posts).toHaveLength(3);
      const host = new URL(failing.url).host;
      expect(r.stderr).toBe(
        `avenir-mcp digest: the webhook at ${host} did not take the digest (HTTP 503).\n`,
      );

      const refused = await run(['--plan', 'demo-budget', '--webhook', refusing.url]);
      expect(refused.status).toBe(1);
      expect(refusing.posts).toHaveLength(1);
      expect(refused.stderr).toContain('(HTTP 400)');
      expect(refused.stderr).not.toContain('secret-path');
    } finally {
      await Promise.all([failing.close(), refusing.close()]);
    }
    // nobody listens there any more: no answer, three times
    const gone = await run(['--plan', 'demo-budget', '--webhook', failing.url]);
    expect(gone.status).toBe(1);
    expect(gone.stderr).toContain('(no answer)');

    standIn.clearRequests();
    for (const url of ['http://example.com/hook', 'ftp://127.0.0.1/x', 'not a url']) {
      const r = await run(['--webhook', url]);
      expect(r.status, url).toBe(1);
      expect(r.stderr).toBe(
        'avenir-mcp digest: --webhook takes an https:// URL (plain http only to 127.0.0.1 or localhost).\n',
      );
    }
    expect(requestLines(standIn)).toEqual([]);
  }, 60_000);
});
