/**
 * What stops hosted mode's start-up because of the store (a missing package, a schema behind, a bad
 * key file): one line on stderr and exit status 1, like a configuration error. Its text never holds a
 * token or a key.
 */
export class StoreSetupError extends Error {
  override readonly name = 'StoreSetupError';
}
