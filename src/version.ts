/** The package version, advertised as the server version and printed by `--version`; the homepage. */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const pkg = require('../package.json') as { version: string; homepage: string };
export const VERSION: string = pkg.version;
/** Where the documentation lives (printed by `--help`). */
export const HOMEPAGE: string = pkg.homepage;
