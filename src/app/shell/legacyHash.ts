/**
 * Old links use hash routes (#/borrowDetail/?x=1). They land on the matching path with the
 * query kept (contract section 1). Returns the new path+query, or null when nothing to do.
 */
export function legacyHashTarget(
  hash: string,
  search: string,
  table: Readonly<Record<string, string>>,
  pathOf: (key: string) => string | undefined,
): string | null {
  if (!hash.startsWith('#/')) return null;
  const [rawPath = '', rawQuery = ''] = hash.slice(1).split('?');
  const path = rawPath.length > 1 ? rawPath.replace(/\/+$/, '') : rawPath;
  if (!Object.hasOwn(table, path)) return null;
  const target = pathOf(table[path] ?? '');
  if (!target) return null;
  const query = new URLSearchParams(search);
  for (const [k, v] of new URLSearchParams(rawQuery)) query.set(k, v);
  const qs = query.toString();
  return qs ? `${target}?${qs}` : target;
}
