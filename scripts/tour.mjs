// The printed tour (`npm run demo`): starts the built server over stdio on the demo plan, drives it
// with the official MCP client, and prints what each available tool answers. A development script.
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The tour's writes go to the built-in stand-in, its journal to a throw-away folder (never the user's own).
const env = {
  ...process.env,
  AVENIR_MCP_NO_UPDATE_CHECK: '1',
  AVENIR_MCP_WRITE: process.env.AVENIR_MCP_WRITE ?? '1',
  AVENIR_MCP_JOURNAL: join(mkdtempSync(join(tmpdir(), 'avenir-tour-')), 'journal.jsonl'),
};
const transport = new StdioClientTransport({
  command: process.execPath,
  args: ['dist/main.js', '--demo'],
  env,
  stderr: 'inherit',
});
const client = new Client(
  { name: 'avenir-mcp-tour', version: '1.0.0' },
  { versionNegotiation: { mode: { pin: '2026-07-28' } } },
);
await client.connect(transport);

const PLAN = 'demo-budget';
const money = (n) => n.toFixed(2).padStart(10);
const say = (line = '') => process.stdout.write(`${line}\n`);
const heading = (title) => say(`\n== ${title}`);

async function tool(name, args = {}) {
  const result = await client.callTool({ name, arguments: args });
  if (result.isError) throw new Error(`${name}: ${result.content?.[0]?.text}`);
  return result.structuredContent;
}

const { tools } = await client.listTools();
say(
  `avenir-mcp on the demo plan (protocol ${client.getNegotiatedProtocolVersion?.() ?? '2026-07-28'}), today pinned to 2026-09-25.`,
);
say(`${tools.length} tools available: ${tools.map((t) => t.name).join(', ')}`);

heading('list_plans — the plans the token reads');
for (const p of (await tool('list_plans')).result)
  say(`  ${p.id}  ${p.name}  (${p.first_month} … ${p.last_month})`);

heading('list_accounts — balances, bank link, last reconciliation');
for (const a of (await tool('list_accounts', { plan_id: PLAN })).result) {
  const flags = [
    a.on_budget ? 'budget' : 'tracking',
    a.closed ? 'closed' : null,
    a.bank_link !== 'none' ? `link ${a.bank_link}` : null,
  ]
    .filter(Boolean)
    .join(', ');
  say(
    `  ${a.name.padEnd(14)} ${money(a.balance)}  ${a.type.padEnd(12)} ${flags}${a.last_reconciled ? `, reconciled ${a.last_reconciled}` : ''}`,
  );
}

heading('list_category_groups — where a new category can go');
say(
  `  ${(await tool('list_category_groups', { plan_id: PLAN })).result.map((g) => `${g.name} (${g.id})`).join(', ')}`,
);

heading('list_payees — the most used payees, and the merchant each label normalises to');
const payees = await tool('list_payees', { plan_id: PLAN, limit: 5 });
for (const p of payees.payees)
  say(`  ${String(p.transactions).padStart(3)} × ${p.name}  →  ${p.merchant}  (last ${p.last_date})`);
say(
  `  … ${payees.total} payees in all; search 'market' finds ${(await tool('list_payees', { plan_id: PLAN, search: 'market' })).total}.`,
);

// Each area adds its own section as scripts/tour/<area>.mjs exporting `tour({ tool, say, heading, money, PLAN })`.
const { readdirSync } = await import('node:fs');
for (const file of readdirSync(new URL('./tour/', import.meta.url))
  .filter((f) => f.endsWith('.mjs'))
  .sort()) {
  const section = await import(new URL(`./tour/${file}`, import.meta.url));
  await section.tour({ client, tool, say, heading, money, PLAN });
}

heading('resources');
const { resources } = await client.listResources();
say(
  `  ${resources.map((r) => r.uri).join(', ')} (+ templates ynab://plans/{plan_id}/categories and /accounts)`,
);
const cats = JSON.parse(
  (await client.readResource({ uri: `ynab://plans/${PLAN}/categories` })).contents[0].text,
);
say(
  `  ynab://plans/${PLAN}/categories: ${cats.map((g) => `${g.group} (${g.categories.length})`).join(', ')}`,
);

await client.close();
say('\nDone: only the built-in stand-in was changed, nothing else. Run `npm test` for the whole suite.');
