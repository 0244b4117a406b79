/** Error texts of spec 01 §8, kept in one place so tests and UI use the same strings. */
export const NETWORK_ERROR_MESSAGE = 'Network response was not ok.';
export const NO_RESULTS_MESSAGE = 'No Results Found!';

export const failedToast = (message: string) => `API call failed. ${message}`;

/** A failed call: 400 answers carry the server's message, anything else the network text. */
export class ApiError extends Error {
  override readonly name: string = 'ApiError';
  constructor(
    message: string,
    /** HTTP status, or 0 when no answer arrived. */
    readonly status: number,
    /** A 400's `{ errors: { field: message } }`, for a form to show on its fields. */
    readonly fieldErrors?: Readonly<Record<string, string>>,
    /** Already toasted (a 400's errors, each on its own): no further failure toast. */
    readonly shown = false,
  ) {
    super(message);
  }
}

/** Said when a 404 or 403 answer carries no message of its own. */
export const NOT_FOUND_MESSAGE = 'Not found';
export const FORBIDDEN_MESSAGE = 'You are not allowed to do this';

/**
 * 404: the object does not exist, or it belongs to another customer (the server answers both
 * alike). Asking again cannot help, so screens say 'not found' instead of offering a Retry.
 */
export class NotFoundError extends ApiError {
  override readonly name: string = 'NotFoundError';
  constructor(message = NOT_FOUND_MESSAGE) {
    super(message, 404);
  }
}

/** 403: the signed-in user may not do this; screens say 'not allowed', without a Retry. */
export class ForbiddenError extends ApiError {
  override readonly name: string = 'ForbiddenError';
  constructor(message = FORBIDDEN_MESSAGE) {
    super(message, 403);
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
