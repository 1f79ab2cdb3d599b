/**
 * The test-only entry point the conformance suite runs against: the real server (every tool, resource
 * and prompt, the write gate open, the demo plan behind it) plus the suite's diagnostic fixtures, over
 * the real HTTP transport with its guards and bearer token. The suite cannot send an Authorization
 * header, so a loopback relay in front adds it, as any configured client would, and passes every
 * other header (Host and Origin included) through untouched.
 */
import { request as httpRequest, createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../src/config.js';
import { createDeps } from '../../src/deps.js';
import { startStandIn, type StandIn } from '../../src/demo/index.js';
import { Secret } from '../../src/domain/secret.js';
import { silentLog } from '../../src/log.js';
import { buildServer, createCodec } from '../../src/server.js';
import { runHttp, type HttpHandle } from '../../src/transports/http.js';
import { addFixtureContext } from './fixture-context.js';
import { addFixtureTools } from './fixture-tools.js';

export interface FixtureServer {
  /** The relay's URL: what the suite is pointed at. */
  url: string;
  /** The server's own URL (requests here need the token). */
  direct: HttpHandle;
  standIn: StandIn;
  close(): Promise<void>;
}

/** A relay that adds `Authorization: Bearer <token>` to each request and streams the answer back. */
async function startRelay(target: URL, token: string): Promise<Server> {
  const relay = createServer((req, res) => {
    const upstream = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, authorization: `Bearer ${token}` },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  return relay;
}

export async function startFixtureServer(): Promise<FixtureServer> {
  const standIn = await startStandIn({ today: '2026-09-25' });
  const config = loadConfig({
    AVENIR_MCP_YNAB_URL: standIn.url,
    YNAB_API_KEY: 'conformance-token',
    AVENIR_MCP_TODAY: '2026-09-25',
    AVENIR_MCP_WRITE: '1',
    AVENIR_MCP_NO_UPDATE_CHECK: '1',
  });
  const deps = createDeps(config, silentLog);
  const codec = createCodec(deps);
  const token = new Secret('conformance-bearer-token-0123456789abcdef');
  const direct = await runHttp(
    () => {
      const server = buildServer(deps, codec);
      addFixtureTools(server, codec as never);
      addFixtureContext(server);
      return server;
    },
    { host: '127.0.0.1', port: 0, token, printNotice: () => {}, onerror: () => {} },
  );
  const relay = await startRelay(new URL(direct.url), token.reveal());
  const { port } = relay.address() as AddressInfo;
  return {
    url: `http://localhost:${port}/mcp`,
    direct,
    standIn,
    close: async () => {
      relay.closeAllConnections();
      await new Promise<void>((resolve) => relay.close(() => resolve()));
      await direct.close();
      await standIn.close();
    },
  };
}
