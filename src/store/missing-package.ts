/**
 * The store's engines are optional peer dependencies (only hosted mode needs them, and npm leaves an
 * optional peer out of a default install): each is loaded with `import()` when the store opens, and a
 * missing one stops start-up with a line saying what to install.
 */
import { StoreSetupError } from './errors.js';

export async function loadPackage<T>(name: string, load: () => Promise<T>, why: string): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') throw error;
    throw new StoreSetupError(
      `${why} needs the package ${name}, which is not installed: run \`npm install ${name}\` beside avenir-mcp (or \`npm install -g ${name}\` for a global install).`,
    );
  }
}
