// ESLint flat config: typescript-eslint with type information, plus the layer rules of DESIGN.md §3.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const sdk = {
  group: ['@modelcontextprotocol/*'],
  message: 'Only server.ts, tools/register.ts and transports/ import the MCP SDK (DESIGN.md §3).',
};
const layer = (from, forbidden) => ({
  files: [`src/${from}/**/*.ts`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          sdk,
          ...forbidden.map((f) => ({
            group: [`**/${f}/*`, `../${f}`, `./${f}`],
            message: `${from}/ must not import ${f}/ (DESIGN.md §3).`,
          })),
        ],
      },
    ],
  },
});

export default tseslint.config(
  { ignores: ['dist/', 'coverage/', 'node_modules/', 'bench/', 'scripts/', 'eslint.config.js'] },
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
    ignores: ['src/server.ts', 'src/tools/seam/register.ts', 'src/transports/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [sdk] }] },
  },
  layer('domain', ['ynab', 'safety', 'tools', 'transports', 'demo', 'context']),
  layer('ynab', ['safety', 'tools', 'transports', 'demo', 'context']),
  layer('safety', ['tools', 'transports', 'demo', 'context']),
  layer('demo', ['ynab', 'safety', 'tools', 'transports', 'context']),
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
