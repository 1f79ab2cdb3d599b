/**
 * Tools are data: one declarative object per tool. A read tool returns its result; a write tool is
 * either confirmed (it returns a `ConfirmRequest` the seam confirms and applies) or applied at once.
 * `register.ts` is the only place that turns these into SDK registrations.
 */
import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import type { ConfirmRequest } from '../../safety/confirm.js';

export interface ToolContext {
  deps: Deps;
  /** The tool's name (log lines). */
  tool: string;
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
  input: I;
  output: O;
}

export interface ReadTool<
  I extends z.ZodObject = z.ZodObject,
  O extends z.ZodObject = z.ZodObject,
> extends ToolCommon<I, O> {
  kind: 'read';
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
  /** A confirmed write may return a ConfirmRequest; an immediate one (approve, import) never does. */
  run(ctx: ToolContext, input: z.output<I>): Promise<z.output<O> | ConfirmRequest<z.output<O>>>;
}

export type ToolDefinition = ReadTool | WriteTool;

/** Declares a read tool, keeping its input and output types linked. */
export function defineReadTool<I extends z.ZodObject, O extends z.ZodObject>(
  definition: Omit<ReadTool<I, O>, 'kind'>,
): ReadTool<I, O> {
  return { ...definition, kind: 'read' };
}

/** Declares a write applied at once, without a preview (approving, importing). */
export function defineImmediateWrite<I extends z.ZodObject, O extends z.ZodObject>(
  definition: Omit<WriteTool<I, O>, 'kind'>,
): WriteTool<I, O> {
  return { ...definition, kind: 'write' };
}

/** The description a client sees: with writes off, sentences naming write tools are replaced. */
export function describe(tool: ToolDefinition, writesOn: boolean): string {
  const w = tool.readOnlyWording;
  return writesOn || !w ? tool.description : tool.description.replace(w.sentence, w.replacement);
}
