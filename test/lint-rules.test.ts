/**
 * The layer rules hold: a planted violation of each one makes ESLint fail. The rules apply by path,
 * so the planted files must sit inside src/ — but never the real one: other test files import
 * src/tools while this runs, and a killed run would leave the planted files behind. So the project's
 * lint inputs (src/, the ESLint and TypeScript configs, package.json) are copied into a temporary
 * folder, with node_modules linked in, and the files are planted and linted there with the project's
 * own config, as `npm run lint` would see them in src/. Only the TypeScript program differs: it holds
 * the linted files and what they import rather than the whole tree (the same types for those files,
 * a fifth less of the test's CPU).
 */
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const project = join(import.meta.dirname, '..');
/** The temporary copy of the tree, made before the test and removed after it. */
let root = '';

beforeAll(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'avenir-lint-rules-')));
  for (const f of ['eslint.config.js', 'tsconfig.json', 'package.json'])
    cpSync(join(project, f), join(root, f));
  cpSync(join(project, 'src'), join(root, 'src'), { recursive: true });
  // a junction on Windows needs no privilege; elsewhere the type is ignored
  symlinkSync(join(project, 'node_modules'), join(root, 'node_modules'), 'junction');
});

/** [where, what it does, the code]: each must fail lint. */
const PLANTED: [string, string, string][] = [
  [
    'src/domain/categories/planted-a.ts',
    'domain imports node:*',
    "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n",
  ],
  [
    'src/domain/planted-b.ts',
    'domain imports deps',
    "import type { Deps } from '../deps.js';\nexport type X = Deps;\n",
  ],
  [
    'src/domain/planted-c.ts',
    'domain imports config',
    "import { loadConfig } from '../config.js';\nexport const x = loadConfig;\n",
  ],
  [
    'src/domain/months/planted-d.ts',
    'domain imports ynab',
    "import { LAST_USED } from '../../ynab/api.js';\nexport const x = LAST_USED;\n",
  ],
  [
    'src/domain/planted-e.ts',
    'domain imports safety',
    "import { KINDS } from '../safety/journal-kinds.js';\nexport const x = KINDS;\n",
  ],
  [
    'src/domain/planted-f.ts',
    'domain reads the clock (new Date())',
    'export const today = (): string => new Date().toISOString();\n',
  ],
  [
    'src/domain/planted-g.ts',
    'domain reads the clock (Date.now)',
    'export const now = (): number => Date.now();\n',
  ],
  ['src/domain/planted-h.ts', 'domain imports a package', "import { z } from 'zod';\nexport const x = z;\n"],
  [
    'src/tools/plans/planted-i.ts',
    'tools imports demo',
    "import { startStandIn } from '../../demo/index.js';\nexport const x = startStandIn;\n",
  ],
  [
    'src/tools/shared/planted-j.ts',
    'tools imports transports',
    "import { serveStdio } from '../../transports/stdio.js';\nexport const x = serveStdio;\n",
  ],
  [
    'src/tools/planted-k.ts',
    'tools sends raw YNAB requests',
    "import { YnabHttp } from '../ynab/client.js';\nexport const x = YnabHttp;\n",
  ],
  [
    'src/safety/planted-l.ts',
    'process.env outside config.ts',
    'export const key = (): string | undefined => process.env.HOME;\n',
  ],
  [
    'src/tools/planted-m.ts',
    'units to milliunits outside money.ts',
    'export const milli = (units: number): number => Math.round(units * 1000);\n',
  ],
  [
    'src/domain/planted-n.ts',
    'milliunits to units outside money.ts',
    'export const units = (m: number): number => m / 1000;\n',
  ],
  [
    'src/safety/planted-o.ts',
    'the MCP SDK outside server.ts, mcp/register*.ts and transports/',
    "import { McpServer } from '@modelcontextprotocol/server';\nexport const x = McpServer;\n",
  ],
  [
    'src/tools/plans/planted-p.ts',
    'a tool module builds a zod schema when it loads',
    "import { z } from 'zod';\nexport const row = z.strictObject({ id: z.string() });\n",
  ],
  [
    'src/safety/planted-q.ts',
    'a database client outside the store',
    "import pg from 'pg';\nexport const x = pg;\n",
  ],
  [
    'src/transports/planted-r.ts',
    'the embedded database outside the store',
    "import { PGlite } from '@electric-sql/pglite';\nexport const x = PGlite;\n",
  ],
  [
    'src/tools/planted-s.ts',
    'query text outside the store',
    "export const q = 'SELECT * FROM journal_entries WHERE operation_id = $1';\n",
  ],
  [
    'src/ynab/planted-t.ts',
    'query text in a template outside the store',
    'export const q = (t: string): string => `\n  DELETE FROM ${t} WHERE true`;\n',
  ],
  [
    'src/ynab/planted-y.ts',
    'an AsyncLocalStorage made per object',
    "import { AsyncLocalStorage } from 'node:async_hooks';\nexport class P {\n  readonly s = new AsyncLocalStorage<number>();\n}\n",
  ],
  [
    'src/hosted/planted-z.ts',
    'an AsyncLocalStorage made in a function',
    "import { AsyncLocalStorage } from 'node:async_hooks';\nexport const make = (): AsyncLocalStorage<number> => new AsyncLocalStorage<number>();\n",
  ],
  [
    'src/tools/plans/planted-v.ts',
    'tools imports the MCP edge (arrows point inward)',
    "import { renderResult } from '../../mcp/render.js';\nexport const x = renderResult;\n",
  ],
  [
    'src/mcp/planted-w.ts',
    'the MCP SDK in mcp/ outside register*.ts',
    "import { McpServer } from '@modelcontextprotocol/server';\nexport const x = McpServer;\n",
  ],
  [
    'src/safety/planted-x.ts',
    'safety imports the MCP edge',
    "import { renderResult } from '../mcp/render.js';\nexport const x = renderResult;\n",
  ],
  [
    'src/store/planted-u.ts',
    'the store reads the config',
    "import { loadConfig } from '../config.js';\nexport const x = loadConfig;\n",
  ],
];

/**
 * Files that follow the rules, so must pass: the two the amount and env rules leave out, a tool, and
 * store modules (query text and the database clients are theirs).
 */
const CLEAN = [
  'src/domain/money.ts',
  'src/config.ts',
  'src/tools/accounts/list-accounts.ts',
  'src/mcp/register.ts',
  'src/store/sql-people.ts',
  'src/store/pg-database.ts',
  'src/store/pglite-database.ts',
];

afterAll(() => {
  if (root !== '') rmSync(root, { recursive: true, force: true });
});

describe('the layer rules', () => {
  it('fail on a planted violation of each rule, and pass the project as it is', async () => {
    for (const [path, , code] of PLANTED) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), code);
    }
    // the type checker's program holds the linted files and what they import, not the whole tree
    const tsconfig = JSON.parse(readFileSync(join(project, 'tsconfig.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    writeFileSync(
      join(root, 'tsconfig.json'),
      JSON.stringify({ ...tsconfig, include: [...PLANTED.map(([p]) => p), ...CLEAN] }),
    );
    const eslint = new ESLint({ cwd: root });
    const results = await eslint.lintFiles([...PLANTED.map(([p]) => p), ...CLEAN]);
    for (const [path, what] of PLANTED) {
      const result = results.find((r) => r.filePath === join(root, path));
      const restricted = result?.messages.filter(
        (m) => m.ruleId?.startsWith('no-restricted') && m.severity === 2,
      );
      expect(restricted?.length ?? 0, `${what} (${path})`).toBeGreaterThan(0);
    }
    for (const clean of CLEAN) {
      expect(results.find((r) => r.filePath === join(root, clean))?.errorCount, clean).toBe(0);
    }
  }, 120_000);
});
