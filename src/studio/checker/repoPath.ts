/**
 * Where a path the checker asks for sits in the repository: from its last `schemas` or `layouts`
 * segment on. The checker builds its paths from its own folder (import.meta.dirname, absent in a
 * worker), so only that tail names the file.
 */
export function repoPath(path: string): string {
  const parts = path.split('/').filter((p) => p !== '' && p !== '.' && p !== '..');
  const at = Math.max(parts.lastIndexOf('schemas'), parts.lastIndexOf('layouts'));
  return at < 0 ? parts.join('/') : parts.slice(at).join('/');
}
