/**
 * How deep and how big a layout may be, checked on the parsed JSON BEFORE anything recursive
 * looks at it (SECURITY 6). The compiled ajv validators, the semantic linter and the renderer all
 * recurse once per level, so a layout nested a few thousand levels deep overflowed the stack:
 * the server answered 500 instead of the last good version and `npm run validate` crashed.
 * JSON.parse itself is not recursive in V8 and copes with any depth; everything after it must
 * not see such a value. One module, one limit, shared by the browser loader (src/app/shell/loadLayout.ts),
 * the server and the CLI (both through validateLayoutDocument). Imports nothing, so the browser
 * entry pays a few hundred bytes for it.
 *
 * Depth is counted in JSON pointer segments: `/body/0/children/1/text` is 5 levels. The deepest
 * layout shipped (layouts/register.json) reaches 22; each nested widget costs 2 (`children/<i>`),
 * so 64 still allows about 30 widgets inside one another, while the recursion after the check
 * stays a few hundred frames deep at most.
 */

/** Deepest JSON pointer (in segments) a layout value may have. */
export const MAX_LAYOUT_DEPTH = 64;
/** Most JSON values (objects, arrays and scalars, the root included) a layout may hold. */
export const MAX_LAYOUT_VALUES = 100_000;

export interface LayoutLimitIssue {
  code: 'too-deep' | 'too-large';
  /**
   * too-deep: the first container (document order) at the limit that still holds something, so
   * the pointer has exactly `maxDepth` segments. too-large: the container whose members go past.
   */
  pointer: string;
  message: string;
}

/** The catalogue's text for both codes (re-exported by src/lint/messages.ts). */
export const LIMIT_MESSAGES = {
  'too-deep': (limit: number) =>
    `layout nests deeper than ${limit} levels (flatten it or split it into dialogs or screens)`,
  'too-large': (limit: number) => `layout has more than ${limit.toLocaleString('en')} JSON values`,
} as const;

interface Frame {
  value: unknown;
  depth: number;
  parent: Frame | null;
  key: string;
}

function escapeSegment(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Built only for the one value reported, by walking its parents (iteratively). */
function pointerOf(frame: Frame): string {
  const segments: string[] = [];
  for (let f: Frame | null = frame; f && f.parent; f = f.parent)
    segments.push(escapeSegment(f.key));
  return segments.length === 0 ? '' : `/${segments.reverse().join('/')}`;
}

/**
 * The first place where `value` crosses the depth or size limit, or null when it stays within
 * both. Iterative (an explicit stack, never recursion), so it cannot overflow whatever it is
 * given. Values are counted when their container is opened, before they are walked, so the work
 * and the stack stay below `maxValues` even for one array of a million elements.
 */
export function checkLayoutLimits(
  value: unknown,
  limits: { maxDepth?: number; maxValues?: number } = {},
): LayoutLimitIssue | null {
  const maxDepth = limits.maxDepth ?? MAX_LAYOUT_DEPTH;
  const maxValues = limits.maxValues ?? MAX_LAYOUT_VALUES;
  const stack: Frame[] = [{ value, depth: 0, parent: null, key: '' }];
  let seen = 1; // values found so far: walked, or waiting on the stack
  while (stack.length > 0) {
    const frame = stack.pop()!;
    const v = frame.value;
    if (v === null || typeof v !== 'object') continue;
    const keys = Array.isArray(v) ? null : Object.keys(v);
    const size = keys ? keys.length : (v as unknown[]).length;
    if (size === 0) continue;
    // Reported at the deepest container allowed, the one whose members would go one level past.
    if (frame.depth >= maxDepth)
      return {
        code: 'too-deep',
        pointer: pointerOf(frame),
        message: LIMIT_MESSAGES['too-deep'](maxDepth),
      };
    seen += size;
    // Reported at the container whose members go past the limit.
    if (seen > maxValues)
      return {
        code: 'too-large',
        pointer: pointerOf(frame),
        message: LIMIT_MESSAGES['too-large'](maxValues),
      };
    const depth = frame.depth + 1;
    // Pushed last to first, so they come off the stack in document order.
    for (let i = size - 1; i >= 0; i -= 1) {
      const key = keys ? keys[i]! : String(i);
      stack.push({ value: (v as Record<string, unknown>)[key], depth, parent: frame, key });
    }
  }
  return null;
}
