/**
 * Serves the MCP Apps test host page and, on the same origin, the MCP server at /mcp (2026-07-28
 * and 2025 revisions, through the SDK's web-standard handler), on 127.0.0.1. Used by the browser
 * tests and by `npm run demo:apps`; `factory` is the server's own (src/server.ts serverFactory).
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';

/** Node's request as a web Request (the body read whole: MCP messages are small). */
async function toRequest(req, origin) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
  const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
  return new Request(new URL(req.url, origin), { method: req.method, headers, body });
}

/**
 * @param {{ handler: { fetch(r: Request): Promise<Response>, close(): Promise<void> }, hostDir: string, port?: number }} options
 */
export async function startAppsHost({ handler, hostDir, port = 0 }) {
  const page = readFileSync(join(hostDir, 'host.html'));
  const server = createServer((req, res) => {
    const origin = `http://127.0.0.1:${server.address().port}`;
    const path = new URL(req.url, origin).pathname;
    if (req.method === 'GET' && (path === '/' || path === '/index.html')) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(page);
      return;
    }
    if (path !== '/mcp') {
      res.writeHead(404).end();
      return;
    }
    void toRequest(req, origin)
      .then((request) => handler.fetch(request))
      .then(async (response) => {
        res.writeHead(response.status, Object.fromEntries(response.headers));
        res.end(Buffer.from(await response.arrayBuffer()));
      })
      .catch((error) => {
        res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
      });
  });
  await new Promise((done) => server.listen(port, '127.0.0.1', done));
  const url = `http://127.0.0.1:${server.address().port}/`;
  return {
    url,
    close: async () => {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
      await handler.close();
    },
  };
}
