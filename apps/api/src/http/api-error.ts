import type { ErrorCode } from '@portico/contracts';

/**
 * Thrown by a business action to answer a catalogue code. The error handler turns it into the
 * `{ Code, Msg }` envelope with the code's HTTP status; nothing else about it reaches the client.
 */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly detail: string | Record<string, unknown> = code,
  ) {
    super(code);
    this.name = 'ApiError';
  }
}
