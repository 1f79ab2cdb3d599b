/**
 * The printed tour of `npm run demo`, the README's first command, run as a user runs it against the
 * built server. It once stopped halfway (get_spending_trends had changed its answer) and printed an
 * empty question for flag_transactions, with nothing in the suite to notice. The tour itself throws on
 * an answer field that is not there, a value printed empty or undefined, and a heading with nothing
 * under it; this test checks that it got to the end, and that every group and heading printed lines.
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { requireFreshBuild } from '../helpers/built.js';
import { hostEnv } from '../helpers/cli.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SECTIONS = `${ROOT}scripts/tour/`;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

function runTour(): Promise<Run> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/tour.mjs'], { cwd: ROOT, env: hostEnv() });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr, ms: performance.now() - started }));
  });
}

/** The groups the tour files declare, in the order the tour runs them. */
async function groups(): Promise<string[]> {
  const names = readdirSync(SECTIONS)
    .filter((f) => f.endsWith('.mjs'))
    .sort();
  const titles: string[] = [];
  for (const name of names) {
    const part = (await import(pathToFileURL(`${SECTIONS}${name}`).href)) as { group?: unknown };
    expect(typeof part.group, `${name} exports its group title`).toBe('string');
    titles.push(String(part.group));
  }
  return titles;
}

/** The output cut at each `== heading`: the heading, and the lines printed under it. */
function sections(stdout: string): { title: string; lines: string[] }[] {
  const found: { title: string; lines: string[] }[] = [];
  for (const line of stdout.split('\n')) {
    if (line.startsWith('== ')) found.push({ title: line.slice(3), lines: [] });
    else if (line.startsWith('  ') && line.trim() !== '') found.at(-1)?.lines.push(line);
  }
  return found;
}

describe('the printed tour (npm run demo)', () => {
  it('runs every section to "Done" on the built server', { timeout: 60_000 }, async () => {
    // Fails, never skips, without a fresh build: a skipped tour is how a broken `npm run demo` went
    // unnoticed. `npm test` builds before it runs Vitest.
    requireFreshBuild();

    const run = await runTour();
    const report = `exit ${run.code} after ${Math.round(run.ms)} ms\n--- stdout\n${run.stdout}\n--- stderr\n${run.stderr}`;
    expect(run.code, report).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines.at(-1), report).toBe('Done');

    // Every group file ran, in order, and printed at least one heading with lines under it.
    const printed = lines.filter((l) => l.startsWith('# ')).map((l) => l.slice(2));
    expect(printed).toEqual(await groups());
    const found = sections(run.stdout);
    for (const s of found) expect(s.lines, `the section '${s.title}' printed nothing`).not.toHaveLength(0);
    const titles = found.map((s) => s.title);
    for (const group of run.stdout.split('\n# ').slice(1))
      expect(group, `a group without a heading: ${group.split('\n')[0]}`).toMatch(/\n== /);

    // The two sections of the issue: the trends on their current shape, and the flag question.
    const section = (tool: string) => found.find((s) => s.title.startsWith(`${tool} —`))?.lines ?? [];
    expect(section('get_spending_trends').join('\n')).toMatch(/Groceries .*average/);
    expect(section('flag_transactions')).toContain('    Change the flag of 2 transaction(s)?');

    // It ends with where to go next.
    expect(titles.at(-1)).toBe('Where next');
    expect(found.at(-1)?.lines.join('\n')).toMatch(/docs\/clients\.md[\s\S]*docs\/remote\.md/);
  });
});
