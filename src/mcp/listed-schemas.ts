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

/** What the SDK reads of a schema: its check, and the JSON Schema it lists (Standard Schema). */
interface Standard {
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => unknown;
    readonly jsonSchema: { readonly input: () => Json; readonly output: () => Json };
  };
}

const made = new WeakMap<object, Partial<Record<Io, Standard>>>();

/**
 * A tool's schema as registered, built at its first use: listing it reads the table's JSON when the
 * bundle has one for the tool, and only a check (a call) or a listing outside the bundle builds the
 * zod schema behind it. Made once per tool and side, whatever the number of server instances.
 */
export function listed<S extends Standard>(tool: { name: string }, io: Io, build: () => S): S {
  const known = made.get(tool) ?? {};
  made.set(tool, known);
  const existing = known[io];
  if (existing) return existing as S;
  let schema: S | undefined;
  const built = (): S['~standard'] => (schema ??= build())['~standard'];
  const json = (): Json => builtTable()?.[tool.name]?.[io] ?? built().jsonSchema[io]();
  const copy: Standard = {
    '~standard': {
      version: 1,
      vendor: 'zod',
      validate: (value) => built().validate(value),
      jsonSchema: { input: json, output: json },
    },
  };
  known[io] = copy;
  return copy as S;
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
