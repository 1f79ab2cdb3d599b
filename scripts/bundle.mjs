/**
 * `npm run bundle`: writes avenir-mcp-<version>.mcpb, the Claude Desktop extension. The bundle holds
 * the built server (the bundled dist/main.js and its chunks, as npm ships it), its production
 * dependencies installed from the lockfile, the icon (assets/icon.png) and a manifest generated from
 * package.json and the tool definitions. It runs on the Node.js that Claude Desktop brings, whatever
 * Node is (or is not) on the user's PATH.
 *
 * Run it after `npm run build` (the npm script does). Needs the npm registry or a warm npm cache.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildManifest, ICON, LAUNCHER } from './bundle/manifest.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const stage = join(root, 'build', 'mcpb');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const mcpb = join(root, 'node_modules', '@anthropic-ai', 'mcpb', 'dist', 'cli', 'cli.js');

const pkg = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'));
if (!existsSync(join(root, LAUNCHER))) {
  throw new Error(`${LAUNCHER} is missing: run npm run build first (npm run bundle does).`);
}
const { allTools } = await import(pathToFileURL(join(root, 'dist', 'tools', 'index.js')).href);

rmSync(stage, { recursive: true, force: true });
mkdirSync(stage, { recursive: true });
// dist/ as npm ships it: the bundled CLI and its chunks (package.json's `files`), not tsc's per-file output.
for (const file of [
  ...pkg.files.filter((f) => f.startsWith('dist/')),
  'LICENSE',
  'README.md',
  'package.json',
  'package-lock.json',
]) {
  cpSync(join(root, file), join(stage, file), { recursive: true });
}
// The icon is committed, drawn from its SVG by scripts/icon.mjs: the bundle needs no browser.
cpSync(join(root, ICON.source), join(stage, ICON.bundled));
// The production dependencies exactly as the lockfile pins them; no lifecycle scripts run.
execFileSync(
  npm,
  ['ci', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'],
  { cwd: stage, stdio: 'inherit' },
);
rmSync(join(stage, 'package-lock.json'));
writeFileSync(join(stage, 'manifest.json'), `${JSON.stringify(buildManifest(pkg, allTools), null, 2)}\n`);

const out = join(root, `${pkg.name}-${pkg.version}.mcpb`);
rmSync(out, { force: true });
execFileSync(process.execPath, [mcpb, 'validate', join(stage, 'manifest.json')], { stdio: 'inherit' });
execFileSync(process.execPath, [mcpb, 'pack', stage, out], { stdio: ['ignore', 'ignore', 'inherit'] });
console.log(`Wrote ${out} (${(statSync(out).size / 1024 / 1024).toFixed(1)} MiB, ${allTools.length} tools)`);
