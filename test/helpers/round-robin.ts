/**
 * A balancer on loopback in front of several instances, as an operator's proxy stands in front of
 * hosted mode: it forwards the paths avenir-mcp serves publicly (docs/hosting.md lists them) to each
 * instance in turn, with no stickiness of any kind, the Host header unchanged (the public one), and
 * answers anything else 404 itself. It records which instance served each request, and for an MCP
 * POST which method (and tool) it carried, so that a test can say where each step ran.
 *
 * A test that must reach one instance in particular (to race the same request on each) sends the
 * PIN_HEADER with the instance's index; the header goes no further.
 */
import { createServer, request as forward, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export const PIN_HEADER = 'x-test-instance';

const PUBLIC = [
  /^\/mcp$/,
  /^\/authorize(\/|$)/,
  /^\/token$/,
  /^\/register(\/|$)/,
  /^\/revoke$/,
  /^\/jwks$/,
  /^\/interaction\//,
  /^\/oauth\/ynab\/callback$/,
  /^\/\.well-known\//,
];

export interface Served {
  /** The index of the instance that answered. */
  instance: number;
  method: string;
  path: string;
  /** For a POST to /mcp: the JSON-RPC method, and for tools/call the tool ("… confirmed" with a code). */
  rpc: string | null;
}

export interface RoundRobin {
  /** The public origin, http://127.0.0.1:PORT. */
  readonly origin: string;
  readonly served: Served[];
  /** The instances' origins, in the order their turns come: filled before the first request. */
  readonly targets: string[];
  close(): Promise<void>;
}

function rpcOf(method: string, path: string, body: Buffer): string | null {
  if (method !== 'POST' || path !== '/mcp') return null;
  try {
    const message = JSON.parse(body.toString('utf8')) as {
      method?: string;
      params?: { name?: string; arguments?: Record<string, unknown> };
    };
    if (message.method !== 'tools/call') return message.method ?? null;
    const confirmed = message.params?.arguments?.confirmation ? ' confirmed' : '';
    return `tools/call ${message.params?.name ?? '?'}${confirmed}`;
  } catch {
    return null;
  }
}

export async function startRoundRobin(): Promise<RoundRobin> {
  let turn = 0;
  const served: Served[] = [];
  const targets: string[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://balancer');
    if (!PUBLIC.some((p) => p.test(url.pathname))) return void res.writeHead(404).end();
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const pinned = req.headers[PIN_HEADER];
      const instance = typeof pinned === 'string' ? Number(pinned) : turn++ % targets.length;
      const headers: IncomingHttpHeaders = { ...req.headers };
      delete headers[PIN_HEADER];
      const method = req.method ?? 'GET';
      served.push({ instance, method, path: url.pathname, rpc: rpcOf(method, url.pathname, body) });
      const target = new URL(req.url ?? '/', targets[instance]);
      const upstream = forward(target, { method, headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      upstream.on('error', () => void res.writeHead(502).end());
      upstream.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    served,
    targets,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
