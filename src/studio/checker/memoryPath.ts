/**
 * `node:path` for the checker in the studio's Web Worker (aliased in scripts/build/studio.ts):
 * POSIX joins, enough for the paths @kopa/lint builds; a missing part (import.meta.dirname in a
 * worker) counts as empty.
 */
export function join(...parts: Array<string | undefined>): string {
  return parts.filter((p): p is string => typeof p === 'string' && p !== '').join('/');
}

export function dirname(path: string): string {
  const at = path.lastIndexOf('/');
  return at <= 0 ? (at === 0 ? '/' : '.') : path.slice(0, at);
}
