/**
 * The Claude Desktop extension as Desktop gets it: `npm run bundle`, the .mcpb unpacked with the
 * official `mcpb` tool and its manifest validated, then the server started exactly as the manifest
 * says (command, arguments, environment with the user's settings substituted) and driven by the
 * official client. YNAB is the stand-in on loopback, named through AVENIR_MCP_YNAB_URL, the one
 * variable the test adds to what Desktop would pass.
 */
import { LISTED_WITHOUT_WRITES } from '../helpers/catalogue.js';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStandIn, type StandIn } from '../../src/demo/index.js';
import { allTools } from '../../src/tools/index.js';
import { closeAndTime, hostEnv, launch, resultOf, type Launched } from '../helpers/cli.js';
import { bytesUnder, installedPackages, reachedFrom } from '../helpers/installed.js';
import { readPng } from '../helpers/png.js';

const ROOT = resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  engines: { node: string };
};
const MCPB_CLI = join(ROOT, 'node_modules/@anthropic-ai/mcpb/dist/cli/cli.js');
const BUNDLE = join(ROOT, `${pkg.name}-${pkg.version}.mcpb`);

interface Manifest {
  manifest_version: string;
  name: string;
  version: string;
  icon: string;
  privacy_policies: string[];
  compatibility: { platforms: string[]; runtimes: { node: string } };
  server: {
    type: string;
    entry_point: string;
    mcp_config: { command: string; args: string[]; env: Record<string, string> };
  };
  tools: { name: string; description: string }[];
  user_config: Record<
    string,
    { type: string; title: string; sensitive?: boolean; required?: boolean; default?: unknown }
  >;
}

type Settings = Record<string, string | boolean>;

/**
 * The ceiling on the extension unpacked, as Claude Desktop keeps it (file sizes added up). Measured:
 * 6.2 MB, the bundle and the views (4.5 MB) and oidc-provider's tree (1.7 MB). It was 4.8 MB under
 * a 5.8 MB ceiling until the digest view (0.67 MB: each view carries the MCP Apps client whole), the
 * statement parsers (csv-parse, fast-xml-parser) and this period's tools; the ceiling moved with
 * them, keeping the 1 MB of headroom for the server's own growth. The bundled libraries installed
 * again beside the bundle (9.5 MB more, as mcpb packs them) would still go through it at once.
 */
const UNPACKED_BYTES_CEILING = 7_200_000;

let dir: string;
let home: string;
let manifest: Manifest;
let standIn: StandIn;
const running: Launched[] = [];

const mcpb = (...args: string[]): string =>
  execFileSync(process.execPath, [MCPB_CLI, ...args], { env: hostEnv(), encoding: 'utf8', timeout: 60_000 });

/** `${__dirname}`, `${HOME}` and `${user_config.KEY}` replaced as Desktop replaces them (booleans as text). */
function substitute(text: string, settings: Settings): string {
  return text
    .replaceAll('${__dirname}', dir)
    .replaceAll('${HOME}', home)
    .replace(/\$\{user_config\.([a-z_]+)\}/g, (whole, key: string) =>
      key in settings ? String(settings[key]) : whole,
    );
}

/** Starts the server as the manifest says; a `node` server runs on the host's own Node (here, ours). */
async function startAsDesktop(settings: Settings, answer?: unknown): Promise<Launched> {
  const { command, args, env } = manifest.server.mcp_config;
  const substituted = Object.fromEntries(Object.entries(env).map(([k, v]) => [k, substitute(v, settings)]));
  const launched = await launch(
    command === 'node' ? process.execPath : substitute(command, settings),
    args.map((a) => substitute(a, settings)),
    { env: hostEnv({ HOME: home, ...substituted, AVENIR_MCP_YNAB_URL: standIn.url }), answer },
  );
  running.push(launched);
  return launched;
}

const SETTINGS = { ynab_api_key: 'desktop-token', allow_changes: false, require_own_answer: false };
const BUDGET = { plan_id: 'demo-budget', month: '2026-09-01', category_id: 'cat-restaurants', amount: 150 };
const textOf = (r: { content?: unknown }): string => (r.content as { text: string }[])[0]!.text;

beforeAll(async () => {
  execFileSync('npm', ['run', 'bundle'], { cwd: ROOT, env: hostEnv(), stdio: 'ignore', timeout: 240_000 });
  dir = mkdtempSync(join(tmpdir(), 'avenir-mcp-bundle-'));
  home = mkdtempSync(join(tmpdir(), 'avenir-mcp-home-'));
  mcpb('unpack', BUNDLE, dir);
  manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Manifest;
  standIn = await startStandIn();
});

afterAll(async () => {
  for (const l of running) await l.client.close();
  await standIn?.close();
  rmSync(dir, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

describe('the Claude Desktop extension', () => {
  it('passes mcpb validate, at the package version, with the settings the user sees', () => {
    const validated = mcpb('validate', join(dir, 'manifest.json'));
    expect(validated).toContain('passes');
    // mcpb checks the icon file too: there, and a PNG.
    expect(validated).toContain('Icon validation passed');
    expect(manifest).toMatchObject({ manifest_version: '0.3', name: pkg.name, version: pkg.version });
    expect(manifest.compatibility.runtimes.node).toBe(pkg.engines.node);
    expect(manifest.compatibility.platforms).toEqual(['darwin', 'win32', 'linux']);
    expect(manifest.privacy_policies[0]).toMatch(
      /^https:\/\/github\.com\/.+\/blob\/main\/docs\/privacy\.md$/,
    );
    expect(existsSync(join(ROOT, 'docs/privacy.md'))).toBe(true);
    expect(manifest.user_config.ynab_api_key).toMatchObject({
      type: 'string',
      sensitive: true,
      required: true,
    });
    expect(manifest.user_config.allow_changes).toMatchObject({
      type: 'boolean',
      title: 'Allow changes to your plans',
      default: false,
    });
    expect(manifest.user_config.require_own_answer).toMatchObject({
      type: 'boolean',
      title: 'Only accept my own answer',
      default: false,
    });
    expect(existsSync(join(dir, manifest.server.entry_point))).toBe(true);
    // The icon Desktop shows: the committed PNG at the bundle's root, 512×512 as Desktop recommends.
    expect(manifest.icon).toBe('icon.png');
    const icon = readFileSync(join(dir, manifest.icon));
    expect(icon.equals(readFileSync(join(ROOT, 'assets/icon.png')))).toBe(true);
    expect(readPng(icon)).toMatchObject({ width: 512, height: 512 });
    // The server is one bundle; of its dependencies, only oidc-provider is loaded from node_modules.
    expect(existsSync(join(dir, 'dist/main.js'))).toBe(true);
    expect(existsSync(join(dir, 'dist/chunks'))).toBe(true);
    expect(existsSync(join(dir, 'dist/server.js'))).toBe(false);
    expect(existsSync(join(dir, 'node_modules/oidc-provider/package.json'))).toBe(true);
  });

  it(`holds oidc-provider's tree and no other package, under ${UNPACKED_BYTES_CEILING / 1e6} MB unpacked`, () => {
    const installed = installedPackages(join(dir, 'node_modules'));
    const { dependencies } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    expect(Object.keys(dependencies)).toEqual(['oidc-provider']);
    expect(Object.keys(installed).sort()).toEqual([...reachedFrom(installed, ['oidc-provider'])].sort());
    const bytes = bytesUnder(dir);
    expect(bytes, `${(bytes / 1e6).toFixed(1)} MB unpacked`).toBeLessThan(UNPACKED_BYTES_CEILING);
  });

  it('lists every tool the server defines, in order, each with its first sentence', () => {
    expect(manifest.tools.map((t) => t.name)).toEqual(allTools.map((t) => t.name));
    for (const [i, tool] of allTools.entries()) {
      expect(tool.description.startsWith(manifest.tools[i]!.description.split(' Only when')[0]!)).toBe(true);
      expect(manifest.tools[i]!.description.includes('Allow changes to your plans')).toBe(
        tool.kind === 'write',
      );
    }
  });

  it('starts read-only without the tick, with the token the user gave', async () => {
    const s = await startAsDesktop(SETTINGS);
    const { tools } = await s.client.listTools();
    expect(tools.map((t) => t.name)).toEqual(LISTED_WITHOUT_WRITES);
    standIn.clearRequests();
    const plans = await s.client.callTool({ name: 'list_plans', arguments: {} });
    expect(resultOf<{ name: string }[]>(plans)[0]?.name).toBe('Demo household');
    expect(standIn.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /plans']);
    // It goes with Desktop: closing its stdin ends it, open connections to YNAB notwithstanding.
    expect(await closeAndTime(s.client)).toBeLessThan(1000);
  });

  it('says the token is missing when none was given', async () => {
    const s = await startAsDesktop({ ...SETTINGS, ynab_api_key: '' });
    const plans = await s.client.callTool({ name: 'list_plans', arguments: {} });
    expect(plans.isError).toBe(true);
    expect(textOf(plans)).toContain('YNAB_API_KEY environment variable is not set');
  });

  it('"Allow changes to your plans" opens the write tools; a yes in the dialog applies the change', async () => {
    const s = await startAsDesktop(
      { ...SETTINGS, allow_changes: true },
      { action: 'accept', content: { value: true } },
    );
    expect((await s.client.listTools()).tools).toHaveLength(allTools.length);
    standIn.reset();
    const r = await s.client.callTool({ name: 'set_category_budget', arguments: BUDGET });
    expect((r.structuredContent as { status: string }).status).toBe('applied');
    expect(standIn.writes.map((w) => `${w.method} ${w.path}`)).toEqual([
      'PATCH /plans/demo-budget/months/2026-09-01/categories/cat-restaurants',
    ]);
    // Applied changes are journaled under the user's home, where undo finds them.
    expect(existsSync(join(home, '.local/state/avenir-mcp/journal.jsonl'))).toBe(true);
  });

  it('"Only accept my own answer" refuses confirmation codes to a client that cannot ask', async () => {
    standIn.reset();
    const codes = await startAsDesktop({ ...SETTINGS, allow_changes: true });
    const code = await codes.client.callTool({ name: 'set_category_budget', arguments: BUDGET });
    expect((code.structuredContent as { status: string }).status).toBe('confirmation_required');
    const strict = await startAsDesktop({ ...SETTINGS, allow_changes: true, require_own_answer: true });
    const refused = await strict.client.callTool({ name: 'set_category_budget', arguments: BUDGET });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toContain('AVENIR_MCP_REQUIRE_ELICITATION=1 forbids confirmation codes');
    expect(standIn.writes).toEqual([]);
  });
});
