import type { FieldErrors } from '@shared/api/validation';

/** An error with an HTTP status that the error handler answers as `{ message, errors? }`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldErrors,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (what = 'Not found') => new HttpError(404, what);
export const forbidden = (what = 'You are not allowed to do this') => new HttpError(403, what);
export const unauthorized = (what = 'Authentication required') => new HttpError(401, what);
export const badRequest = (errors: FieldErrors, message = 'Validation failed') =>
  new HttpError(400, message, errors);
