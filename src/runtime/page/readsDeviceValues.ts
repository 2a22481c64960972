import type { LayoutDocument } from '@kopa/contract';

/** `local` as a word: local.x, local['x'], get(local, 'x'). A plain text that says "local" counts too (harmless). */
const LOCAL_WORD = /(^|[^\w$.])local\b/;

/**
 * Whether a page can read the values kept on the device (local.* in its bindings, or persisted
 * state paths restored at start). A page that cannot does not touch localStorage when it starts:
 * the browser's first access opens the storage area, some 6 ms on a slow phone before the first
 * screen. Errs towards reading: any string of the layout with the word counts.
 */
export function readsDeviceValues(layout: LayoutDocument): boolean {
  if ((layout.persist?.length ?? 0) > 0) return true;
  // An explicit stack: a layout is within the depth limits, but this never recurses anyway.
  const stack: unknown[] = [layout];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === 'string') {
      // The plain search first: the pattern's scan of every string cost ~2 ms on a 4x slower CPU.
      if (value.includes('local') && LOCAL_WORD.test(value)) return true;
    } else if (Array.isArray(value)) {
      for (const item of value) stack.push(item);
    } else if (value !== null && typeof value === 'object') {
      for (const item of Object.values(value)) stack.push(item);
    }
  }
  return false;
}
