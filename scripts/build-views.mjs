/**
 * Builds the MCP Apps views (part of `npm run build`): each view's TypeScript bundled with esbuild
 * (ext-apps and Chart.js included, so that a view needs no network) and inlined with the shared
 * stylesheet into one HTML file in dist/views/, which the server serves as a `ui://` resource. Also
 * builds the small test host page (build/apps-host/), used by the browser tests and `npm run demo:apps`
 * and never shipped.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const css = readFileSync(join(root, 'views', 'view.css'), 'utf8');

async function bundle(entry) {
  const out = await build({
    entryPoints: [join(root, entry)],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    legalComments: 'none',
    logLevel: 'warning',
  });
  // an inline script ends at the first "</script": none may appear inside it
  return out.outputFiles[0].text.replaceAll('</script', '<\\/script');
}

const page = (title, style, body, script) =>
  `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title><style>${style}</style></head><body>${body}<script>${script}</script></body></html>\n`;

const views = [
  ['views/approval.ts', 'approval.html', 'Approval card'],
  ['views/chart.ts', 'chart.html', 'Chart'],
  ['views/digest.ts', 'digest.html', 'Digest'],
];
mkdirSync(join(root, 'dist', 'views'), { recursive: true });
for (const [entry, file, title] of views) {
  writeFileSync(
    join(root, 'dist', 'views', file),
    page(title, css, '<main id="root"></main>', await bundle(entry)),
  );
}

const hostStyle =
  'body{font:14px system-ui,sans-serif;margin:0;padding:16px}#controls{display:flex;gap:8px;flex-wrap:wrap;margin-bottom:12px}iframe{width:min(720px,100%);height:320px;border:1px solid #8884;border-radius:8px;display:block;background:transparent}';
mkdirSync(join(root, 'build', 'apps-host'), { recursive: true });
writeFileSync(
  join(root, 'build', 'apps-host', 'host.html'),
  page(
    'avenir-mcp: MCP Apps host',
    hostStyle,
    '<div id="controls"></div><div id="views"></div>',
    await bundle('views/host/host.ts'),
  ),
);
