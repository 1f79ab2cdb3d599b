/**
 * A JSON value that is an object with named fields: not null, not an array. The one test the
 * schema outline, the text rendering and the HTTP edge share, each reading parsed JSON.
 */
export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
