/**
 * Every place a tool must appear besides its definition, checked in one spot: given tool definitions,
 * `missingPlaces` says for each one every place it is missing from and how to fix it. Most lists of
 * the tests are derived from `allTools` and need nothing; what is left is of three sorts, and each
 * message says which:
 *
 * - the definition itself: the tool's module and its line in src/tools/index.ts;
 * - generated files, rewritten by a command (the tools/list snapshot, docs/tools.md);
 * - hand-written lists, where a person must choose values a schema cannot give: sample arguments on
 *   the demo or benchmark plan, and the confirmed writes' rows of the outcome tables.
 *
 * test/tools/checklist.test.ts runs it over the real tools (nothing missing) and over planted ones
 * (every place named). The recipes of docs/recipes.md follow the same list.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ToolDefinition } from '../../src/tools/shared/define-tool.js';
import { allTools } from '../../src/tools/index.js';
import { READ_ARGS, readCallOf } from './read-calls.js';
import { BUDGET_CASES, CASES } from './write-cases.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8');
const kebab = (name: string): string => name.replaceAll('_', '-');

/**
 * Confirmed writes whose late answers have tables of their own instead of a row of write-cases.ts;
 * the rule writes send no YNAB request, so no answer of theirs can be lost (test/tools/set_rule/happy.test.ts);
 * apply_rules ends in apply_categories' own write (tools/categorize/categorize-write.ts), whose row
 * covers it; apply_statement takes a comparison id only a call gives, and its lost answers are tested
 * in test/tools/apply_statement/lost-answers.test.ts.
 */
export const OWN_OUTCOME_TABLES: ReadonlySet<string> = new Set([
  'reconcile_account',
  'undo_operation',
  'set_rule',
  'delete_rule',
  'apply_rules',
  'apply_statement',
]);

/**
 * Read tools a hand-written benchmark list leaves out on purpose or by an oversight already known;
 * empty once bench/calls.mjs measures get_money_movements too (bench/ is outside this checklist's
 * reach to fix).
 */
export const KNOWN_GAPS: Readonly<Record<string, readonly string[]>> = {
  'bench/calls.mjs': ['get_money_movements'],
};

function files(dir: string, keep: (path: string) => boolean): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return files(path, keep);
    return keep(path) ? [path] : [];
  });
}

/** What the places hold today, read once. */
export interface Places {
  modules: Set<string>;
  defined: Set<string>;
  snapshot: string;
  docs: string;
  tests: string[];
  testFolders: Set<string>;
  benchDefaults: string;
  benchCalls: string;
  outcomeRows: Set<string>;
}

/** Reads every place from the repository; `leaveOut` names test files not to count as a tool's tests. */
export function readPlaces(leaveOut: readonly string[] = []): Places {
  const toolsDir = join(ROOT, 'src', 'tools');
  const testTools = join(ROOT, 'test', 'tools');
  return {
    modules: new Set(files(toolsDir, (p) => p.endsWith('.ts')).map((p) => relative(ROOT, p))),
    defined: new Set(allTools.map((t) => t.name)),
    snapshot: read('test/tools/__snapshots__/tools-list.json'),
    docs: read('docs/tools.md'),
    tests: files(join(ROOT, 'test'), (p) => p.endsWith('.test.ts'))
      .filter((p) => !leaveOut.includes(relative(ROOT, p)))
      .map((p) => readFileSync(p, 'utf8')),
    testFolders: new Set(
      readdirSync(testTools, { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => e.name),
    ),
    benchDefaults: read('bench/context.mjs'),
    benchCalls: read('bench/calls.mjs'),
    outcomeRows: new Set([...CASES, ...BUDGET_CASES].map((c) => c.tool)),
  };
}

const quoted = (name: string): RegExp => new RegExp(`['"\`]${name}['"\`]`);
const listedIn = (text: string, name: string): boolean => text.includes(`['${name}', {`);

/** Why the tool's schema refuses its derived sample call, naming the parameter; null when it takes it. */
function sampleCallRefused(tool: ToolDefinition): string | null {
  const call = readCallOf(tool);
  const parsed = tool.input.safeParse(call);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  const where = issue === undefined || issue.path.length === 0 ? '' : `${issue.path.join('.')}: `;
  return `its schema refuses ${JSON.stringify(call)}: ${where}${issue?.message ?? 'refused'}`;
}

/** Every place `tool` is missing from, each as "tool: place — what to do". */
function gapsOf(tool: ToolDefinition, places: Places): string[] {
  const { name } = tool;
  const gaps: string[] = [];
  const gap = (place: string, fix: string) => gaps.push(`${name}: ${place} — ${fix}`);

  if (![...places.modules].some((m) => m.endsWith(`/${kebab(name)}.ts`)))
    gap(`src/tools/<area>/${kebab(name)}.ts`, 'the definition: one module per tool, named after it');
  if (!places.defined.has(name))
    gap(
      'src/tools/index.ts',
      'the definition: add it to readTools or writeTools (writes in alphabetical order)',
    );
  if (!places.snapshot.includes(`"name": "${name}"`))
    gap(
      'test/tools/__snapshots__/tools-list.json',
      'generated: run `npx vitest run test/tools/contract.test.ts -u` and read the diff',
    );
  if (!places.docs.includes(`## \`${name}\``))
    gap('docs/tools.md', 'generated: run `npm run docs` and read the diff');
  const tested = places.testFolders.has(name) || places.tests.some((text) => quoted(name).test(text));
  if (!tested)
    gap(
      `test/tools/${name}/happy.test.ts`,
      `its tests: a folder test/tools/${name}/ with a file per behaviour (happy, refusals, lost-answers, undo); a test elsewhere that names '${name}' in quotes counts too; call it through connect() of test/helpers/harness.ts in both ERAS, asserting the result and h.standIn.requests`,
    );

  if (tool.kind === 'read') {
    const refused = sampleCallRefused(tool);
    if (refused !== null)
      gap(
        'test/helpers/read-calls.ts READ_ARGS',
        `hand-written: the arguments it needs on the demo plan (${refused}); add \`${name}: { … }\` with values the demo plan answers well`,
      );
    if (!listedIn(places.benchDefaults, name))
      gap(
        'bench/context.mjs DEFAULT_CALLS',
        `hand-written: the first call an agent would send, on the heavy plan, as \`['${name}', { plan_id: PLAN, … }],\` (ids of the heavy plan: bench/heavy-plan.mjs)`,
      );
    if (!listedIn(places.benchCalls, name) && !KNOWN_GAPS['bench/calls.mjs']?.includes(name))
      gap(
        'bench/calls.mjs CALLS',
        `hand-written: realistic arguments on the heavy plan, as \`['${name}', { plan_id: PLAN, … }],\``,
      );
  } else if (tool.confirmed && !places.outcomeRows.has(name) && !OWN_OUTCOME_TABLES.has(name)) {
    gap(
      'test/helpers/write-cases.ts CASES',
      'hand-written: arguments on the demo plan, the YNAB request it sends, how the stand-in shows the change; then add the tool to RECOGNISED in test/tools/settle-after-restart.test.ts, and give a new journal kind its row of test/helpers/undo-cases.ts',
    );
  }
  return gaps;
}

/** Every place each tool is missing from, in the tools' order. */
export function missingPlaces(tools: readonly ToolDefinition[], places: Places = readPlaces()): string[] {
  return tools.flatMap((t) => gapsOf(t, places));
}

/** READ_ARGS entries of tools that no longer exist. */
export const staleReadArgs = (): string[] =>
  Object.keys(READ_ARGS).filter((name) => !allTools.some((t) => t.name === name && t.kind === 'read'));
