/** The YNAB API shapes: defined in the domain (pure types), re-exported for the client. */
export type * from '../domain/model.js';
