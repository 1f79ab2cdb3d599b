// `npm run demo:apps`: the MCP Apps views in your browser, on the demo plan. Starts the YNAB stand-in,
// the built server (writes on, a throw-away journal) and the small host page on 127.0.0.1, then
// prints the address: open it, pick a tool, and click through the approval card or the charts.
// A development script; nothing leaves this machine.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { loadConfig } from '../dist/config.js';
import { createDeps } from '../dist/deps.js';
import { DEMO_TODAY, startStandIn } from '../dist/demo/index.js';
import { silentLog } from '../dist/log.js';
import { serverFactory } from '../dist/server.js';
import { startAppsHost } from './apps-host.mjs';

const standIn = await startStandIn({ today: DEMO_TODAY });
const config = loadConfig({
  AVENIR_MCP_YNAB_URL: standIn.url,
  YNAB_API_KEY: 'demo-token',
  AVENIR_MCP_TODAY: DEMO_TODAY,
  AVENIR_MCP_WRITE: '1',
  AVENIR_MCP_NO_UPDATE_CHECK: '1',
  AVENIR_MCP_JOURNAL: join(mkdtempSync(join(tmpdir(), 'avenir-apps-')), 'journal.jsonl'),
});
const handler = createMcpHandler(serverFactory(createDeps(config, silentLog)));
const port = Number(process.env.PORT ?? 8737);
const host = await startAppsHost({
  handler,
  hostDir: join(import.meta.dirname, '..', 'build', 'apps-host'),
  port,
});
process.stdout.write(`MCP Apps demo on the demo plan: open ${host.url} (Ctrl+C to stop)\n`);
const stop = async () => {
  await host.close();
  await standIn.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
