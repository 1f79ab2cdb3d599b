// The baselines of `npm run bench`: the smallest server the same SDK allows, with 33 one-line tools, so
// that our figures are read against what the SDK itself costs on this machine. Over stdio by default
// (the start-up baseline); with MINIMAL_HTTP_PORT, the SDK's stateless HTTP handler behind a bare
// node:http adapter, with one server instance reused for every exchange (as ours are): the floor of
// what a stateless 2026-07-28 call over HTTP costs more than over stdio, whatever the server does.
import { createServer } from 'node:http';
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { z } from 'zod';

const build = () => {
  const server = new McpServer({ name: 'minimal', version: '1.0.0' });
  for (let i = 0; i < 33; i++) {
    server.registerTool(
      `tool_${i}`,
      { description: `Tool ${i}.`, inputSchema: z.object({ x: z.string().optional() }) },
      async () => ({ content: [{ type: 'text', text: 'ok' }] }),
    );
  }
  return server;
};

const port = process.env.MINIMAL_HTTP_PORT;
if (port === undefined) {
  serveStdio(() => build(), { onerror: () => {} });
} else {
  const instance = build();
  const handler = createMcpHandler(() => instance, { legacy: 'reject', onerror: () => {} });
  createServer(async (req, res) => {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const headers = new Headers();
    for (const [key, value] of Object.entries(req.headers))
      if (value !== undefined) headers.set(key, String(value));
    const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
    const answer = await handler.fetch(
      new Request(`http://127.0.0.1:${port}${req.url}`, { method: req.method, headers, body }),
    );
    const bytes = Buffer.from(await answer.arrayBuffer());
    res.writeHead(answer.status, Object.fromEntries(answer.headers)).end(bytes);
  }).listen(Number(port), '127.0.0.1');
}
