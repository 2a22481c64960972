/**
 * The one reading of a page's query, shared by the server's page writer, the early script, the
 * session reader, the page's bindings and the language switch. A repeated key means
 * its FIRST value everywhere (as URLSearchParams.get reads it): before this, the bindings and the
 * early plan kept the last value while the session reader kept the first, so `?orderId=A&orderId=B`
 * planned one order's request and showed another's page.
 */

/** Query keys to their first value, in a null-prototype object (a key like `__proto__` is data). */
export type PageQuery = Readonly<Record<string, string>>;

export function readPageQuery(search: string): PageQuery {
  const out: Record<string, string> = Object.create(null) as Record<string, string>;
  const text = search.startsWith('?') ? search.slice(1) : search;
  for (const [key, value] of new URLSearchParams(text)) {
    if (!Object.hasOwn(out, key)) out[key] = value;
  }
  return out;
}

/** The query part of a URL or path (`/repay?a=1` -> `?a=1`; none -> ''). */
export function searchOf(url: string): string {
  const at = url.indexOf('?');
  return at < 0 ? '' : url.slice(at);
}
