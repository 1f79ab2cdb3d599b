/**
 * The JSON Schemas that `tools/list` advertises, computed when the CLI is bundled rather than at every
 * start. Converting the zod schemas of every tool (lean-schema.ts) was the largest part of a fresh
 * process's first `tools/list`; scripts/build-cli.mjs runs the same conversion on the same schemas
 * (`listedTable`) and embeds the result, and the bundled server lists it as it is. Outside the bundle
 * (the tests, tsc's output) there is no table: each schema is converted at its first listing, once
 * per process. Validation never uses the table: arguments and results are checked by zod.
 */
import type { z } from 'zod';
import { leanParams, leanResults } from './lean-schema.js';

type Json = Record<string, unknown>;
type Io = 'input' | 'output';
/** Each tool's advertised parameters and result outline, by tool name. */
export type ListedTable = Record<string, { input: Json; output: Json }>;

/** The table as JSON text, put in by the bundler (absent anywhere else). */
declare const AVENIR_LISTED_SCHEMAS: string | undefined;

let table: ListedTable | null | undefined;
const builtTable = (): ListedTable | null =>
  (table ??=
    typeof AVENIR_LISTED_SCHEMAS === 'string' ? (JSON.parse(AVENIR_LISTED_SCHEMAS) as ListedTable) : null);

/** What the SDK reads of a schema to list it (Standard JSON Schema). */
interface Listable {
  readonly '~standard': { readonly jsonSchema: { readonly input: () => Json; readonly output: () => Json } };
}

const made = new WeakMap<object, object>();

/** A tool's schema as registered: the table's JSON when the bundle has one for the tool, else its own. */
export function listed<S extends Listable>(tool: string, io: Io, schema: S): S {
  const known = made.get(schema);
  if (known) return known as S;
  const standard = schema['~standard'];
  const json = (): Json => builtTable()?.[tool]?.[io] ?? standard.jsonSchema[io]();
  const copy = { '~standard': { ...standard, jsonSchema: { input: json, output: json } } } as unknown as S;
  made.set(schema, copy);
  return copy;
}

/** The table the bundle embeds: each tool's schemas converted exactly as its first listing would. */
export function listedTable(
  tools: readonly { name: string; input: z.ZodObject; output: z.ZodObject }[],
): ListedTable {
  return Object.fromEntries(
    tools.map((tool) => [
      tool.name,
      {
        input: leanParams(tool.input)['~standard'].jsonSchema.input(),
        output: leanResults(tool.output)['~standard'].jsonSchema.output(),
      },
    ]),
  );
}
