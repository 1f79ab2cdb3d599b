/**
 * The two kinds of expected failure:
 * - `AppError`: a tool's own validation or outcome error; its text reaches the agent verbatim.
 * - `ClientError`: a client-layer error (YNAB HTTP status, pacing, token, unreachable YNAB, base URL,
 *   path segment); the agent reads it as `Error calling tool '{tool}': {message}`.
 */
export class AppError extends Error {
  override readonly name = 'AppError';
}

export class ClientError extends Error {
  override readonly name = 'ClientError';
  /** The HTTP status YNAB answered, when the error is a YNAB answer (logged at WARNING, without names). */
  readonly status: number | undefined;
  constructor(message: string, status?: number) {
    super(message);
    this.status = status;
  }
}
