/**
 * The types of the layout language (docs/layouts.md "Types"). A value's type is a set
 * of alternatives, each with the chain of names that produced it ("computed.payAmount <-
 * state.amountInput"), so a mismatch is reported with where the wrong alternative came from,
 * not only where it was used. Objects and lists are lazy: a response schema is read only as far
 * as a binding follows it.
 */

export type Base =
  | { k: 'any' }
  | { k: 'null' }
  | { k: 'boolean' }
  /**
   * cents: integer minor units (a response or request field described so, sum of them, cents()).
   * typed: read with number() from text the borrower typed, so in money units, not cents.
   */
  | { k: 'number'; cents?: boolean; typed?: { what: string; fix?: string } }
  /** what: why it is text when that matters ("a money input's text"); fix: the expression to write instead. */
  | { k: 'text'; what?: string; fix?: string }
  | { k: 'list'; item: () => Ty }
  /** field: undefined for a name the object does not have (unknown-field says it); open: any name. */
  | { k: 'object'; field: (name: string) => Ty | undefined; names: () => string[] };

export interface Alt {
  readonly t: Base;
  /** The names the value came through, outermost first ("computed.payAmount", "state.amountInput"). */
  readonly chain: readonly string[];
}

export interface Ty {
  readonly alts: readonly Alt[];
  /** Set when the value may be absent because a response schema does not require it: why. */
  readonly optional?: string;
  /** The part that may be absent when it is not the whole value (a binding inside a mixed text). */
  readonly absent?: string;
}

/** The kinds a schema (valueType, a request field) or a fragment param can ask for (one list, kept by the fragments). */
export { PARAM_TYPES as TYPE_NAMES, type ParamType as TypeName } from '@kopa/contract';
import type { ParamType as TypeName } from '@kopa/contract';

export const ANY: Ty = { alts: [{ t: { k: 'any' }, chain: [] }] };

export const one = (t: Base, chain: readonly string[] = []): Ty => ({ alts: [{ t, chain }] });
export const text = (chain: readonly string[] = [], what?: string, fix?: string): Ty =>
  one({ k: 'text', ...(what ? { what } : {}), ...(fix ? { fix } : {}) }, chain);
export const num = (chain: readonly string[] = [], cents = false): Ty =>
  one(cents ? { k: 'number', cents } : { k: 'number' }, chain);
export const bool = (chain: readonly string[] = []): Ty => one({ k: 'boolean' }, chain);
export const list = (item: () => Ty, chain: readonly string[] = []): Ty =>
  one({ k: 'list', item }, chain);

const sameBase = (a: Base, b: Base): boolean =>
  a.k === b.k &&
  (a.k !== 'number' || (b.k === 'number' && Boolean(a.cents) === Boolean(b.cents))) &&
  a.k !== 'text' &&
  a.k !== 'list' &&
  a.k !== 'object';

/** One of several values (a conditional's branches, ?? and ||): the alternatives of each. */
export function union(...tys: Ty[]): Ty {
  const alts: Alt[] = [];
  for (const ty of tys)
    for (const alt of ty.alts) if (!alts.some((a) => sameBase(a.t, alt.t))) alts.push(alt);
  const optional = tys.find((t) => t.optional)?.optional;
  return optional ? { alts, optional } : { alts };
}

/** The same type, each alternative's chain starting with `name` (a computed value read by name). */
export function through(ty: Ty, name: string): Ty {
  return {
    ...ty,
    alts: ty.alts.map((a) => ({ ...a, chain: [name, ...a.chain.filter((c) => c !== name)] })),
  };
}

/** The type without its "may be absent" (after a fallback: default(), ??, ||). */
export const present = (ty: Ty): Ty => ({
  alts:
    ty.alts.filter((a) => a.t.k !== 'null').length > 0
      ? ty.alts.filter((a) => a.t.k !== 'null')
      : ty.alts,
});

export function isAny(ty: Ty): boolean {
  return ty.alts.some((a) => a.t.k === 'any');
}

/** How a type reads in a message: "text (a money input's text)", "integer cents", "a list". */
export function baseName(t: Base): string {
  switch (t.k) {
    case 'any':
      return 'any value';
    case 'null':
      return 'null';
    case 'boolean':
      return 'a boolean';
    case 'number':
      return t.cents
        ? 'integer cents'
        : t.typed
          ? `a number (read from ${t.typed.what}, not cents)`
          : 'a number';
    case 'text':
      return t.what ? `text (${t.what})` : 'text';
    case 'list':
      return 'a list';
    case 'object':
      return 'an object';
  }
}

export const EXPECTED_NAMES: Readonly<Record<TypeName, string>> = {
  any: 'any value',
  boolean: 'a boolean',
  text: 'text',
  number: 'a number',
  cents: 'integer cents',
  list: 'a list',
  object: 'an object',
};

/** The kinds each expected type refuses outright (null is allowed everywhere: "no value"). */
const REFUSED: Readonly<Record<TypeName, readonly Base['k'][]>> = {
  any: [],
  // A list is always true, even when empty; an object that is always there too (checked below).
  boolean: ['list'],
  // An object or a list shows as nothing.
  text: ['list', 'object'],
  number: ['list', 'object', 'boolean'],
  cents: ['list', 'object', 'boolean', 'text'],
  list: ['object', 'text', 'number', 'boolean'],
  object: ['list', 'text', 'number', 'boolean'],
};

/** The first alternative of `ty` that `expected` refuses, if any. */
export function mismatch(expected: TypeName, ty: Ty): Alt | undefined {
  const refused = REFUSED[expected];
  const bad = ty.alts.find(
    (a) => refused.includes(a.t.k) || (expected === 'cents' && a.t.k === 'number' && a.t.typed),
  );
  if (bad) return bad;
  // An object that cannot be absent is always true: a condition on it never changes.
  if (expected === 'boolean' && !ty.optional && ty.alts.length === 1)
    return ty.alts.find((a) => a.t.k === 'object');
  return undefined;
}

/** The type a JSON value written in a layout has (a literal, or a state or computed declaration). */
export function ofJson(value: unknown, label: string, nullIs: 'any' | 'null' = 'null'): Ty {
  if (value === null || value === undefined)
    return nullIs === 'any' ? ANY : one({ k: 'null' }, [label]);
  if (typeof value === 'boolean') return bool([label]);
  if (typeof value === 'number') return num([label]);
  if (typeof value === 'string') return text([label]);
  if (Array.isArray(value))
    return list(
      () =>
        value.length > 0 ? union(...value.map((v, i) => ofJson(v, `${label}[${i}]`, nullIs))) : ANY,
      [label],
    );
  const obj = value as Record<string, unknown>;
  return one(
    {
      k: 'object',
      field: (n) => (Object.hasOwn(obj, n) ? ofJson(obj[n], `${label}.${n}`, nullIs) : undefined),
      names: () => Object.keys(obj),
    },
    [label],
  );
}

/**
 * The type with the fields at `paths` (and the objects holding them) present: a data source's or
 * an http action's `requires` (the screen shows its error state, or onError runs, without them).
 */
export function withRequired(ty: Ty, paths: readonly (readonly string[])[]): Ty {
  if (paths.length === 0) return ty;
  const alts = ty.alts.map((a): Alt => {
    const t = a.t;
    if (t.k !== 'object') return a;
    const field = (name: string): Ty | undefined => {
      const f = t.field(name);
      const under = paths.filter((p) => p[0] === name);
      if (!f || under.length === 0) return f;
      return withRequired(
        { alts: f.alts },
        under.map((p) => p.slice(1)).filter((p) => p.length > 0),
      );
    };
    return { ...a, t: { ...t, field } };
  });
  return { ...ty, alts };
}

/** An object whose fields are given by a function (data.*, computed.*, a response). */
export function objectOf(
  field: (name: string) => Ty | undefined,
  names: () => string[],
  chain: readonly string[] = [],
): Ty {
  return one({ k: 'object', field, names }, chain);
}
