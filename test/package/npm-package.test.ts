/**
 * The npm package as a user gets it: `npm pack` on this tree (prepack builds dist/), the tarball
 * installed into an empty temporary prefix, then `npx avenir-mcp` run from there and driven by the
 * official client. Only the child npm processes reach the network, and only the npm registry (for
 * the dependencies, or the npm cache when it already holds them).
 */
import { LISTED_WITHOUT_WRITES } from '../helpers/catalogue.js';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allTools } from '../../src/tools/index.js';
import { VIEWS } from '../../src/mcp/app-views.js';
import { clientSetUps } from '../helpers/client-setups.js';
import { closeAndTime, hostEnv, launch, launchDemo, listening, resultOf } from '../helpers/cli.js';
import { bytesUnder, installedPackages, reachedFrom } from '../helpers/installed.js';

const ROOT = resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string };

/**
 * The ceiling on what `npm install avenir-mcp` puts on disk (file sizes added up, so that the figure
 * is the same on every file system). Measured: 6.5 MB, of which 4.7 MB is the package itself (the
 * bundle, the views, the documentation) and 1.8 MB oidc-provider and the 39 packages it brings. It
 * was 5.0 MB under a 6 MB ceiling until the digest view (0.67 MB: each view carries the MCP Apps
 * client whole), the statement parsers and this period's tools; the ceiling moved with them, keeping
 * the 1 MB of headroom for the server's own growth, and none for a bundled library installed again
 * beside the bundle: zod alone is 6 MB, the SDK 8 MB.
 */
const INSTALLED_BYTES_CEILING = 7_500_000;

let work: string;
let prefix: string;
let files: string[];
/** What npm printed while it installed the tarball. */
let installOutput: string;

/** npm with a time limit: a registry that does not answer fails the test instead of hanging it. */
const npm = (args: string[], cwd: string): string =>
  execFileSync('npm', args, {
    cwd,
    env: hostEnv(),
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 240_000,
  });

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'avenir-mcp-package-'));
  const packed = JSON.parse(npm(['pack', '--json', '--pack-destination', work], ROOT)) as {
    filename: string;
    files: { path: string }[];
  }[];
  files = packed[0]!.files.map((f) => f.path);
  prefix = join(work, 'prefix');
  mkdirSync(prefix);
  const install = spawnSync(
    'npm',
    ['install', '--prefix', prefix, '--no-audit', '--no-fund', join(work, packed[0]!.filename)],
    { cwd: work, env: hostEnv(), encoding: 'utf8', timeout: 240_000 },
  );
  installOutput = `${install.stdout}${install.stderr}`;
  if (install.status !== 0) throw new Error(`npm install failed:\n${installOutput}`);
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Manifest {
  version: string;
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  bundleDependencies?: unknown;
  bundledDependencies?: unknown;
}

/** The package.json the tarball carries, as npm installed it. */
const installedManifest = (): Manifest =>
  JSON.parse(readFileSync(join(prefix, 'node_modules', pkg.name, 'package.json'), 'utf8')) as Manifest;

describe('the npm package', () => {
  it('ships the bundled server, its licence and its documentation, and nothing else', () => {
    for (const path of files) {
      expect(path).toMatch(
        /^(dist\/(main|bundle-launcher)\.js|dist\/chunks\/[\w-]+\.js|dist\/views\/[a-z-]+\.html|docs\/(clients|configuration|privacy|tools)\.md|LICENSE|README\.md|CHANGELOG\.md|package\.json)$/,
      );
    }
    // The bundle as the build wrote it: the two entries and every chunk, no per-file tsc output;
    // and every MCP Apps view, built into one HTML file each.
    const chunks = readdirSync(join(ROOT, 'dist', 'chunks')).map((f) => `dist/chunks/${f}`);
    expect(files.filter((f) => f.startsWith('dist/')).sort()).toEqual(
      [
        'dist/bundle-launcher.js',
        'dist/main.js',
        ...chunks,
        ...VIEWS.map((v) => `dist/views/${v.file}`),
      ].sort(),
    );
    expect(files).toEqual(expect.arrayContaining(['LICENSE', 'README.md', 'CHANGELOG.md', 'dist/main.js']));
  });

  it('depends at run time on exactly what the bundle imports: oidc-provider, and optional peers', () => {
    // Every import the shipped files make, static or dynamic: Node's modules, the package's own
    // chunks, oidc-provider (kept outside the bundle), and the optional peers hosted mode's store
    // loads with import() (pg, PGlite), nothing else.
    const imported = new Set<string>();
    const importedStatically = new Set<string>();
    for (const path of files.filter((f) => f.startsWith('dist/'))) {
      const code = readFileSync(join(ROOT, path), 'utf8');
      const statics = [...code.matchAll(/^(?:import|export)\b[^;]*?\bfrom\s*"([^"]+)";/gm)];
      const dynamics = code.matchAll(/\bimport\("([^"]+)"\)/g);
      for (const [, specifier] of statics) importedStatically.add(specifier!);
      for (const [, specifier] of [...statics, ...dynamics]) imported.add(specifier!);
    }
    const outside = [...imported].filter(
      (s) => !s.startsWith('node:') && !s.startsWith('./') && !s.startsWith('../'),
    );
    const manifest = installedManifest();
    const peers = Object.keys(manifest.peerDependencies ?? {});
    expect(peers.sort()).toEqual(['@electric-sql/pglite', 'pg', 'prom-client']);
    expect(outside.filter((s) => !peers.includes(s))).toEqual(['oidc-provider']);
    // each optional peer is only ever loaded with import(), never by a static import of a start
    for (const peer of peers) {
      expect(outside, peer).toContain(peer);
      expect(importedStatically.has(peer), peer).toBe(false);
    }
    for (const s of imported) if (s.startsWith('.')) expect(s).toMatch(/^\.\.?\/(chunks\/)?[\w-]+\.js$/);
    // The manifest npm installs from names that and nothing more: the SDK, zod and jose are inside
    // the bundle, so installing them too would only add their 15 MB. Nothing is optional either: a
    // package only one mode needs is an optional peer, which npm does not install by default.
    expect(manifest.dependencies).toEqual({ 'oidc-provider': expect.stringMatching(/^\d+\.\d+\.\d+$/) });
    expect(Object.keys(manifest.dependencies ?? {})).toEqual(outside.filter((s) => !peers.includes(s)));
    expect(manifest.optionalDependencies).toBeUndefined();
    expect(manifest.bundleDependencies ?? manifest.bundledDependencies).toBeUndefined();
    for (const name of Object.keys(manifest.peerDependencies ?? {})) {
      expect(manifest.peerDependenciesMeta?.[name]?.optional, name).toBe(true);
    }
  });

  it(`installs oidc-provider's tree and nothing else, under ${INSTALLED_BYTES_CEILING / 1e6} MB`, () => {
    // Every package npm put into the prefix is one the server loads: avenir-mcp itself, oidc-provider
    // and the packages oidc-provider requires.
    const installed = installedPackages(join(prefix, 'node_modules'));
    expect(Object.keys(installed).sort()).toEqual([...reachedFrom(installed, [pkg.name])].sort());
    expect(Object.keys(installed[`node_modules/${pkg.name}`]!.dependencies ?? {})).toEqual(['oidc-provider']);
    const bytes = bytesUnder(join(prefix, 'node_modules'));
    expect(bytes, `${(bytes / 1e6).toFixed(1)} MB installed`).toBeLessThan(INSTALLED_BYTES_CEILING);
  });

  it('runs nothing at install, and installs without a warning', () => {
    // The hooks npm runs on the package's own when it installs it, from the registry, a tarball or
    // git (npm 11 lists each for review before it runs it): the manifest keeps none. Of the hooks of
    // packing, only `prepack` stays (it builds dist/), and it runs only in a clone, where its files are.
    const scripts = Object.keys(installedManifest().scripts ?? {});
    const onInstall = ['preinstall', 'install', 'postinstall', 'preprepare', 'prepare', 'postprepare'];
    expect(scripts.filter((s) => onInstall.includes(s) || s === 'prepublish')).toEqual([]);
    expect(scripts.filter((s) => /^(pre|post)?(pack|publish|publishOnly)$/.test(s))).toEqual(['prepack']);
    expect(installOutput).not.toMatch(/EBADENGINE|install-scripts|allowScripts/);
  });

  it('answers --version and --help through npx from the install prefix', () => {
    const run = (arg: string): string =>
      execFileSync('npx', ['avenir-mcp', arg], { cwd: prefix, env: hostEnv(), encoding: 'utf8' });
    expect(run('--version')).toBe(`avenir-mcp ${pkg.version}\n`);
    expect(run('--help')).toMatch(/^usage: avenir-mcp /);
    expect(installedManifest().version).toBe(pkg.version);
  });

  it('serves the demo through npx to the official client, and ends with it', async () => {
    const demo = await launchDemo('npx', ['avenir-mcp', '--demo'], { cwd: prefix });
    const { tools } = await demo.client.listTools();
    expect(tools.map((t) => t.name)).toEqual(LISTED_WITHOUT_WRITES);
    const plans = await demo.client.callTool({ name: 'list_plans', arguments: {} });
    expect(plans.isError).toBeFalsy();
    expect(resultOf<{ id: string; name: string }[]>(plans)).toEqual([
      expect.objectContaining({ id: 'demo-budget', name: 'Demo household' }),
    ]);
    // Launched through npx the server is npx's child: it must still go with its client.
    expect(await closeAndTime(demo.client)).toBeLessThan(1000);
    expect(await listening(demo.port)).toBe(false);
  });

  // Each set-up of docs/clients.md, started as its client starts it (command, arguments, environment)
  // from the install prefix, where npx finds the installed package as it would find it in its cache.
  const setUps = clientSetUps(readFileSync(join(ROOT, 'docs/clients.md'), 'utf8'));
  const readNames = LISTED_WITHOUT_WRITES;

  it('docs/clients.md gives every client, each with its demo form', () => {
    const labels = setUps.map((s) => s.label);
    for (const client of ['Claude Desktop', 'Claude Code', 'Cursor', 'VS Code', 'Codex']) {
      const own = setUps.filter((s) => s.label.startsWith(`${client}: `));
      expect(
        own.some((s) => !s.args.includes('--demo') && 'YNAB_API_KEY' in s.env),
        client,
      ).toBe(true);
      expect(
        own.some((s) => s.args.includes('--demo')),
        client,
      ).toBe(true);
    }
    expect(new Set(labels).size).toBe(labels.length);
  });

  it.each(setUps.map((s) => [s.label, s] as const))('%s starts and answers', async (_label, setUp) => {
    expect([setUp.command, ...setUp.args.slice(0, 2)]).toEqual(['npx', '-y', pkg.name]);
    const env = Object.fromEntries(
      Object.entries(setUp.env).map(([k, v]) => [
        k,
        v === 'your-token' || v.startsWith('${input:') ? 'docs-token' : v,
      ]),
    );
    const s = await launch(setUp.command, setUp.args, { cwd: prefix, env: hostEnv(env) });
    try {
      const { tools } = await s.client.listTools();
      const writes = env.AVENIR_MCP_WRITE === '1';
      expect(tools.length).toBe(writes ? allTools.length : readNames.length);
      if (setUp.args.includes('--demo')) {
        const plans = await s.client.callTool({ name: 'list_plans', arguments: {} });
        expect(resultOf<{ name: string }[]>(plans)[0]?.name).toBe('Demo household');
      }
    } finally {
      await s.client.close();
    }
  });
});
