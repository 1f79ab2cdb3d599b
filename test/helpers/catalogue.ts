/**
 * The server's tool catalogue, read from the tool definitions (`src/tools/index.ts`, the one list of
 * tools): a tool added there is in every list here, so no test keeps a list of names by hand.
 */
import { allTools } from '../../src/tools/index.js';

export const READ_TOOLS: readonly string[] = allTools.filter((t) => t.kind === 'read').map((t) => t.name);
/** What tools/list shows without AVENIR_MCP_WRITE: the read tools, and the rule writes, which change no YNAB data. */
export const LISTED_WITHOUT_WRITES: readonly string[] = allTools
  .filter((t) => t.kind === 'read' || ('keepsToServer' in t && t.keepsToServer === true))
  .map((t) => t.name);
export const WRITE_TOOLS: readonly string[] = allTools.filter((t) => t.kind === 'write').map((t) => t.name);
export const CATALOGUE: ReadonlySet<string> = new Set(allTools.map((t) => t.name));
