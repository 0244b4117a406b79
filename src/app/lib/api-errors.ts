/** Error texts of spec 01 §8, kept in one place so tests and UI use the same strings. */
export const NETWORK_ERROR_MESSAGE = 'Network response was not ok.';
export const NO_RESULTS_MESSAGE = 'No Results Found!';

export const failedToast = (message: string) => `API call failed. ${message}`;

/** A failed call: 400 answers carry the server's message, anything else the network text. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    /** HTTP status, or 0 when no answer arrived. */
    readonly status: number,
  ) {
    super(message);
  }
}

/** An answer whose body is not the JSON it should be. */
export class InvalidJsonError extends Error {
  override readonly name = 'InvalidJsonError';
  constructor(readonly detail: string) {
    super(`Failed to parse JSON: ${detail}`);
  }
}

export const isAbortError = (error: unknown): boolean =>
  error instanceof Error && error.name === 'AbortError';
