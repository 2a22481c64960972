/**
 * The types of the expression functions (docs/expressions.md, "Functions"): what each takes and
 * gives. `sum` adds numbers, `money` formats integer cents, `cents` reads a money input's text,
 * list functions take lists. tests/unit/typeCheck.test.ts fails when a function has no entry.
 */
import type { Node } from '@kopa/expr';
import { ANY, bool, list, num, objectOf, one, present, text, union, type Alt, type Ty } from './ty';

/** A problem with one argument: the alternative at fault and what the function wanted. */
export interface ArgProblem {
  arg: number;
  alt: Alt;
  wants: string;
  fix?: string;
}

type Sig = (args: Ty[], nodes: readonly Node[], problem: (p: ArgProblem) => void) => Ty;

const DISPLAY = 'formatted for display';
const displayText = (name: string) => () => text([`${name}(...)`], DISPLAY);

/** Alternatives of `ty` of a kind in `kinds`. */
const altsOf = (ty: Ty, ...kinds: Alt['t']['k'][]): Alt[] =>
  ty.alts.filter((a) => kinds.includes(a.t.k));

/** Complains about an argument that is not a list (or text, when `orText`). */
function wantList(
  args: Ty[],
  i: number,
  problem: (p: ArgProblem) => void,
  name: string,
  orText = false,
): void {
  const arg = args[i];
  if (!arg) return;
  const bad = altsOf(arg, 'object', 'number', 'boolean', ...(orText ? [] : (['text'] as const)))[0];
  if (bad)
    problem({ arg: i, alt: bad, wants: `${name}() takes a list${orText ? ' or text' : ''}` });
}

/** The element type of a list argument. */
function itemOf(ty: Ty | undefined): Ty {
  const lists = (ty?.alts ?? []).filter((a) => a.t.k === 'list');
  if (lists.length === 0) return ANY;
  return union(...lists.map((a) => (a.t.k === 'list' ? a.t.item() : ANY)));
}

/** The type of field `name` of an item type (objects only). */
function fieldOf(ty: Ty, name: string): Ty {
  const out: Ty[] = [];
  for (const a of ty.alts) {
    if (a.t.k === 'object') out.push(a.t.field(name) ?? ANY);
    else if (a.t.k === 'any') out.push(ANY);
  }
  return out.length === 0 ? ANY : union(...out);
}

const literalText = (node: Node | undefined): string | undefined =>
  node?.type === 'Literal' && typeof node.value === 'string' ? node.value : undefined;

/** The number fields of an item type, money first: what sum(list, field) could add instead. */
function numberFields(item: Ty): string[] {
  const out: string[] = [];
  for (const a of item.alts) {
    if (a.t.k !== 'object') continue;
    const t = a.t;
    const fields = t.names().filter((n) => t.field(n)?.alts.some((x) => x.t.k === 'number'));
    out.push(
      ...fields.filter((n) => t.field(n)?.alts.some((x) => x.t.k === 'number' && x.t.cents)),
      ...fields,
    );
  }
  return [...new Set(out)];
}

/** Numbers that sum() reads: anything but text, objects and lists. */
function wantNumbers(
  values: Ty,
  item: Ty,
  field: string | undefined,
  problem: (p: ArgProblem) => void,
): void {
  const bad = altsOf(values, 'text', 'object', 'list', 'boolean')[0];
  if (!bad) return;
  const instead = field === undefined ? [] : numberFields(item);
  const fix =
    bad.t.k === 'text' && bad.t.fix
      ? bad.t.fix
      : instead.length > 0
        ? `sum(..., '${instead[0]}') (its number fields: ${instead.slice(0, 4).join(', ')})`
        : undefined;
  problem({
    arg: field === undefined ? 0 : 1,
    alt: bad,
    wants: 'sum() adds numbers',
    ...(fix ? { fix } : {}),
  });
}

const allCents = (ty: Ty): boolean =>
  ty.alts.some((a) => a.t.k === 'number' && a.t.cents) &&
  ty.alts.every((a) => (a.t.k === 'number' && a.t.cents) || a.t.k === 'null' || a.t.k === 'any');

const listFn =
  (name: string, orText = false): Sig =>
  (args, _n, problem) => {
    wantList(args, 0, problem, name, orText);
    return args[0] ?? ANY;
  };

export const SIGNATURES: Readonly<Record<string, Sig>> = {
  len: (args, _n, problem) => (wantList(args, 0, problem, 'len', true), num(['len(...)'])),
  sum: (args, nodes, problem) => {
    wantList(args, 0, problem, 'sum');
    const field = literalText(nodes[1]);
    const item = itemOf(args[0]);
    const values = field === undefined ? item : fieldOf(item, field);
    wantNumbers(values, item, field, problem);
    return num(['sum(...)'], allCents(values));
  },
  join: (args, _n, problem) => (wantList(args, 0, problem, 'join'), text(['join(...)'])),
  upper: () => text(['upper(...)']),
  lower: () => text(['lower(...)']),
  trim: () => text(['trim(...)']),
  digits: () => text(['digits(...)']),
  contains: (args, _n, problem) => (
    wantList(args, 0, problem, 'contains', true),
    bool(['contains(...)'])
  ),
  first: (args, _n, problem) => (wantList(args, 0, problem, 'first', true), itemOf(args[0])),
  last: (args, _n, problem) => (wantList(args, 0, problem, 'last', true), itemOf(args[0])),
  filter: listFn('filter'),
  filterIn: listFn('filterIn'),
  slice: listFn('slice', true),
  find: (args, _n, problem) => (wantList(args, 0, problem, 'find'), itemOf(args[0])),
  map: (args, nodes, problem) => {
    wantList(args, 0, problem, 'map');
    const field = literalText(nodes[1]);
    const item = itemOf(args[0]);
    return list(() => (field === undefined ? ANY : fieldOf(item, field)), ['map(...)']);
  },
  count: (args, _n, problem) => (wantList(args, 0, problem, 'count'), num(['count(...)'])),
  default: (args) => union(present(args[0] ?? ANY), args[1] ?? ANY),
  not: () => bool(['not(...)']),
  number: (args, nodes) => {
    // A number read from a money or number input's text is in money units: cents() reads it as cents.
    const typed = (args[0]?.alts ?? []).find((a) => a.t.k === 'text' && a.t.fix);
    if (typed?.t.k === 'text' && typed.t.what)
      return one(
        {
          k: 'number',
          typed: { what: typed.t.what, ...(typed.t.fix ? { fix: typed.t.fix } : {}) },
        },
        [`number(${nodes[0] ? '...' : ''})`, ...typed.chain],
      );
    return num(['number(...)']);
  },
  string: () => text(['string(...)']),
  round: (args) => num(['round(...)'], allCents(args[0] ?? ANY)),
  abs: (args) => num(['abs(...)'], allCents(args[0] ?? ANY)),
  min: (args) =>
    num(
      ['min(...)'],
      args.length > 0 &&
        args.every((a) => allCents(a.alts.some((x) => x.t.k === 'list') ? itemOf(a) : a)),
    ),
  max: (args) =>
    num(
      ['max(...)'],
      args.length > 0 &&
        args.every((a) => allCents(a.alts.some((x) => x.t.k === 'list') ? itemOf(a) : a)),
    ),
  isEmpty: () => bool(['isEmpty(...)']),
  toObject: (args, _n, problem) => (
    wantList(args, 0, problem, 'toObject'),
    objectOf(
      () => ANY,
      () => [],
      ['toObject(...)'],
    )
  ),
  merge: () =>
    objectOf(
      () => ANY,
      () => [],
      ['merge(...)'],
    ),
  pick: () =>
    objectOf(
      () => ANY,
      () => [],
      ['pick(...)'],
    ),
  omit: () =>
    objectOf(
      () => ANY,
      () => [],
      ['omit(...)'],
    ),
  keys: () => list(() => text(), ['keys(...)']),
  entries: () =>
    list(
      () =>
        objectOf(
          (n) => (n === 'key' ? text() : n === 'value' ? ANY : undefined),
          () => ['key', 'value'],
        ),
      ['entries(...)'],
    ),
  money: (args, _n, problem) => {
    const bad = altsOf(args[0] ?? ANY, 'text', 'object', 'list', 'boolean')[0];
    if (bad)
      problem({
        arg: 0,
        alt: bad,
        wants: 'money() formats integer cents',
        ...(bad.t.k === 'text' && bad.t.fix ? { fix: `money(${bad.t.fix})` } : {}),
      });
    return text(['money(...)'], DISPLAY);
  },
  date: displayText('date'),
  datetime: displayText('datetime'),
  currency: displayText('currency'),
  cents: () => union(num(['cents(...)'], true), one({ k: 'null' }, ['cents(...)'])),
  t: () => text(['t(...)']),
};
