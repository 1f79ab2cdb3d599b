// ESLint flat config: typescript-eslint with type information, plus the layer rules that keep the
// code's shape (docs/architecture.md says what each layer may touch, and why).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const sdk = {
  group: ['@modelcontextprotocol/*'],
  message:
    'Only server.ts, mcp/register*.ts and transports/ import the MCP SDK: the rest stays testable without it.',
};
const folder = (from, f) => ({
  group: [`**/${f}/*`, `**/${f}/**`, `../${f}`, `./${f}`],
  message: `${from}/ must not import ${f}/ (arrows point inward: see docs/architecture.md).`,
});
const file = (from, f) => ({
  group: [`**/${f}.js`],
  message: `${from}/ must not import ${f}.ts (see docs/architecture.md).`,
});
const imports = (files, patterns) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

/**
 * domain/ is pure: no I/O, no packages (but pure text readers: `entities`, and the statement parsers
 * `csv-parse` and `fast-xml-parser`), nothing of the outer layers, and no clock.
 */
const domainPatterns = [
  sdk,
  { group: ['node:*'], message: 'domain/ is pure: no Node API (pass values in instead).' },
  { group: ['zod', 'undici'], message: 'domain/ is pure: no packages.' },
  ...['ynab', 'safety', 'tools', 'mcp', 'transports', 'demo', 'context'].map((f) => folder('domain', f)),
  ...['deps', 'config', 'clock', 'log', 'server', 'main', 'version', 'update-check'].map((f) =>
    file('domain', f),
  ),
];
const clockReads = [
  {
    selector: "NewExpression[callee.name='Date'][arguments.length=0]",
    message: 'domain/ never reads the clock: take today or now as an argument.',
  },
  {
    selector: "MemberExpression[object.name='Date'][property.name='now']",
    message: 'domain/ never reads the clock: take today or now as an argument.',
  },
  {
    selector: "MemberExpression[object.name='performance']",
    message: 'domain/ never reads the clock: take the time as an argument.',
  },
];
/**
 * An AsyncLocalStorage is made once, at a module's top level. Node keeps a storage, once used, on a
 * process-wide list that every new promise walks (Node 20 and 22), so one made per object (a pacer per
 * server, per person) slowed every promise of the process a little more with each object, for good.
 */
const storagePerInstance = [
  {
    selector: ":matches(:function, PropertyDefinition) NewExpression[callee.name='AsyncLocalStorage']",
    message:
      'Make an AsyncLocalStorage once, at the top level of its module (key what differs per object, as ynab/pace.ts does): each one made per object slows every promise of the process for good.',
  },
];

/** Units ↔ milliunits happens in domain/money.ts alone, so that rounding is done one way. */
const milliunitConversion = [
  {
    selector: "BinaryExpression[operator=/^[*/]$/][right.type='Literal'][right.value=1000]",
    message: 'Convert amounts with toMilli/toUnits of domain/money.ts (name other factors of 1000).',
  },
  {
    selector: "BinaryExpression[operator=/^[*/]$/][left.type='Literal'][left.value=1000]",
    message: 'Convert amounts with toMilli/toUnits of domain/money.ts (name other factors of 1000).',
  },
];

/**
 * One module holds all SQL: src/store/. Elsewhere, no import of the database clients and no query text,
 * so that every read and write of a person's data goes through the store's methods, which take the
 * person's id (a query written anywhere else could forget that filter).
 */
const storeEngines = {
  group: ['pg', 'pg/*', '@electric-sql/pglite', '@electric-sql/pglite/*'],
  message: 'Only src/store/ talks to the database: call a store method that takes the person id.',
};
const sqlText = [
  ['Literal', 'value'],
  ['TemplateElement', 'value.cooked'],
].map(([node, field]) => ({
  selector: `${node}[${field}=/^[^A-Za-z]*(SELECT|INSERT INTO|UPDATE|DELETE FROM|CREATE (TABLE|INDEX)|ALTER TABLE|DROP (TABLE|INDEX)|TRUNCATE)[^A-Za-z_]/]`,
  message: 'Query text lives in src/store/ alone: add a store method that takes the person id.',
}));

/**
 * A tool module builds no zod schema when it loads: the definitions give their schemas as functions,
 * built at the tool's first use (tools/shared/define-tool.ts), since every start would pay for them.
 */
const schemaAtLoad = [
  {
    selector: "CallExpression[callee.object.name='z']:not(:function CallExpression)",
    message:
      "Build this schema inside a function (the tool's input or output builder): a schema built when the module loads is built at every start.",
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'build/',
      'coverage/',
      'node_modules/',
      'bench/',
      'scripts/',
      'eslint.config.js',
      'stryker.config.mjs',
      // Stryker's sandboxes: one per part (stryker.config.mjs), each a copy of the repository.
      '.stryker-tmp*/',
      'reports/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      complexity: ['error', 19],
    },
  },
  {
    files: ['src/**/*.ts'],
    ignores: ['src/config.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Only src/config.ts reads process.env: take the value from the config.',
        },
      ],
    },
  },
  {
    files: ['src/**/*.ts'],
    ignores: ['src/domain/money.ts', 'src/domain/**'],
    rules: { 'no-restricted-syntax': ['error', ...milliunitConversion, ...sqlText, ...storagePerInstance] },
  },
  {
    files: ['src/store/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', ...milliunitConversion, ...storagePerInstance] },
  },
  {
    files: ['src/domain/**/*.ts'],
    ignores: ['src/domain/money.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...milliunitConversion,
        ...clockReads,
        ...sqlText,
        ...storagePerInstance,
      ],
    },
  },
  {
    files: ['src/tools/*/**/*.ts'],
    ignores: ['src/tools/shared/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...milliunitConversion,
        ...schemaAtLoad,
        ...sqlText,
        ...storagePerInstance,
      ],
    },
  },
  imports(['src/**/*.ts'], [sdk, storeEngines]),
  imports(
    ['src/server.ts', 'src/mcp/register.ts', 'src/mcp/register-apps.ts', 'src/transports/**/*.ts'],
    [storeEngines],
  ),
  imports(['src/domain/**/*.ts'], [...domainPatterns, storeEngines]),
  imports(
    ['src/ynab/**/*.ts'],
    [
      sdk,
      storeEngines,
      ...['safety', 'tools', 'mcp', 'transports', 'demo', 'context'].map((f) => folder('ynab', f)),
    ],
  ),
  imports(
    ['src/safety/**/*.ts'],
    [sdk, storeEngines, ...['tools', 'mcp', 'transports', 'demo', 'context'].map((f) => folder('safety', f))],
  ),
  imports(
    ['src/tools/**/*.ts'],
    [
      sdk,
      storeEngines,
      ...['mcp', 'transports', 'demo'].map((f) => folder('tools', f)),
      { group: ['**/ynab/client.js'], message: 'tools/ call YNAB through the typed methods of ynab/api.ts.' },
    ],
  ),
  // mcp/: the edge between the tools and MCP clients; only its register*.ts touch the SDK
  imports(['src/mcp/**/*.ts'], [sdk, storeEngines, ...['transports', 'demo'].map((f) => folder('mcp', f))]),
  imports(
    ['src/mcp/register.ts', 'src/mcp/register-apps.ts'],
    [storeEngines, ...['transports', 'demo'].map((f) => folder('mcp', f))],
  ),
  imports(
    ['src/demo/**/*.ts'],
    [
      sdk,
      storeEngines,
      ...['ynab', 'safety', 'tools', 'mcp', 'transports', 'context'].map((f) => folder('demo', f)),
    ],
  ),
  // the store: SQL and its clients, over domain/ alone (it is handed what it needs, never the config)
  imports(
    ['src/store/**/*.ts'],
    [
      sdk,
      ...['ynab', 'safety', 'tools', 'mcp', 'transports', 'demo', 'context', 'cli'].map((f) =>
        folder('store', f),
      ),
      ...['deps', 'config', 'clock', 'log', 'server', 'main', 'version', 'update-check'].map((f) =>
        file('store', f),
      ),
    ],
  ),
  {
    files: ['test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
);
