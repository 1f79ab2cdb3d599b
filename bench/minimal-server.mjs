// The start-up baseline of `npm run bench`: the smallest stdio server the same SDK allows, with 33
// one-line tools, so that our start-up is read as a ratio to what the SDK itself costs on this machine.
import { McpServer } from '@modelcontextprotocol/server';
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

serveStdio(() => build(), { onerror: () => {} });
