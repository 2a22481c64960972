/**
 * The one reading of a request's path that every security decision uses (studio auth, the API
 * and page rate limits, static files, pages). The router decodes percent-escapes, so a check that
 * reads the raw URL and a router that reads the decoded one disagree (`/%73tudio/api/...` reached
 * the studio's handlers past a check on the raw text). Here a path is canonical only when it is
 * spelt exactly as the routes are: no escapes, no backslashes, no repeated slashes, no dot
 * segments. The guard (pathGuard.ts) refuses every other spelling before any handler runs, so
 * everything after it can read `canonical` as the path the router sees.
 */
import { posix } from 'node:path';

export interface RequestPath {
  /** The path as sent, without the query. */
  raw: string;
  /** Decoded (twice, so `%2573` is `s` too), `\` as `/`, slashes collapsed, dot segments resolved. */
  normalised: string;
  /** True when `raw` needs no decoding or normalising: the router sees exactly `raw`. */
  canonical: boolean;
}

function decodeSafely(s: string): string {
  let out = s;
  for (let i = 0; i < 2; i++) {
    try {
      out = decodeURIComponent(out);
    } catch {
      break;
    }
  }
  return out;
}

/** Escapes, backslashes, doubled slashes and `.`/`..` segments: any of them makes a spelling non-canonical. */
const NON_CANONICAL = /%|\\|\/\/|\/\.\.?(\/|$)/;

export function readRequestPath(rawUrl: string): RequestPath {
  const q = rawUrl.indexOf('?');
  const raw = q < 0 ? rawUrl : rawUrl.slice(0, q);
  const decoded = decodeSafely(raw)
    .replaceAll('\\', '/')
    .replace(/\/{2,}/g, '/');
  const normalised = posix.normalize(decoded.startsWith('/') ? decoded : `/${decoded}`);
  const canonical = raw.startsWith('/') && !NON_CANONICAL.test(raw) && normalised === raw;
  return { raw, normalised, canonical };
}

/** True when `path` is `area` or below it, compared without letter case (for spotting respellings). */
export function inAreaAnyCase(path: string, area: string): boolean {
  const p = path.toLowerCase();
  const a = area.toLowerCase();
  return p === a || p.startsWith(`${a}/`);
}

/** True when `path` is `area` or below it, spelt exactly. */
export function inArea(path: string, area: string): boolean {
  return path === area || path.startsWith(`${area}/`);
}
