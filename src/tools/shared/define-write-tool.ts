/**
 * Confirmed write tools: defineWriteTool adds what every one of them shares, so that no tool declares it —
 * the `confirmation` parameter, the result fields `status`, `message`, `confirmation` (and
 * `operation_id` when the write is journaled), and the sentence that tells the agent a preview waits
 * for the user. A tool declares only its own parameters and result fields, in the order shown.
 */
import { z } from 'zod';
import type { ConfirmRequest } from '../../safety/confirm.js';
import { defineConfirmedWrite, type ToolContext, type WriteTool } from './define-tool.js';
import type { NameParams } from './names.js';
import { DATA_NOTE } from './schemas.js';
import {
  confirmationField,
  confirmationParam,
  messageField,
  operationIdField,
  statusField,
} from './write-schemas.js';

/** Where a description says that the user confirms: defineWriteTool puts the shared sentence there. */
export const PREVIEW = Symbol('the preview sentence');

/**
 * Short, since every write tool repeats it: the result's message says what to do with the preview, and
 * the guide how confirmation works.
 */
const PREVIEW_SENTENCE = 'On request; they confirm a preview.';

type Common<U extends boolean> = { status: z.ZodType<string>; message: typeof messageField } & {
  confirmation: typeof confirmationField;
} & (U extends true ? { operation_id: typeof operationIdField } : object);

export type WriteInput<I extends z.ZodRawShape> = z.ZodObject<I & { confirmation: typeof confirmationParam }>;
export type WriteOutput<O extends z.ZodRawShape, U extends boolean> = z.ZodObject<O & Common<U>>;

export interface WriteToolSpec<I extends z.ZodRawShape, O extends z.ZodRawShape, U extends boolean> {
  name: string;
  title: string;
  /** Sentences, joined with spaces; `PREVIEW` stands for the shared sentence. */
  description: readonly (string | typeof PREVIEW)[];
  /** The answer shows payees or memos: the description ends with the data note (default true). */
  mentionsBankText?: boolean;
  readOnlyWording?: { sentence: string; replacement: string };
  /** Rules docs/tools.md shows and tools/list leaves out (see ToolCommon). */
  rules?: string;
  /** The parameters that also take a name (see ToolCommon). */
  names?: NameParams;
  destructive: boolean;
  idempotent: boolean;
  /** Changes only what this server keeps, no YNAB data (see WriteTool.keepsToServer). */
  keepsToServer?: boolean;
  /** Journaled: the result carries `operation_id`. */
  undoable: U;
  /** The tool's own parameters; `confirmation` is added last. Built at the tool's first use. */
  input: () => I;
  /** The tool's own result fields, between `message` and `confirmation`. Built at the tool's first use. */
  output: () => O;
  /** A `status` with more values than the shared four (reconcile_account's difference_found), built at first use. */
  status?: () => z.ZodType<string>;
  run(
    ctx: ToolContext,
    input: z.output<WriteInput<I>>,
  ): Promise<z.output<WriteOutput<O, U>> | ConfirmRequest<z.output<WriteOutput<O, U>>>>;
}

export function defineWriteTool<I extends z.ZodRawShape, O extends z.ZodRawShape, U extends boolean>(
  spec: WriteToolSpec<I, O, U>,
): WriteTool<WriteInput<I>, WriteOutput<O, U>> {
  const bankText = spec.mentionsBankText ?? true;
  return defineConfirmedWrite({
    name: spec.name,
    title: spec.title,
    description: [
      ...spec.description.map((s) => (s === PREVIEW ? PREVIEW_SENTENCE : s)),
      ...(bankText ? [DATA_NOTE] : []),
    ].join(' '),
    ...(spec.readOnlyWording ? { readOnlyWording: spec.readOnlyWording } : {}),
    ...(spec.rules ? { rules: spec.rules } : {}),
    ...(spec.names ? { names: spec.names } : {}),
    destructive: spec.destructive,
    idempotent: spec.idempotent,
    ...(spec.keepsToServer ? { keepsToServer: true } : {}),
    input: () => z.strictObject({ ...spec.input(), confirmation: confirmationParam }),
    output: () =>
      z.strictObject({
        status: spec.status?.() ?? statusField,
        message: messageField,
        ...spec.output(),
        confirmation: confirmationField,
        ...(spec.undoable ? { operation_id: operationIdField } : {}),
      }) as unknown as WriteOutput<O, U>,
    run: (ctx, input) => spec.run(ctx, input),
  });
}

/** The result type of a confirmed write with these own fields. */
export type WriteResult<O extends z.ZodRawShape, U extends boolean> = z.output<WriteOutput<O, U>>;
