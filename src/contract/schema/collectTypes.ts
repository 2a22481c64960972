/**
 * Every node `type` in a layout value (body, dialogs, data-source states), however deep. Pure,
 * so the app (to load widget chunks) and the server (to preload them) share it. Action types
 * come along too; callers keep only the names they know as widgets.
 */
export function collectTypes(value: unknown, out = new Set<string>(), depth = 0): Set<string> {
  if (depth > 200) return out; // a pathological tree is refused by the depth check elsewhere
  if (Array.isArray(value)) for (const v of value) collectTypes(v, out, depth + 1);
  else if (value !== null && typeof value === 'object') {
    const type = (value as { type?: unknown }).type;
    if (typeof type === 'string') out.add(type);
    for (const v of Object.values(value))
      if (v !== null && typeof v === 'object') collectTypes(v, out, depth + 1);
  }
  return out;
}

/**
 * Whether a layout shows rich text given as HTML: only such a layout needs the HTML sanitiser's
 * chunk (DOMPurify), which the server then preloads; plain rich text never loads it.
 */
export function hasHtmlRichText(value: unknown, depth = 0): boolean {
  if (depth > 200 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => hasHtmlRichText(v, depth + 1));
  const node = value as { type?: unknown; html?: unknown };
  if (node.type === 'rich-text' && typeof node.html === 'string' && node.html !== '') return true;
  return Object.values(value).some((v) => hasHtmlRichText(v, depth + 1));
}
