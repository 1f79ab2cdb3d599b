/**
 * The shipped CLI as one bundled file (`npm run build` runs it after tsc): esbuild bundles
 * src/main.ts and the desktop extension's launcher, with the SDK and zod inside, into
 * dist/main.js and dist/bundle-launcher.js. A start then reads and compiles one file instead of
 * resolving some three hundred modules, which is most of what a Node server's start-up costs.
 *
 * What only some runs need (the HTTP transport, remote mode's OAuth, the demo stand-in, the
 * remote-mode commands) is reached through `import()`: esbuild puts each such part in a chunk of
 * its own under dist/chunks/, read only when that run needs it.
 *
 * Two parts of the packages inside that this server never uses are left out (bundle-shims/): the
 * SDK's Ajv validator (its edge-runtime validator takes its place) and zod's non-English locales.
 *
 * oidc-provider stays outside the bundle, installed from npm as a dependency: it loads parts of
 * itself (Koa middleware, its views) by path at run time, which a bundler cannot follow.
 *
 * tsc's per-file output stays in dist/ for the development tools that import single modules (the
 * benchmark's stand-in, the bundle's manifest); the npm package and the .mcpb ship only the bundle.
 */
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');

/**
 * The newest modification time under the folders the build reads (a file's or a folder's, so that a
 * deleted file counts too), taken before esbuild reads them. The end-to-end tests compare it with
 * the tree they run in (test/helpers/built.ts) and fail on a build older than its sources, instead
 * of testing yesterday's CLI.
 */
function newestUnder(folder) {
  let newest = statSync(folder).mtimeMs;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestUnder(path) : statSync(path).mtimeMs);
  }
  return newest;
}
const sourcesAt = Math.max(...['src', 'views'].map((f) => newestUnder(join(root, f))));

/**
 * Packages loaded from node_modules at run time rather than bundled: oidc-provider, hosted mode's
 * store engines, and prom-client (only an HTTP start with AVENIR_MCP_METRICS_PORT loads it). The last
 * three are optional peer dependencies loaded with `import()`, so that their megabytes (PGlite's
 * WebAssembly build of PostgreSQL is most of them) are installed only by those who run that mode.
 */
const EXTERNAL = ['oidc-provider', 'pg', '@electric-sql/pglite', 'prom-client'];

/**
 * src/version.ts reads package.json beside dist/ at run time; the bundle's chunks sit one folder deeper,
 * so the bundle carries the two values as text instead.
 */
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const versionAsText = {
  name: 'version-as-text',
  setup(b) {
    b.onLoad({ filter: /[\\/]src[\\/]version\.ts$/ }, () => ({
      loader: 'ts',
      contents: `export const VERSION: string = ${JSON.stringify(pkg.version)};\nexport const HOMEPAGE: string = ${JSON.stringify(pkg.homepage)};\n`,
    }));
  },
};

/** Modules of the bundled packages replaced by smaller ones that do what this server needs of them. */
const shims = {
  name: 'bundle-shims',
  setup(b) {
    const shim = (file) => ({ path: join(root, 'scripts', 'bundle-shims', file) });
    b.onResolve({ filter: /^@modelcontextprotocol\/server\/_shims$/ }, () => shim('sdk-node.mjs'));
    b.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]node_modules[\\/]zod[\\/]/.test(args.importer) ? shim('zod-locales.mjs') : undefined,
    );
  },
};

/**
 * What tools/list advertises of each tool's schemas, converted now rather than at every start (see
 * src/mcp/listed-schemas.ts), from tsc's output of the same sources (the build runs tsc first).
 */
const { allTools } = await import(pathToFileURL(join(dist, 'tools', 'index.js')).href);
const { listedTable } = await import(pathToFileURL(join(dist, 'mcp', 'listed-schemas.js')).href);
const listedSchemas = JSON.stringify(listedTable(allTools));

rmSync(join(dist, 'chunks'), { recursive: true, force: true });
// Quiet on success: `npm pack --json` runs the build (prepack) and its stdout must stay JSON.
await build({
  absWorkingDir: root,
  entryPoints: { main: 'src/main.ts', 'bundle-launcher': 'src/bundle-launcher.ts' },
  outdir: dist,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  external: EXTERNAL,
  // A CommonJS package inside would call require() for Node's own modules.
  banner: {
    js: "import { createRequire as __avenirRequire } from 'node:module'; const require = __avenirRequire(import.meta.url);",
  },
  plugins: [versionAsText, shims],
  define: { AVENIR_LISTED_SCHEMAS: JSON.stringify(listedSchemas) },
  // the licence headers of the bundled packages, kept at the end of each file
  legalComments: 'eof',
  logLevel: 'warning',
});

writeFileSync(join(dist, 'build-stamp.json'), `${JSON.stringify({ sourcesAt })}\n`);
