/**
 * The server side of the OAuth tests: avenir-mcp's HTTP transport in remote mode on loopback, with
 * its OAuth state in a fresh folder, the YNAB stand-in behind it, and (for client ID metadata
 * documents) a loopback TLS server whose self-signed certificate only this test's fetch trusts.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer as createHttps } from 'node:https';
import { createServer as createNet, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, fetch as undiciFetch } from 'undici';
import { loadConfig } from '../../src/config.js';
import { createDeps } from '../../src/deps.js';
import { silentLog } from '../../src/log.js';
import { serverFactory } from '../../src/server.js';
import { runHttp, type HttpHandle } from '../../src/transports/http.js';
import { FileStore } from '../../src/transports/oauth/file-store.js';
import { oauthFiles } from '../../src/transports/oauth/grants.js';
import { createOAuth, type OAuthServer } from '../../src/transports/oauth/index.js';
import { hashPassphrase } from '../../src/transports/oauth/passphrase.js';
import type { TryLimiter } from '../../src/transports/oauth/rate-limit.js';
import type { Harness } from './harness.js';
import { tempJournal } from './writes.js';

export const PASSPHRASE = 'correct horse battery staple';

export interface Remote {
  /** The protected resource, http://127.0.0.1:PORT/mcp. */
  url: string;
  http: HttpHandle;
  oauth: OAuthServer;
  store: FileStore;
  stateDir: string;
  close(): Promise<void>;
}

export interface RemoteOptions {
  write?: boolean;
  limiter?: TryLimiter;
  accessTokenTtl?: number;
  fetch?: typeof fetch;
  /** Reuse a state folder (a restart) and a port. */
  stateDir?: string;
  port?: number;
}

async function freePort(): Promise<number> {
  const probe = createNet();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

export async function startRemote(h: Harness, options: RemoteOptions = {}): Promise<Remote> {
  const stateDir = options.stateDir ?? mkdtempSync(join(tmpdir(), 'avenir-oauth-'));
  const port = options.port ?? (await freePort());
  const env = {
    ...h.env,
    AVENIR_MCP_JOURNAL: tempJournal(),
    AVENIR_MCP_WRITE: options.write === false ? '' : '1',
  };
  const deps = createDeps(loadConfig(env), silentLog);
  const store = new FileStore(oauthFiles(stateDir).state);
  const oauth = await createOAuth({
    publicUrl: `http://127.0.0.1:${port}`,
    writes: options.write !== false,
    ownerHash: await hashPassphrase(PASSPHRASE),
    lasting: store,
    ...(options.limiter ? { limiter: options.limiter } : {}),
    ...(options.accessTokenTtl ? { accessTokenTtl: options.accessTokenTtl } : {}),
    testing: { allowHttpLoopback: true, ...(options.fetch ? { fetch: options.fetch } : {}) },
  });
  const http = await runHttp(serverFactory(deps), {
    host: '127.0.0.1',
    port,
    token: null,
    oauth,
    printNotice: () => {},
    onerror: () => {},
  });
  return { url: http.url, http, oauth, store, stateDir, close: () => http.close() };
}

export interface MetadataHost {
  /** The client ID: the https address of the document. */
  clientId: string;
  /** A fetch that trusts this host's certificate (handed to the provider as the test allowance). */
  fetch: typeof fetch;
  close(): Promise<void>;
}

/** Serves a client ID metadata document over TLS on 127.0.0.1 with a certificate made for this run. */
export async function startMetadataHost(
  redirectUri: string,
  name = 'Metadata client',
): Promise<MetadataHost> {
  const dir = mkdtempSync(join(tmpdir(), 'avenir-cimd-'));
  const key = join(dir, 'key.pem');
  const cert = join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  let clientId = '';
  const server = createHttps({ key: readFileSync(key), cert: readFileSync(cert) }, (req, res) => {
    if (req.url !== '/client.json') return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        client_id: clientId,
        client_name: name,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  clientId = `https://127.0.0.1:${(server.address() as AddressInfo).port}/client.json`;
  const dispatcher = new Agent({ connect: { ca: readFileSync(cert) } });
  const trusted = ((url: string, init: Record<string, unknown>) =>
    undiciFetch(url, { ...init, dispatcher })) as unknown as typeof fetch;
  return {
    clientId,
    fetch: trusted,
    close: async () => {
      await dispatcher.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
