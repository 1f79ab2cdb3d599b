/**
 * Tools are data (DESIGN.md §4): one declarative object per tool. `tools/register.ts` is the only
 * place that turns these into SDK registrations.
 */
import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import type { ConfirmRequest } from '../../safety/confirm.js';

export interface ToolContext {
  deps: Deps;
  /** The tool's name (log lines). */
  tool: string;
}

export interface ToolDefinition<I extends z.ZodObject = z.ZodObject, O extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  description: string;
  kind: 'read' | 'write';
  /** A sentence of the description that names a write tool, and its read-only replacement (core.md §1.5). */
  readOnlyWording?: { sentence: string; replacement: string };
  /** Write tools only: MCP annotations stated explicitly. */
  destructive?: boolean;
  idempotent?: boolean;
  input: I;
  output: O;
  /** A read returns its result; a confirmed write returns a ConfirmRequest the seam confirms and applies. */
  run(ctx: ToolContext, input: z.output<I>): Promise<z.output<O> | ConfirmRequest<z.output<O>>>;
}

/** Declares a tool, keeping its input and output types linked. */
export function defineTool<I extends z.ZodObject, O extends z.ZodObject>(
  definition: ToolDefinition<I, O>,
): ToolDefinition<I, O> {
  return definition;
}

/** The description a client sees: with writes off, sentences naming write tools are replaced. */
export function describe(tool: ToolDefinition, writesOn: boolean): string {
  const w = tool.readOnlyWording;
  return writesOn || !w ? tool.description : tool.description.replace(w.sentence, w.replacement);
}
