/**
 * `npm run release:check` (scripts/release-check.mjs): the version a release names is the same in
 * package.json, package-lock.json, server.json, the .mcpb manifest and the changelog. It passes on
 * this tree, and refuses each disagreement planted in a copy of the files it reads; a release cut
 * the way CONTRIBUTING.md says passes it, `--release` included.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const SCRIPT = join(ROOT, 'scripts/release-check.mjs');
const FILES = ['package.json', 'package-lock.json', 'server.json', 'CHANGELOG.md'];
const REPO = 'https://github.com/avenir-mcp/avenir-mcp';
const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

const copies: string[] = [];
afterEach(() => {
  for (const dir of copies.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function check(args: string[] = []): { code: number | null; output: string } {
  const run = spawnSync(process.execPath, [SCRIPT, ...args], { encoding: 'utf8' });
  return { code: run.status, output: `${run.stdout}${run.stderr}` };
}

/** A copy of the files the check reads, changed by `plant`, and the check's answer on it. */
function checkCopy(
  plant: (dir: string) => void,
  args: string[] = [],
): { code: number | null; output: string } {
  const dir = mkdtempSync(join(tmpdir(), 'avenir-release-check-'));
  copies.push(dir);
  for (const file of FILES) cpSync(join(ROOT, file), join(dir, file));
  plant(dir);
  return check(['--root', dir, ...args]);
}

const edit = (dir: string, file: string, change: (text: string) => string): void =>
  writeFileSync(join(dir, file), change(readFileSync(join(dir, file), 'utf8')));
const editJson = (dir: string, file: string, change: (value: Record<string, unknown>) => void): void =>
  edit(dir, file, (text) => {
    const value = JSON.parse(text) as Record<string, unknown>;
    change(value);
    return `${JSON.stringify(value, null, 2)}\n`;
  });

/** The changelog as CONTRIBUTING.md says to cut a release: Unreleased's entries dated, links set. */
const cutRelease = (text: string, v: string, date: string): string =>
  text
    .replace('## [Unreleased]\n', `## [Unreleased]\n\n## [${v}] - ${date}\n`)
    .replace(
      /^\[Unreleased\]: .*$/m,
      `[Unreleased]: ${REPO}/compare/v${v}...HEAD\n[${v}]: ${REPO}/releases/tag/v${v}`,
    );

describe('release:check', () => {
  it('passes on this tree, and says no release is recorded yet', () => {
    const { code, output } = check();
    expect(code, output).toBe(0);
    expect(output).toContain(`release:check: ${version} in package.json`);
    expect(output).toContain('not released yet');
  });

  it.each([
    [
      'server.json',
      'server.json: version',
      (d: string) =>
        editJson(d, 'server.json', (s) => {
          s.version = '9.9.9';
        }),
    ],
    [
      "one of server.json's packages",
      'server.json: packages[0].version',
      (d: string) =>
        editJson(d, 'server.json', (s) => {
          (s.packages as { version: string }[])[0]!.version = '9.9.9';
        }),
    ],
    [
      'package-lock.json',
      'package-lock.json: packages[""].version',
      (d: string) =>
        editJson(d, 'package-lock.json', (l) => {
          (l.packages as Record<string, { version: string }>)['']!.version = '9.9.9';
        }),
    ],
    [
      'a bundle built at another version',
      'build/mcpb/manifest.json',
      (d: string) => {
        mkdirSync(join(d, 'build', 'mcpb'), { recursive: true });
        writeFileSync(join(d, 'build', 'mcpb', 'manifest.json'), JSON.stringify({ version: '0.0.1' }));
      },
    ],
    [
      'a version bumped without its changelog section',
      'the newest release recorded is',
      (d: string) => {
        edit(d, 'CHANGELOG.md', (t) => cutRelease(t, version, '2026-12-01'));
        editJson(d, 'package.json', (p) => {
          p.version = '9.9.9';
        });
        editJson(d, 'package-lock.json', (l) => {
          l.version = '9.9.9';
          (l.packages as Record<string, { version: string }>)['']!.version = '9.9.9';
        });
        editJson(d, 'server.json', (s) => {
          s.version = '9.9.9';
          for (const p of s.packages as { version: string }[]) p.version = '9.9.9';
        });
      },
    ],
    [
      'a changelog section dated without the version',
      'the newest release recorded is 9.9.9',
      (d: string) => edit(d, 'CHANGELOG.md', (t) => cutRelease(t, '9.9.9', '2026-12-01')),
    ],
    [
      'a heading that is not a release',
      'is not a release section',
      (d: string) => edit(d, 'CHANGELOG.md', (t) => t.replace('### Added (the first version)', '## Added')),
    ],
    [
      'a missing Unreleased link',
      'the link of [Unreleased] must be',
      (d: string) => edit(d, 'CHANGELOG.md', (t) => t.replace(/^\[Unreleased\]: .*$/m, '')),
    ],
    [
      'a released section without its link',
      `the link of [${version}] must be ${REPO}/releases/tag/v${version} (missing)`,
      (d: string) =>
        edit(d, 'CHANGELOG.md', (t) => cutRelease(t, version, '2026-12-01').replace(/^\[\d.*$/m, '')),
    ],
  ])('refuses %s', (_name, message, plant) => {
    const { code, output } = checkCopy(plant);
    expect(code, output).toBe(1);
    expect(output).toContain(message);
  });

  it('with --release, refuses a version still under Unreleased', () => {
    const { code, output } = checkCopy(() => {}, ['--release']);
    expect(code, output).toBe(1);
    expect(output).toContain(`${version} has no section yet`);
  });

  it('passes a release cut as CONTRIBUTING.md says, and the next one', () => {
    const first = checkCopy(
      (d) => edit(d, 'CHANGELOG.md', (t) => cutRelease(t, version, '2026-12-01')),
      ['--release'],
    );
    expect(first.code, first.output).toBe(0);
    expect(first.output).toContain('(released 2026-12-01)');

    const next = checkCopy(
      (d) => {
        edit(d, 'CHANGELOG.md', (t) =>
          cutRelease(t, version, '2026-12-01')
            .replace('## [Unreleased]\n', '## [Unreleased]\n\n## [0.2.0] - 2027-01-15\n')
            .replace(
              /^\[Unreleased\]: .*$/m,
              `[Unreleased]: ${REPO}/compare/v0.2.0...HEAD\n[0.2.0]: ${REPO}/compare/v${version}...v0.2.0`,
            ),
        );
        editJson(d, 'package.json', (p) => {
          p.version = '0.2.0';
        });
        editJson(d, 'package-lock.json', (l) => {
          l.version = '0.2.0';
          (l.packages as Record<string, { version: string }>)['']!.version = '0.2.0';
        });
        editJson(d, 'server.json', (s) => {
          s.version = '0.2.0';
          for (const p of s.packages as { version: string }[]) p.version = '0.2.0';
        });
      },
      ['--release'],
    );
    expect(next.code, next.output).toBe(0);
  });
});
