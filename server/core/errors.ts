/** Envelope helpers and the error type handlers throw. */
/** An error answered with an HTTP status and an envelope code (never leaks internals). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new ApiError(400, '400', message);
export const unauthorized = (message: string) => new ApiError(401, '401', message);
export const forbidden = (message: string) => new ApiError(403, '403', message);
export const notFound = (message: string) => new ApiError(404, '404', message);
export const tooMany = (message: string) => new ApiError(429, '429', message);

/**
 * A business outcome that is not success but not an HTTP error either (HTTP 200, the app toasts
 * the message): 800005, 800006, promotion codes 101 / 11 / -1, ...
 */
export class BusinessError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}
