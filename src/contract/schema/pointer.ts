/**
 * One JSON pointer segment (RFC 6901: `~` -> `~0`, `/` -> `~1`). Its own file because the
 * renderer's bindings and the layout linter both name nodes by pointer, and the linter must not
 * load the evaluator or React to do it.
 */
export function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}
