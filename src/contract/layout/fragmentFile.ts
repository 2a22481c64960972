/**
 * A fragment file read as the expansion needs it (its params and its body), checked as it is read:
 * a malformed file is a sentence saying why, never a throw. Also the small shape tests the
 * expansion uses on any value (a use, a `$param`).
 */
import { PARAM_TYPES, type FragmentOrigin, type ParamType } from './fragmentTypes';

export interface ParsedFragment {
  params: Map<string, { hasDefault: boolean; default: unknown; type?: ParamType }>;
  body: unknown;
}

export const escape = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

export function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** `{ "use": "name", ... }`: any object whose `use` is a string. */
export function isUse(v: unknown): v is Record<string, unknown> & { use: string } {
  return isObject(v) && typeof v.use === 'string';
}

export function isParamRef(v: unknown): v is { $param: string } {
  return (
    isObject(v) &&
    typeof v.$param === 'string' &&
    Object.keys(v).every((k) => k === '$param' || k === '$comment')
  );
}

export function parseFragment(file: unknown): ParsedFragment | string {
  if (!isObject(file)) return 'the file is not a JSON object';
  if (!Object.hasOwn(file, 'fragment')) return 'the file has no "fragment" member';
  for (const key of Object.keys(file)) {
    if (!['fragment', 'params', '$comment', '$schema'].includes(key))
      return `unknown member "${key}" (allowed: fragment, params, $comment)`;
  }
  const params: ParsedFragment['params'] = new Map();
  if (file.params !== undefined) {
    if (!isObject(file.params)) return '"params" is an object: name -> { description, default }';
    for (const [p, decl] of Object.entries(file.params)) {
      if (!isObject(decl))
        return `param "${p}" is an object ({ "description": "...", "type": "...", "default": ... })`;
      const extra = Object.keys(decl).find(
        (k) => !['description', 'type', 'default', '$comment'].includes(k),
      );
      if (extra !== undefined)
        return `param "${p}" has unknown member "${extra}" (allowed: description, type, default)`;
      const type = decl.type;
      if (type !== undefined && !(PARAM_TYPES as readonly unknown[]).includes(type))
        return `param "${p}" has type ${JSON.stringify(type)} (allowed: ${PARAM_TYPES.join(', ')})`;
      params.set(p, {
        hasDefault: Object.hasOwn(decl, 'default'),
        default: decl.default,
        ...(type === undefined ? {} : { type: type as ParamType }),
      });
    }
  }
  return { params, body: file.fragment };
}

/** The origin one step further in: `segment` appended to its pointer. */
export const at = (src: FragmentOrigin, segment: string): FragmentOrigin => ({
  ...src,
  pointer: `${src.pointer}/${segment}`,
});
