/**
 * "Did you mean" hints for names a layout got wrong: the closest known names by edit distance,
 * and the whole list when it is short enough to read in one line.
 */

/** Edit distance (insert, delete, replace, swap of neighbours), capped: far names are not hints. */
function distance(a: string, b: string): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row: number[] = [i];
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const prev = rows[i - 1] ?? [];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, (rows[i - 2]?.[j - 2] ?? 0) + 1);
      row.push(d);
    }
    rows.push(row);
  }
  return rows[a.length]?.[b.length] ?? Infinity;
}

/** Lists this long or shorter are printed in full after the hint. */
const LIST_IN_FULL = 12;

/** The known names closest to `name` (case-insensitive), best first; none when nothing is close. */
export function closest(name: string, known: Iterable<string>): string[] {
  const lower = name.toLowerCase();
  const limit = Math.max(1, Math.floor(name.length / 3));
  const scored = [...new Set(known)]
    .map((k) => ({ k, d: distance(lower, k.toLowerCase()) }))
    .filter((s) => s.d <= limit)
    .sort((x, y) => x.d - y.d || x.k.localeCompare(y.k));
  return scored.slice(0, 3).map((s) => s.k);
}

/** ` (did you mean "x"?; allowed: a, b, c)`, or '' when there is nothing useful to say. */
export function hint(name: string, known: Iterable<string>): string {
  const list = [...new Set(known)].sort();
  const near = closest(name, list);
  const parts: string[] = [];
  if (near.length > 0) parts.push(`did you mean ${near.map((n) => `"${n}"`).join(' or ')}?`);
  if (list.length > 0 && list.length <= LIST_IN_FULL) parts.push(`allowed: ${list.join(', ')}`);
  return parts.length > 0 ? ` (${parts.join('; ')})` : '';
}
