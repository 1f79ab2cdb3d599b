/**
 * What an npm install put on disk, read back for the package tests: the packages npm recorded in
 * `node_modules/.package-lock.json`, the ones reached from a list of names, and the bytes used.
 */
import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface Recorded {
  version: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

/** The packages npm installed under `nodeModules`, by their path (`node_modules/a/node_modules/b`). */
export function installedPackages(nodeModules: string): Record<string, Recorded> {
  return (
    JSON.parse(readFileSync(join(nodeModules, '.package-lock.json'), 'utf8')) as {
      packages: Record<string, Recorded>;
    }
  ).packages;
}

/**
 * The paths of the packages `names` need, each dependency resolved as Node resolves it (the nearest
 * `node_modules` upwards). An installed package missing from the answer is one nothing loads.
 */
export function reachedFrom(installed: Record<string, Recorded>, names: readonly string[]): Set<string> {
  const reached = new Set<string>();
  const visit = (from: string, name: string, optional: boolean): void => {
    for (let dir = from; ;) {
      const at = `${dir ? `${dir}/` : ''}node_modules/${name}`;
      const found = installed[at];
      if (found) {
        if (reached.has(at)) return;
        reached.add(at);
        for (const dep of Object.keys(found.dependencies ?? {})) visit(at, dep, false);
        for (const dep of Object.keys(found.optionalDependencies ?? {})) visit(at, dep, true);
        return;
      }
      if (!dir) {
        if (optional) return;
        throw new Error(`${name}, which ${from || 'the install'} needs, is not installed`);
      }
      dir = dir.includes('/node_modules/') ? dir.slice(0, dir.lastIndexOf('/node_modules/')) : '';
    }
  };
  for (const name of names) visit('', name, false);
  return reached;
}

/** Every file's size under a folder, added up: the same figure on every file system. */
export function bytesUnder(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    total += entry.isDirectory() ? bytesUnder(path) : lstatSync(path).size;
  }
  return total;
}
