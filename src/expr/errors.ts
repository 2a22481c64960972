/** Errors are values: the renderer shows a fallback for one node instead of a blank page. */
export interface ExprError {
  message: string;
  /** JSON pointer (RFC 6901) of the layout value that holds the expression. */
  pointer: string;
  /** 0-based character offset in the source string (the whole layout string for templates). */
  position?: number;
}

export type EvalResult = { ok: true; value: unknown } | { ok: false; error: ExprError };

/** A problem found while parsing or evaluating, before the caller's pointer is attached. */
export interface LocatedError {
  message: string;
  position?: number;
}

/**
 * Thrown inside src/expr only and always caught at the public entry points; it lets the
 * recursive parser and evaluator stop at the first problem without threading results through
 * every call. Nothing outside this folder ever sees it.
 */
export class ExprAbort extends Error {
  readonly position: number | undefined;
  readonly detail: string;
  constructor(detail: string, position?: number) {
    super(position === undefined ? detail : `${detail} at ${position}`);
    this.detail = detail;
    this.position = position;
  }
}

export function abort(detail: string, position?: number): never {
  throw new ExprAbort(detail, position);
}

/** Converts anything caught at an entry point into a located error; never rethrows. */
export function toLocated(caught: unknown): LocatedError {
  if (caught instanceof ExprAbort) {
    return caught.position === undefined
      ? { message: caught.message }
      : { message: caught.message, position: caught.position };
  }
  // A RangeError here would mean a limit is missing somewhere; report it instead of crashing.
  return { message: `Internal error: ${caught instanceof Error ? caught.name : 'unknown'}` };
}

export function withPointer(error: LocatedError, pointer: string): ExprError {
  return error.position === undefined
    ? { message: error.message, pointer }
    : { message: error.message, pointer, position: error.position };
}

/** Quotes a value for an error message without calling any of its methods. */
export function describe(value: unknown): string {
  if (typeof value === 'string')
    return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}...` : value);
  if (
    typeof value === 'number' ||
    typeof value === 'boolean' ||
    value === null ||
    value === undefined
  ) {
    return String(value);
  }
  if (Array.isArray(value)) return 'an array';
  return `a value of type ${typeof value}`;
}

/** `{ message: "<detail> at <position>", position }`, the shape every located problem takes. */
export function located(detail: string, position: number): LocatedError {
  return { message: `${detail} at ${position}`, position };
}
