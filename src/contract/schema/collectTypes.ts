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
