/**
 * Tools are data: one declarative object per tool. A read tool returns its result; a write tool is
 * either confirmed (it returns a `ConfirmRequest` mcp/register.ts confirms and applies) or applied at once.
 * `register.ts` is the only place that turns these into SDK registrations.
 *
 * A definition gives its zod schemas as functions, and the tool builds them at their first use. Every
 * process starts by listing its tools, and the list comes from JSON Schemas computed when the CLI is
 * bundled (listed-schemas.ts): building forty tools' zod schemas up front took about a tenth of a
 * fresh process's start, for parameters that are checked only once a tool is called.
 */
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import type { MoneyText } from '../../domain/money.js';
import type { ConfirmRequest } from '../../safety/confirm.js';
import { withLentReads } from '../../ynab/lent-reads.js';
import { resolveNames, type NameParams } from './names.js';
import type { Chart, OwnView } from './view-data.js';

export interface ToolContext {
  deps: Deps;
  /** The tool's name (log lines). */
  tool: string;
  /** How this call writes amounts in its texts: the decimals of its plan's currency. */
  money: MoneyText;
}

interface ToolCommon<I extends z.ZodObject, O extends z.ZodObject> {
  name: string;
  title: string;
  description: string;
  /** A sentence of the description that names a write tool, and its replacement when writes are off. */
  readOnlyWording?: { sentence: string; replacement: string };
  /**
   * The rules of the tool that `tools/list` leaves out because a refusal says them when they apply
   * (what cannot change, what is refused), or that only explain a result: docs/tools.md shows them
   * after the description, so that a reader of the reference still finds every one.
   */
  rules?: string;
  /** The parameters that take an account, category, group or payee id and so also its name (names.ts). */
  names?: NameParams;
  /** The parameters, built at the first read. */
  readonly input: I;
  /** The result, built at the first read. */
  readonly output: O;
}

export interface ReadTool<
  I extends z.ZodObject = z.ZodObject,
  O extends z.ZodObject = z.ZodObject,
> extends ToolCommon<I, O> {
  kind: 'read';
  /** The chart a host that renders MCP Apps draws of the result (absent: none). */
  chart?: Chart;
  /** A view of its own a host that renders MCP Apps shows with the result (absent: none). */
  view?: OwnView;
  run(ctx: ToolContext, input: z.output<I>): Promise<z.output<O>>;
}

export interface WriteTool<
  I extends z.ZodObject = z.ZodObject,
  O extends z.ZodObject = z.ZodObject,
> extends ToolCommon<I, O> {
  kind: 'write';
  /** MCP annotations, stated explicitly for every write. */
  destructive: boolean;
  idempotent: boolean;
  /**
   * The user confirms a preview first (defineWriteTool): the tool takes a `confirmation` parameter,
   * and a host that renders Apps shows its approval card.
   */
  confirmed: boolean;
  /**
   * Changes only what this server keeps (the household's rules), never YNAB: listed whether or not
   * AVENIR_MCP_WRITE=1 (register.ts), still previewed and confirmed.
   */
  keepsToServer?: boolean;
  /** A confirmed write may return a ConfirmRequest; an immediate one (approve, import) never does. */
  run(ctx: ToolContext, input: z.output<I>): Promise<z.output<O> | ConfirmRequest<z.output<O>>>;
}

export type ToolDefinition = ReadTool | WriteTool;

/** The functions that build a tool's schemas. */
interface Builders<T extends ToolDefinition> {
  input: () => T['input'];
  output: () => T['output'];
}

/** What a definition gives: the tool's fields, with its schemas as the functions that build them. */
type Spec<T extends ToolDefinition, Fixed extends keyof T> = Omit<T, 'input' | 'output' | Fixed> &
  Builders<T>;

/** The tool's run, with ids in place of the names its declared parameters give (names.ts). */
function withNames(tool: ToolDefinition, names: NameParams, kind: 'read' | 'write'): ToolDefinition['run'] {
  const run = tool.run.bind(tool) as (ctx: ToolContext, input: Record<string, unknown>) => Promise<never>;
  return (ctx: ToolContext, input: Record<string, unknown>) => {
    let resolved = input;
    return withLentReads(
      async () => void (resolved = await resolveNames(ctx.deps, kind, names, input)),
      () => run(ctx, resolved),
    );
  };
}

/** The definition with `input` and `output` as properties that build their schema once, when first read. */
function withSchemas<T extends ToolDefinition>(spec: Builders<T>, fixed: Partial<T>): T {
  let input: T['input'] | undefined;
  let output: T['output'] | undefined;
  const { input: buildInput, output: buildOutput, ...fields } = spec;
  const named = fields as unknown as ToolDefinition;
  const kind = fixed.kind as ToolDefinition['kind'];
  const run = named.names === undefined ? {} : { run: withNames(named, named.names, kind) };
  return Object.defineProperties(
    { ...fields, ...fixed, ...run },
    {
      input: { get: () => (input ??= buildInput()), enumerable: true },
      output: { get: () => (output ??= buildOutput()), enumerable: true },
    },
  ) as unknown as T;
}

/**
 * `fresh: true` reads the plan from YNAB rather than within the freshness window (src/ynab/freshness.ts,
 * ended by mcp/fresh-reads.ts). Added here to every read tool that takes a plan, without a description:
 * the guide explains it once, instead of twenty descriptions in every tools/list.
 */
const withFresh = <I extends z.ZodObject>(input: I): I =>
  'plan_id' in input.shape ? (input.extend({ fresh: z.boolean().optional() }) as unknown as I) : input;

/** Declares a read tool, keeping its input and output types linked. */
export function defineReadTool<I extends z.ZodObject, O extends z.ZodObject>(
  definition: Spec<ReadTool<I, O>, 'kind'>,
): ReadTool<I, O> {
  const { input } = definition;
  return withSchemas<ReadTool<I, O>>({ ...definition, input: () => withFresh(input()) }, { kind: 'read' });
}

/** Declares a write applied at once, without a preview (approving, importing). */
export function defineImmediateWrite<I extends z.ZodObject, O extends z.ZodObject>(
  definition: Spec<WriteTool<I, O>, 'kind' | 'confirmed'>,
): WriteTool<I, O> {
  return withSchemas<WriteTool<I, O>>(definition, { kind: 'write', confirmed: false });
}

/** Declares a write the user confirms: for defineWriteTool, which adds the `confirmation` parameter. */
export function defineConfirmedWrite<I extends z.ZodObject, O extends z.ZodObject>(
  definition: Spec<WriteTool<I, O>, 'kind' | 'confirmed'>,
): WriteTool<I, O> {
  return withSchemas<WriteTool<I, O>>(definition, { kind: 'write', confirmed: true });
}

/** The description a client sees: with writes off, sentences naming write tools are replaced. */
export function describe(tool: ToolDefinition, writesOn: boolean): string {
  const w = tool.readOnlyWording;
  return writesOn || !w ? tool.description : tool.description.replace(w.sentence, w.replacement);
}
