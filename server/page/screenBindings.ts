/**
 * The first screen's bindings, parsed on the server: every layout string with a
 * `{{ }}` binding, as the app's own parser reads it (src/expr/template.ts). The page carries them
 * in a `kopa-bindings` JSON block for a layout this server checked, and the app takes them into
 * its parse cache (adoptParsedTemplates), so a phone does not tokenize and parse some 65 strings
 * before its first render. Computed once per layout version and language, with the page
 * (server/page/appShell.ts).
 *
 * A string that does not parse is left out (the app finds the same error and reports it where it
 * is used), and so is one whose tree would not survive JSON unchanged (an `undefined` or an
 * infinite literal): the app parses those itself.
 */
import { isDeepStrictEqual } from 'node:util';
import { hasBindings, parseTemplate, type Template } from '@kopa/expr';

export function screenBindingsOf(doc: unknown): Record<string, Template> {
  const out: Record<string, Template> = {};
  // An explicit stack: a served layout is within the depth limits, but this never recurses anyway.
  const stack: unknown[] = [doc];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === 'string') {
      if (!hasBindings(value) || Object.hasOwn(out, value)) continue;
      const parsed = parseTemplate(value);
      if (
        parsed.ok &&
        isDeepStrictEqual(JSON.parse(JSON.stringify(parsed.template)), parsed.template)
      )
        out[value] = parsed.template;
    } else if (Array.isArray(value)) {
      stack.push(...value);
    } else if (value !== null && typeof value === 'object') {
      stack.push(...Object.values(value));
    }
  }
  return out;
}
