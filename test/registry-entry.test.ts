/**
 * The MCP registry entry (`server.json`) says what the package is and how to run it. A registry
 * that shows a stale version, or a client that cannot learn a variable from it, sends users wrong:
 * so its name, versions and package are checked against package.json, and its variables against
 * the configuration reference.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readPng } from './helpers/png.js';

interface EnvVar {
  name: string;
  description?: string;
  isSecret?: boolean;
  value?: string;
}
interface RegistryPackage {
  registryType: string;
  registryBaseUrl: string;
  identifier: string;
  version: string;
  transport: { type: string; url?: string; headers?: EnvVar[] };
  environmentVariables: EnvVar[];
}

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
  name: string;
  version: string;
  mcpName: string;
  repository: { url: string };
};
const entry = JSON.parse(readFileSync('server.json', 'utf8')) as {
  $schema: string;
  name: string;
  description: string;
  version: string;
  repository: { url: string; source: string };
  icons: { src: string; mimeType: string; sizes: string[] }[];
  packages: RegistryPackage[];
};

/** The variables of docs/configuration.md: the first column of its table. */
const documented = [...readFileSync('docs/configuration.md', 'utf8').matchAll(/^\| `([A-Z_]+)` \|/gm)].map(
  (m) => m[1]!,
);
/** Only the HTTP transport reads these; set for a stdio client they would break it. */
const HTTP_ONLY = ['AVENIR_MCP_TRANSPORT', 'AVENIR_MCP_HOST', 'AVENIR_MCP_PORT', 'AVENIR_MCP_HTTP_TOKEN'];
/**
 * Not for a client's configuration: CI is set by CI systems; remote mode (OAuth) is a server its
 * owner runs behind a TLS proxy, never one a client starts, and it refuses the bearer header the
 * HTTP entry declares; a client that starts the server reaches it on 127.0.0.1, so never needs a
 * non-loopback listen address allowed.
 */
const NOT_FOR_USERS = [
  'CI',
  'AVENIR_MCP_AUTH',
  'AVENIR_MCP_PUBLIC_URL',
  'AVENIR_MCP_OWNER_PASSWORD_FILE',
  'AVENIR_MCP_ALLOW_REMOTE_HOST',
  // hosted mode (docs/hosting.md) is likewise a service an operator runs for several people: its
  // YNAB application, store, seal keys, metrics and instance names are never a client's to set
  'AVENIR_MCP_YNAB_CLIENT_ID',
  'AVENIR_MCP_YNAB_CLIENT_SECRET_FILE',
  'AVENIR_MCP_YNAB_OAUTH_URL',
  'AVENIR_MCP_DATABASE_URL',
  'AVENIR_MCP_MIGRATE',
  'AVENIR_MCP_SEAL_KEY_FILE',
  'AVENIR_MCP_RETENTION_DAYS',
  'AVENIR_MCP_PRIVACY_URL',
  'AVENIR_MCP_METRICS_PORT',
  'AVENIR_MCP_METRICS_HOST',
  'AVENIR_MCP_INSTANCE',
];

const byTransport = (type: string): RegistryPackage => {
  const found = entry.packages.find((p) => p.transport.type === type);
  if (!found) throw new Error(`server.json has no ${type} package`);
  return found;
};

describe('server.json', () => {
  it('is the npm package of package.json, at its version, under its mcpName', () => {
    expect(entry.$schema).toMatch(
      /^https:\/\/static\.modelcontextprotocol\.io\/schemas\/[\d-]+\/server\.schema\.json$/,
    );
    expect(entry.name).toBe(pkg.mcpName);
    expect(entry.name).toMatch(/^io\.github\.[a-zA-Z0-9-]+\/[a-zA-Z0-9._-]+$/);
    expect(entry.version).toBe(pkg.version);
    expect(entry.description.length).toBeGreaterThan(0);
    expect(entry.description.length).toBeLessThanOrEqual(100);
    expect(pkg.repository.url).toBe(`git+${entry.repository.url}.git`);
    expect(entry.repository.source).toBe('github');
    for (const p of entry.packages) {
      expect(p).toMatchObject({
        registryType: 'npm',
        registryBaseUrl: 'https://registry.npmjs.org',
        identifier: pkg.name,
        version: pkg.version,
      });
    }
  });

  it('shows the committed icon, from the repository on GitHub, at its real size', () => {
    // The schema of 2025-12-11 takes `icons`: an https `src` of at most 255 characters, a MIME type
    // (image/png is the one every client that shows icons must support), and sizes as WxH.
    const raw = entry.repository.url.replace('https://github.com/', 'https://raw.githubusercontent.com/');
    expect(entry.icons).toEqual([
      { src: `${raw}/main/assets/icon.png`, mimeType: 'image/png', sizes: ['512x512'] },
    ]);
    const [icon] = entry.icons;
    expect(icon!.src.length).toBeLessThanOrEqual(255);
    const png = readPng(readFileSync(icon!.src.slice(`${raw}/main/`.length)));
    expect(`${png.width}x${png.height}`).toBe(icon!.sizes[0]);
  });

  it('describes every variable a stdio client may set, the token as a secret', () => {
    const vars = byTransport('stdio').environmentVariables;
    const names = vars.map((v) => v.name);
    expect(names).toEqual(documented.filter((n) => !HTTP_ONLY.includes(n) && !NOT_FOR_USERS.includes(n)));
    for (const v of vars) expect(v.description?.length, v.name).toBeGreaterThan(10);
    expect(vars.find((v) => v.name === 'YNAB_API_KEY')?.isSecret).toBe(true);
    expect(vars.find((v) => v.name === 'AVENIR_MCP_STATE_KEY')?.isSecret).toBe(true);
  });

  it('describes the HTTP form with its bearer token and every variable, the stdio ones unchanged', () => {
    const http = byTransport('streamable-http');
    expect(http.transport.url).toBe('http://127.0.0.1:{AVENIR_MCP_PORT}/mcp');
    expect(http.transport.headers).toEqual([
      expect.objectContaining({
        name: 'Authorization',
        value: 'Bearer {AVENIR_MCP_HTTP_TOKEN}',
        isSecret: true,
      }),
    ]);
    const names = http.environmentVariables.map((v) => v.name);
    expect([...names].sort()).toEqual(documented.filter((n) => !NOT_FOR_USERS.includes(n)).sort());
    expect(http.environmentVariables.find((v) => v.name === 'AVENIR_MCP_TRANSPORT')?.value).toBe('http');
    expect(http.environmentVariables.find((v) => v.name === 'AVENIR_MCP_HTTP_TOKEN')?.isSecret).toBe(true);
    for (const v of byTransport('stdio').environmentVariables) {
      expect(http.environmentVariables.find((h) => h.name === v.name)).toEqual(v);
    }
  });
});
