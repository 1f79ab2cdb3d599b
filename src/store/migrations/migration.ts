/**
 * A step of the schema: a version (its file's number), a name, and its statements, run in order in
 * the migration's transaction. A migration once released is never edited: a change is a new file.
 * Statements are kept apart (not one text with semicolons) because PGlite's parameterised path runs
 * one statement per call, like pg's.
 */
export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly statements: readonly string[];
}
