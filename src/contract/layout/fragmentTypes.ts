/** The shapes of a fragment expansion: its result, its issues, where a value came from. */

/** Where an expanded value was written: in the layout (fragment null) or in a fragment file. */
export interface FragmentOrigin {
  /** The fragment file's name, or null for the layout itself. */
  fragment: string | null;
  /** JSON pointer in that file. */
  pointer: string;
  /** The use site in the layout (its outermost `use`) when the value came from a fragment. */
  useSite: string | null;
}

export interface FragmentIssue {
  /** Pointer in the layout: the use site, or the `with` member at fault. */
  pointer: string;
  code: 'unknown-fragment' | 'fragment-param' | 'fragment-recursion' | 'fragment-file';
  message: string;
  /** Set when the problem sits inside a fragment file (a use nested in a fragment, a `$param` there). */
  fragment?: { name: string; pointer: string };
  /** unknown-fragment: the name and the known ones, for a "did you mean" the caller adds. */
  unknown?: { name: string; known: string[] };
}

/** The types a fragment param may declare (the layout type checker's names, src/lint/types/ty.ts). */
export const PARAM_TYPES = ['any', 'boolean', 'text', 'number', 'cents', 'list', 'object'] as const;
export type ParamType = (typeof PARAM_TYPES)[number];

/** A typed param's value, where it landed in the expanded layout. */
export interface ParamSite {
  fragment: string;
  param: string;
  type: ParamType;
}

export interface Expansion {
  /** The layout with every use replaced (the input is never changed). */
  doc: unknown;
  issues: FragmentIssue[];
  /** Did the layout use any fragment? */
  used: boolean;
  /** Where the value at a pointer of the expanded layout was written. */
  origin(pointer: string): FragmentOrigin;
  /** The typed fragment param whose value landed exactly at this pointer of the expanded layout. */
  paramAt(pointer: string): ParamSite | undefined;
}

/** Fragment files by name, as parsed JSON (checked here: a malformed file is an issue, not a throw). */
export type FragmentFiles = Readonly<Record<string, unknown>>;

/** The texts of the fragment issues (re-exported by src/lint/messages.ts, the one catalogue). */
export const FRAGMENT_MESSAGES = {
  'unknown-fragment': (name: string, hint = '') =>
    `unknown fragment "${name}" (no layouts/_fragments/${name}.json)${hint}`,
  'fragment-recursion': (loop: string) =>
    `fragment uses itself (${loop}): a fragment may use others, never in a circle`,
  'fragment-too-deep': (limit: number) => `fragments nest more than ${limit} uses deep`,
  'fragment-file': (name: string, detail: string) => `fragment "${name}" cannot be used: ${detail}`,
  'fragment-param-missing': (name: string, param: string) =>
    `fragment "${name}" needs "${param}" in "with" (declared in its params without a default)`,
  'fragment-param-unknown': (name: string, param: string, declared: string) =>
    `fragment "${name}" has no param "${param}" (declared: ${declared})`,
  'fragment-param-undeclared': (name: string, param: string) =>
    `fragment "${name}" reads param "${param}", which its "params" does not declare`,
  'fragment-use-shape': (key: string) =>
    `a fragment use holds only "use", "with" and "$comment", not "${key}"`,
  'fragment-with-shape': () => `"with" is an object: param name -> value`,
} as const;
