/** Walks a JSON Schema and lists the properties that have no description (a model sees every one). */
type Schema = Record<string, unknown>;

export function undescribed(
  schema: Schema,
  path = '',
  root: Schema = schema,
  exempt = new Set<string>(),
): string[] {
  const missing: string[] = [];
  const visit = (node: unknown, at: string): void => {
    if (!node || typeof node !== 'object') return;
    const s = node as Schema;
    if (typeof s.$ref === 'string') {
      const name = s.$ref.split('/').pop() ?? '';
      const defs = (root.$defs ?? root.definitions ?? {}) as Record<string, unknown>;
      visit(defs[name], at);
    }
    for (const [key, child] of Object.entries((s.properties ?? {}) as Record<string, Schema>)) {
      const p = at ? `${at}.${key}` : key;
      if (!exempt.has(p) && typeof child.description !== 'string') missing.push(p);
      visit(child, p);
    }
    for (const k of ['anyOf', 'allOf', 'oneOf'] as const)
      for (const c of (s[k] as unknown[]) ?? []) visit(c, at);
    if (s.items) visit(s.items, `${at}[]`);
    if (s.additionalProperties && typeof s.additionalProperties === 'object')
      visit(s.additionalProperties, `${at}{}`);
  };
  visit(schema, path);
  return missing;
}
