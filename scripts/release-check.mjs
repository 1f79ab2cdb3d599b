#!/usr/bin/env node
/**
 * `npm run release:check`: the version is the same everywhere a user or a registry reads it, and
 * CHANGELOG.md tells the truth about what was released. Checked:
 *
 * - package.json's version, package-lock.json's (both places), server.json's (the entry and each
 *   package), and the Claude Desktop extension's manifest (as scripts/bundle/manifest.mjs builds
 *   it, and build/mcpb/manifest.json when a bundle was built) are one version;
 * - CHANGELOG.md opens with `## [Unreleased]`, then one `## [X.Y.Z] - YYYY-MM-DD` section per
 *   release, newest first. Either no release is recorded yet (the first release is still under
 *   Unreleased), or the newest recorded release is package.json's version: the version moves only
 *   when a release is cut, together with its section;
 * - every section has its link at the end of the file, Keep a Changelog style: Unreleased compares
 *   the newest tag (`vX.Y.Z`) with HEAD, or lists the commits of main before the first release; a
 *   release compares its tag with the one before, or names its tag when it is the first.
 *
 * `--release` (before tagging) also requires that package.json's version has its dated section.
 * `--root <dir>` checks the files of another folder (the tests plant disagreements in a copy).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildManifest } from './bundle/manifest.mjs';

const args = process.argv.slice(2);
const releasing = args.includes('--release');
const rootAt = args.indexOf('--root');
const root =
  rootAt === -1 ? resolve(dirname(fileURLToPath(import.meta.url)), '..') : resolve(args[rootAt + 1]);

const problems = [];

/** Whether the repository at root has the tag (false outside a git repository). */
function tagged(tag) {
  try {
    return (
      execFileSync('git', ['tag', '--list', tag], { cwd: root, encoding: 'utf8', stdio: 'pipe' }).trim() ===
      tag
    );
  } catch {
    return false;
  }
}
const read = (file) => readFileSync(join(root, file), 'utf8');
const json = (file) => JSON.parse(read(file));

const pkg = json('package.json');
const version = pkg.version;
const SEMVER = /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/;
if (!SEMVER.test(version)) problems.push(`package.json: version ${version} is not X.Y.Z`);

/** Adds a problem when `found` is not package.json's version. */
const same = (where, found) => {
  if (found !== version) problems.push(`${where} is ${found}, package.json says ${version}`);
};

const lock = json('package-lock.json');
same('package-lock.json: version', lock.version);
same('package-lock.json: packages[""].version', lock.packages?.['']?.version);

const entry = json('server.json');
same('server.json: version', entry.version);
for (const [i, p] of (entry.packages ?? []).entries()) same(`server.json: packages[${i}].version`, p.version);

same('the .mcpb manifest (scripts/bundle/manifest.mjs): version', buildManifest(pkg, []).version);
const staged = join(root, 'build', 'mcpb', 'manifest.json');
if (existsSync(staged)) {
  same(
    'build/mcpb/manifest.json (the last `npm run bundle`; run it again): version',
    JSON.parse(readFileSync(staged, 'utf8')).version,
  );
}

// CHANGELOG.md: its sections, and the link definitions at its end.
const changelog = read('CHANGELOG.md');
const headings = [...changelog.matchAll(/^## (.*)$/gm)].map((m) => m[1]);
const links = new Map(
  [...changelog.matchAll(/^\[([^\]]+)\]: (\S+)\s*$/gm)].map((m) => [m[1].toLowerCase(), m[2]]),
);
const repo = pkg.repository.url.replace(/^git\+/, '').replace(/\.git$/, '');

if (headings[0] !== '[Unreleased]') {
  problems.push(`CHANGELOG.md: the first section must be "## [Unreleased]", not "## ${headings[0] ?? ''}"`);
}
const released = [];
for (const heading of headings.slice(1)) {
  const m = heading.match(/^\[([^\]]+)\] - (\d{4}-\d{2}-\d{2})$/);
  if (!m || !SEMVER.test(m[1])) {
    problems.push(`CHANGELOG.md: "## ${heading}" is not a release section ("## [X.Y.Z] - YYYY-MM-DD")`);
  } else released.push({ version: m[1], date: m[2] });
}

/** Compares two X.Y.Z versions (a pre-release sorts before its release). */
const order = (a, b) => {
  const [pa, pb] = [a, b].map((v) => v.split(/[.-]/).slice(0, 3).map(Number));
  for (let i = 0; i < 3; i++) if (pa[i] !== pb[i]) return pa[i] - pb[i];
  return (b.includes('-') ? 1 : 0) - (a.includes('-') ? 1 : 0);
};
for (let i = 1; i < released.length; i++) {
  const [newer, older] = [released[i - 1], released[i]];
  if (order(newer.version, older.version) <= 0 || newer.date < older.date) {
    problems.push(`CHANGELOG.md: [${newer.version}] must be newer than [${older.version}], which follows it`);
  }
}

const newest = released[0];
if (newest && newest.version !== version) {
  problems.push(
    `CHANGELOG.md: the newest release recorded is ${newest.version}, package.json says ${version}` +
      ' (bump the version and date its section together)',
  );
}
if (releasing && !newest) {
  problems.push(
    `CHANGELOG.md: ${version} has no section yet: move the Unreleased entries under "## [${version}] - YYYY-MM-DD"`,
  );
}
if (releasing && tagged(`v${version}`)) {
  problems.push(`git: v${version} is already tagged: a new release needs a new version`);
}

const expected = new Map([
  ['unreleased', newest ? `${repo}/compare/v${newest.version}...HEAD` : `${repo}/commits/main`],
]);
for (const [i, r] of released.entries()) {
  const before = released[i + 1];
  expected.set(
    r.version.toLowerCase(),
    before ? `${repo}/compare/v${before.version}...v${r.version}` : `${repo}/releases/tag/v${r.version}`,
  );
}
for (const [label, url] of expected) {
  const found = links.get(label);
  if (found !== url) {
    const name = label === 'unreleased' ? 'Unreleased' : label;
    problems.push(
      `CHANGELOG.md: the link of [${name}] must be ${url}${found ? `, not ${found}` : ' (missing)'}`,
    );
  }
}
for (const label of links.keys()) {
  if ((label === 'unreleased' || SEMVER.test(label)) && !expected.has(label)) {
    problems.push(`CHANGELOG.md: the link [${label}] names no section`);
  }
}

if (problems.length > 0) {
  console.error(
    `release:check: ${problems.length} disagreement(s):\n${problems.map((p) => `- ${p}`).join('\n')}`,
  );
  process.exit(1);
}
console.log(
  `release:check: ${version} in package.json, package-lock.json, server.json, the .mcpb manifest and CHANGELOG.md` +
    (newest ? ` (released ${newest.date})` : ' (not released yet: the changelog keeps it under Unreleased)'),
);
