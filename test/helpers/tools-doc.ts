/** Renders docs/tools.md from the tool definitions, so a test can fail when the page is stale. */
import { z } from 'zod';
import { describe as shownDescription, type ToolDefinition } from '../../src/tools/shared/define-tool.js';

type Json = {
  type?: string | string[];
  description?: string;
  properties?: Record<string, Json>;
  required?: string[];
  items?: Json;
  anyOf?: Json[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
};

const typeOf = (s: Json): string => {
  if (s.anyOf) return s.anyOf.map(typeOf).join(' or ');
  if (s.type === 'array') return `array of ${s.items ? typeOf(s.items) : 'any'}`;
  return Array.isArray(s.type) ? s.type.join(' or ') : (s.type ?? 'any');
};
const bounds = (outer: Json): string => {
  // a nullable parameter keeps its bounds in its non-null branch
  const s = { ...(outer.anyOf?.find((branch) => branch.type !== 'null') ?? {}), ...outer };
  const parts = [
    s.exclusiveMinimum !== undefined ? `> ${s.exclusiveMinimum}` : '',
    s.minimum !== undefined ? `≥ ${s.minimum}` : '',
    s.maximum !== undefined ? `≤ ${s.maximum}` : '',
    s.minItems !== undefined ? `${s.minItems}+ items` : '',
    s.maxItems !== undefined ? `≤ ${s.maxItems} items` : '',
    s.minLength !== undefined ? `${s.minLength}+ chars` : '',
    s.maxLength !== undefined ? `≤ ${s.maxLength} chars` : '',
    s.default !== undefined ? `default ${JSON.stringify(s.default)}` : '',
  ].filter(Boolean);
  return parts.join(', ');
};
const cell = (text: string): string => text.replace(/\|/g, '\\|');

function fields(schema: Json, requiredAll: boolean): string[] {
  const rows: string[] = [];
  for (const [name, s] of Object.entries(schema.properties ?? {})) {
    const required = requiredAll || (schema.required ?? []).includes(name);
    rows.push(
      `| \`${name}\` | ${cell(typeOf(s))} | ${required ? 'yes' : 'no'} | ${cell([s.description ?? '', bounds(s)].filter(Boolean).join(' — '))} |`,
    );
  }
  return rows;
}

export function renderToolsDoc(tools: readonly ToolDefinition[]): string {
  const out = [
    '# Tool reference',
    '',
    '<!-- Generated from the tool definitions by `npm run docs`; a test fails when it is stale. -->',
    '',
    'Amounts are in currency units (spending negative). Results are returned as `structuredContent` plus a compact text',
    'rendering of the same data (a header line naming the columns, then one line per row); array results are wrapped as',
    '`{"result": [...]}`. `tools/list` shows each result as an outline of its field names (and the type of a field that',
    'may be absent): the field descriptions are here. A tool\'s "Rules" are left out of `tools/list`: a refusal says',
    'them when they apply.',
    '',
    "Two parameters are listed without a description, since nearly every tool takes them; the server's instructions",
    "say them once. `plan_id`: an id from `list_plans`, or `'last-used'` (the plan last opened). `confirmation`, on a",
    "confirmed write: left out at first; the preview's message says when to send the code the user agreed to.",
    '',
    'Every read tool that takes a `plan_id` also takes `fresh`: `true` reads the plan from YNAB anew instead of the copy',
    'synced in the last `AVENIR_MCP_FRESH_SECONDS` (10 by default). `tools/list` gives it no description (the',
    "server's instructions explain it once), and neither do the tables below.",
    '',
    'A parameter that takes an account, category, category group or payee id also takes its exact name: any case,',
    'character references decoded, and `Group: Name` for a category name that repeats across groups. The name must',
    'match exactly one; an unknown or ambiguous name is refused, listing the candidates, before anything is asked or',
    'written, and a confirmation applies to the ids the names stood for in its preview. Each tool says which of its',
    'parameters take names.',
    '',
  ];
  for (const tool of tools) {
    const input = z.toJSONSchema(tool.input, { io: 'input' }) as Json;
    const output = z.toJSONSchema(tool.output) as Json;
    // every hint as a host reads it, the protocol's defaults applied to what the listing leaves out
    const a =
      tool.kind === 'read'
        ? { readOnlyHint: true }
        : { destructiveHint: tool.destructive, idempotentHint: tool.idempotent };
    out.push(`## \`${tool.name}\` — ${tool.title}`, '', shownDescription(tool, true), '');
    if (tool.rules) out.push(`Rules: ${tool.rules}`, '');
    if (tool.names)
      out.push(
        `Names taken for ids: ${Object.keys(tool.names)
          .map((path) => `\`${path}\``)
          .join(', ')}.`,
        '',
      );
    if (tool.readOnlyWording)
      out.push(
        `In read-only mode, “${tool.readOnlyWording.sentence}” reads “${tool.readOnlyWording.replacement}”`,
        '',
      );
    out.push(
      `Kind: ${tool.kind}. Annotations: ${Object.entries(a)
        .map(([k, v]) => `${k} ${String(v)}`)
        .join(', ')}.`,
      '',
    );
    const params = fields(input, false);
    out.push('Parameters:', '');
    out.push(
      ...(params.length
        ? ['| name | type | required | description |', '|---|---|---|---|', ...params]
        : ['none']),
      '',
    );
    let result = output;
    if (output.properties?.result) {
      result = output.properties.result.items ?? output.properties.result;
      out.push('Result: `{"result": [...]}`, each item:', '');
    } else out.push('Result:', '');
    out.push('| field | type | always | description |', '|---|---|---|---|', ...fields(result, false), '');
  }
  return `${out.join('\n').trimEnd()}\n`;
}
