/**
 * The layout a newcomer relies on: every tool lives in `src/tools/<area>/<tool-name>.ts` (the kebab
 * case of its name), that module exports exactly that one tool under the camel case of its name, and
 * `src/tools/index.ts` lists each tool once. No other file of `src/tools/` defines a tool.
 */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { allTools } from '../../src/tools/index.js';

const AREAS = [
  'plans',
  'accounts',
  'categories',
  'months',
  'transactions',
  'categorize',
  'payees',
  'analytics',
  'undo',
];
const root = join(import.meta.dirname, '../../src/tools');
const kebab = (name: string): string => name.replaceAll('_', '-');
const camel = (name: string): string => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

const isTool = (value: unknown): boolean =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { name?: unknown }).name === 'string' &&
  typeof (value as { run?: unknown }).run === 'function' &&
  ((value as { kind?: unknown }).kind === 'read' || (value as { kind?: unknown }).kind === 'write');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

describe('the tools layout', () => {
  it('has only the area folders and the shared one', () => {
    const folders = readdirSync(root, { withFileTypes: true }).filter((e) => e.isDirectory());
    expect(
      folders.map((f) => f.name).sort(),
      'a tool goes in an existing area folder; a new area is added to AREAS here and to the layer map of docs/architecture.md',
    ).toEqual([...AREAS, 'shared'].sort());
  });

  it('lists every tool once, each at src/tools/<area>/<tool-name>.ts, exported under its name', async () => {
    const names = allTools.map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    for (const tool of allTools) {
      const homes = AREAS.map((a) => join(root, a, `${kebab(tool.name)}.ts`)).filter((p) =>
        sourceFiles(root).includes(p),
      );
      expect(
        homes,
        `${tool.name}: its module is src/tools/<area>/${kebab(tool.name)}.ts, in exactly one of ${AREAS.join(', ')}`,
      ).toHaveLength(1);
      const module = (await import(pathToFileURL(homes[0]!).href)) as Record<string, unknown>;
      const exported = Object.entries(module).filter(([, v]) => isTool(v));
      const only = `${tool.name}: its module exports this one tool, as \`${camel(tool.name)}\`, the object src/tools/index.ts lists`;
      expect(
        exported.map(([k]) => k),
        only,
      ).toEqual([camel(tool.name)]);
      expect(exported[0]![1], only).toBe(tool);
    }
  });

  it('defines no tool anywhere else under src/tools', async () => {
    const homes = new Set(allTools.map((t) => `${kebab(t.name)}.ts`));
    for (const file of sourceFiles(root)) {
      const name = relative(root, file);
      if (homes.has(name.split('/').pop()!)) continue;
      const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
      expect(
        Object.values(module).filter(isTool),
        `${name} defines a tool: move it to src/tools/<area>/<tool-name>.ts, its own module, and list it in src/tools/index.ts`,
      ).toEqual([]);
    }
  });
});
