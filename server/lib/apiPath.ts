/**
 * The API's rate limit and routing must agree on what is an API call. The router decodes
 * percent-escapes (`/%76exed/...` reaches `/vexed/...`), so the limiter decides on a normalised
 * path: decoded, backslashes as slashes, repeated slashes collapsed, dot segments resolved,
 * lower case. Anything that normalises into the API but is not spelt canonically is refused.
 */
import { posix } from 'node:path';

function decodeSafely(s: string): string {
  let out = s;
  // Twice: a double-encoded `%2576` must not slip past as "not the API" either.
  for (let i = 0; i < 2; i++) {
    try { out = decodeURIComponent(out); } catch { break; }
  }
  return out;
}

export function normalisedPath(rawUrl: string): string {
  const path = rawUrl.split('?', 1)[0] ?? '';
  const decoded = decodeSafely(path).replaceAll('\\', '/').replace(/\/{2,}/g, '/');
  return posix.normalize(decoded.startsWith('/') ? decoded : `/${decoded}`).toLowerCase();
}

export function isApiPath(rawUrl: string, prefix: string): boolean {
  const p = normalisedPath(rawUrl);
  const pre = prefix.toLowerCase();
  return p === pre || p.startsWith(`${pre}/`);
}

/** True when the raw path is exactly how the API spells its routes (no escapes, dots, doubles, case). */
export function isCanonicalApiPath(rawUrl: string, prefix: string): boolean {
  const path = rawUrl.split('?', 1)[0] ?? '';
  return path.startsWith(`${prefix}/`) && !/%|\\|\/\/|\/\.\.?(\/|$)/.test(path);
}
