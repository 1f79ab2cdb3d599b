/** Every test file under a folder, as paths from the repository's root (the tooling checks' input). */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

export function testFiles(dir = 'test'): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return testFiles(path);
    return e.name.endsWith('.test.ts') ? [path] : [];
  });
}
