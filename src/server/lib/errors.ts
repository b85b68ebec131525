import { ERROR_STATUS, type ErrorCode } from "../../contract/errors";

/**
 * The one error type services throw (DESIGN.md §3). `onError` in app.ts turns it into the JSON
 * envelope with the status of `ERROR_STATUS[code]`.
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.status = ERROR_STATUS[code];
  }
}

export const notFound = (what = "Not found") => new AppError("NOT_FOUND", what);
