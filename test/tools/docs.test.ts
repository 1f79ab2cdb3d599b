/** docs/tools.md is generated from the definitions; `npm run docs` rewrites it (UPDATE_DOCS=1). */
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allTools } from '../../src/tools/index.js';
import { renderToolsDoc } from '../helpers/tools-doc.js';

const PATH = 'docs/tools.md';

describe('docs/tools.md', () => {
  it('matches the tool definitions', () => {
    const want = renderToolsDoc(allTools);
    if (process.env.UPDATE_DOCS === '1') writeFileSync(PATH, want);
    expect(readFileSync(PATH, 'utf8'), 'docs/tools.md is stale: run npm run docs').toBe(want);
    for (const t of allTools) expect(want).toContain(`## \`${t.name}\``);
  });
});
