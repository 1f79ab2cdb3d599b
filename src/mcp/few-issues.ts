/**
 * Argument errors that stay short: a call with a hundred bad items would otherwise get a hundred
 * problems in one message (the SDK joins every issue), filling the agent's context with the same
 * sentence. The first few are named, with the place of each, then how many more there are.
 */

/** How many problems an argument error names before it counts the rest. */
export const NAMED_ISSUES = 5;

/** A problem as Standard Schema reports it (the shape the SDK formats). */
interface Issue {
  readonly message: string;
  readonly path?: readonly unknown[] | undefined;
}
type Issues = readonly Issue[];

/** The first problems, then one that says how many were left out. */
export function fewer(issues: Issues): Issues {
  if (issues.length <= NAMED_ISSUES) return issues;
  const rest = issues.length - NAMED_ISSUES;
  return [
    ...issues.slice(0, NAMED_ISSUES),
    { message: `and ${rest} more problem${rest === 1 ? '' : 's'} of the same call` },
  ];
}

/** A schema as the SDK takes it (Standard Schema): only its `~standard` is read. */
interface Standard {
  readonly '~standard': { readonly validate: (value: unknown) => unknown };
}

const made = new WeakMap<object, object>();

/**
 * The tool's input schema as the SDK sees it: the same JSON Schema and the same parsing, its issues cut
 * down to the first few. Made once per schema (every server instance shares it).
 */
export function withFewIssues<S extends Standard>(schema: S): S {
  const known = made.get(schema);
  if (known) return known as S;
  const standard = schema['~standard'];
  const validate = async (value: unknown) => {
    const result = (await standard.validate(value)) as { issues?: Issues };
    return result.issues ? { issues: fewer(result.issues) } : result;
  };
  const copy = { '~standard': { ...standard, validate } } as unknown as S;
  made.set(schema, copy);
  return copy;
}
