/** Types of screenshots.mjs, for its browser test. */
export const WIDTHS: number[];
export const SCHEMES: string[];
/** Each view: the name of its picture, the tool, its arguments, the state its view reaches when ready. */
export const VIEWS: [string, string, Record<string, unknown>, string][];
export function grid(rows: Buffer[][]): Buffer;
export function write(outDir: string, name: string, png: Buffer): void;
export function renderScreenshots(options?: { outDir?: string; only?: string[] }): Promise<string[]>;
