// The printed tour (`npm run demo`): starts the built server over stdio on the demo plan, drives it
// with the official MCP client, and prints what each group of tools answers. A development script,
// also run by test/e2e/tour.test.ts, so it stops with an error (exit 1) rather than print a hollow
// section: an answer field that is no longer there, a value printed as undefined or empty, a heading
// with nothing under it.
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Beside this script, not the working directory, so that the tour runs from anywhere in the clone.
const MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));
if (!existsSync(MAIN)) {
  process.stderr.write(`${MAIN} is missing: run \`npm run build\` first (\`npm run demo\` does both).\n`);
  process.exit(1);
}

// The tour's writes go to the built-in stand-in, its journal to a throw-away folder (never the user's own).
const env = {
  ...process.env,
  AVENIR_MCP_NO_UPDATE_CHECK: '1',
  AVENIR_MCP_WRITE: process.env.AVENIR_MCP_WRITE ?? '1',
  AVENIR_MCP_JOURNAL: join(mkdtempSync(join(tmpdir(), 'avenir-tour-')), 'journal.jsonl'),
};
const transport = new StdioClientTransport({
  command: process.execPath,
  args: [MAIN, '--demo'],
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
const write = (text) => process.stdout.write(`${text}\n`);

// What is being printed, so that a heading with no line under it, or a line that shows a missing
// value, stops the tour with the section's name instead of scrolling by unnoticed.
let section = null;
const HOLLOW = /\bundefined\b|\bNaN\b|\[object Object\]/;

function closeSection() {
  if (section && section.lines === 0) throw new Error(`The section '${section.title}' printed nothing.`);
  section = null;
}

function heading(title) {
  closeSection();
  section = { title, lines: 0 };
  write(`\n== ${title}`);
}

function say(line) {
  if (!section) throw new Error(`A line printed outside any section: ${JSON.stringify(line)}`);
  if (typeof line !== 'string' || line.trim() === '')
    throw new Error(`The section '${section.title}' printed an empty line (a value it shows is empty).`);
  if (HOLLOW.test(line) || /\s$/.test(line))
    throw new Error(`The section '${section.title}' printed a missing value: ${JSON.stringify(line)}`);
  section.lines += 1;
  write(line);
}

/**
 * An answer read through this throws at the first field the tool does not return, naming the tool and
 * the fields it has: a tool whose answer changed shape stops the tour where the old field is read.
 */
function strict(value, path, seen = new WeakMap()) {
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value)) return seen.get(value);
  const view = new Proxy(value, {
    get(target, key, receiver) {
      const found = Reflect.get(target, key, receiver);
      if (typeof key === 'symbol' || key in target) return strict(found, `${path}.${String(key)}`, seen);
      // Asked of any value by await and JSON.stringify: an answer is neither a promise nor custom JSON.
      if (key === 'then' || key === 'toJSON') return undefined;
      const has = Array.isArray(target) ? `${target.length} items` : Object.keys(target).join(', ');
      throw new Error(`${path} has no '${key}' (it has ${has}): the tour reads an old answer shape.`);
    },
  });
  seen.set(value, view);
  return view;
}

const called = new Set();

async function tool(name, args = {}) {
  called.add(name);
  const result = await client.callTool({ name, arguments: args });
  if (result.isError) throw new Error(`${name}: ${result.content?.[0]?.text}`);
  if (!result.structuredContent) throw new Error(`${name} answered without structured content.`);
  return strict(result.structuredContent, name);
}

/**
 * The question a confirmed write puts to the user when the client has no dialog: it comes in the
 * message, between the notice for the agent and the request to call again with the code, on one line
 * or (several changes) on lines of its own.
 */
function question(answer) {
  const asked = answer.message
    .split(/ asks for it\.\s/)[1]
    ?.replace(/\s*If they agree, call again with this code\.$/, '')
    .trim();
  if (!asked) throw new Error(`No question found in: ${JSON.stringify(answer.message)}`);
  return asked.split('\n');
}

const { tools } = await client.listTools();
const writes = tools.some((t) => t.annotations?.readOnlyHint !== true);
write(
  `avenir-mcp on the demo plan (protocol ${client.getNegotiatedProtocolVersion?.() ?? '2026-07-28'}), today pinned to 2026-09-25.`,
);
write(`${tools.length} tools available, ${writes ? 'writes included' : 'read-only'}.`);

// Each group of tools is a file scripts/tour/<order>-<area>.mjs exporting its `group` title, `writes`
// when it needs the write tools, and `tour(context)`.
const context = { client, tool, say, heading, money, question, PLAN };
try {
  for (const file of readdirSync(new URL('./tour/', import.meta.url))
    .filter((f) => f.endsWith('.mjs'))
    .sort()) {
    const part = await import(new URL(`./tour/${file}`, import.meta.url));
    if (typeof part.group !== 'string' || typeof part.tour !== 'function')
      throw new Error(`scripts/tour/${file} must export its group title and tour(context).`);
    write(`\n# ${part.group}`);
    if (part.writes && !writes) {
      write('  (skipped: the server is read-only; AVENIR_MCP_WRITE=1 turns the writes on)');
      continue;
    }
    await part.tour(context);
    closeSection();
  }
} finally {
  // Also on a failure, so that the server does not outlive the tour.
  await client.close();
}

// Named, so that a tool left out of the tour (a new one, say) shows here rather than going unnoticed.
const uncalled = tools.map((t) => t.name).filter((name) => !called.has(name));
heading('Where next');
say(
  `  ${called.size} of the ${tools.length} tools called above${uncalled.length > 0 ? `; not called: ${uncalled.join(', ')}` : ''}.`,
);
say('  Only the built-in stand-in was changed, and it is gone with the server.');
say('  Your own plan in Claude Desktop, Claude Code, Cursor, VS Code or Codex: docs/clients.md');
say('  From claude.ai, ChatGPT or a phone (remote mode, OAuth): docs/remote.md');
say('  Every tool, its parameters and its answer: docs/tools.md; the whole suite: npm test');
closeSection();
write('\nDone');
