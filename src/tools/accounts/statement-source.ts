/**
 * Where compare_statement gets a statement: its text in the call (what a client relays of a file the
 * person attached), or, from a server on the person's own computer (stdio), a file inside the one
 * folder AVENIR_MCP_FILES_DIR names. A path is taken only there: resolved with every link followed,
 * it must still lie inside the folder, so that no link leads out of it.
 */
import { realpath, stat, readFile } from 'node:fs/promises';
import { relative, isAbsolute, resolve, sep } from 'node:path';
import type { Config } from '../../config.js';
import { AppError } from '../../domain/errors.js';

/** The most text a call may carry: a month or two of lines, which a model can relay. */
export const TEXT_LIMIT = 200 * 1024;
/** The largest statement file read from the folder. */
export const FILE_LIMIT = 20 * 1024 * 1024;

const kb = (n: number): string => `${Math.ceil(n / 1024)} kB`;

/** A file's bytes as text: UTF-8 when they are, else Windows-1252 (what many banks still export). */
function decode(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

async function fromPath(config: Config, path: string): Promise<string> {
  if (config.transport !== 'stdio')
    throw new AppError(
      'statement_path is read only by a server running on your own computer (stdio): give the statement’s text in statement instead.',
    );
  if (config.filesDir === null)
    throw new AppError(
      'statement_path needs AVENIR_MCP_FILES_DIR, the folder statements may be read from: set it in the server’s configuration, or give the statement’s text in statement.',
    );
  const outside = new AppError(
    `statement_path must name a file inside the folder AVENIR_MCP_FILES_DIR names (${config.filesDir}): nothing was read.`,
  );
  let folder: string;
  let file: string;
  try {
    folder = await realpath(config.filesDir);
    file = await realpath(isAbsolute(path) ? path : resolve(folder, path));
  } catch {
    throw new AppError(`No file ${path} in AVENIR_MCP_FILES_DIR: nothing was read.`);
  }
  const inside = relative(folder, file);
  if (inside === '' || inside.startsWith(`..${sep}`) || inside === '..' || isAbsolute(inside)) throw outside;
  const info = await stat(file);
  if (!info.isFile()) throw new AppError(`${path} is not a file: nothing was read.`);
  if (info.size > FILE_LIMIT)
    throw new AppError(
      `${path} is ${Math.ceil(info.size / 1024 / 1024)} MB, over the 20 MB a statement may be: nothing was compared.`,
    );
  return decode(await readFile(file));
}

/** The statement's text from the call's `statement` or `statement_path` (exactly one). */
export async function statementText(
  config: Config,
  statement: string | null,
  path: string | null,
): Promise<string> {
  if (statement !== null && path !== null)
    throw new AppError('Give the statement once: its text in statement, or statement_path, not both.');
  if (path !== null) return fromPath(config, path);
  if (statement === null)
    throw new AppError(
      'Give the statement: the text of the file in statement (or, with a local server, statement_path).',
    );
  const size = Buffer.byteLength(statement, 'utf8');
  if (size > TEXT_LIMIT)
    throw new AppError(
      `The statement is ${kb(size)}, over the 200 kB one call can carry: nothing was compared. Give a month or two at a time, or, with a server on your own computer, put the file in the folder AVENIR_MCP_FILES_DIR names and give statement_path.`,
    );
  return statement;
}
