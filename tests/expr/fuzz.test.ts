import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  analyzeTemplate,
  baseFunctions,
  evaluateExpression,
  evaluateTemplate,
  parseTemplate,
  type EvalResult,
} from '../../src/expr';
import { nodeArbitrary, print, usesForbiddenName, withoutPositions } from './printer';

/**
 * SECURITY case 10 (the expression part): random strings and random trees, evaluated against
 * random scopes that include functions, getters-free exotic objects and keys such as __proto__,
 * never throw, never return a function and never change a prototype. fast-check prints the seed
 * and path of a failure; replay with FUZZ_SEED=<seed>. FUZZ_RUNS raises the run count (2,000 by
 * default; 100,000 in a full run).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 2000);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
const PARAMS: fc.Parameters<unknown> =
  SEED === undefined ? { numRuns: RUNS } : { numRuns: RUNS, seed: SEED };
const TIMEOUT = Math.max(60_000, RUNS * 20);
const P = '/fuzz';

const KEYS = [
  'a',
  'b',
  'data',
  'list',
  's',
  'n',
  'x',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'length',
  '0',
  'cookie',
];

/** Builds an object with defineProperty, so a `__proto__` key is an own data key, as JSON.parse makes it. */
function objectOf(entries: readonly (readonly [string, unknown])[]): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  for (const [k, v] of entries)
    Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
  return o;
}

const keyArb = fc.oneof(fc.constantFrom(...KEYS), fc.string({ maxLength: 6 }));
const valueArb: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { maxDepth: 3, depthSize: 'small' },
    fc.jsonValue({ maxDepth: 2 }),
    fc.anything({
      maxDepth: 2,
      withBigInt: true,
      withDate: true,
      withMap: true,
      withSet: true,
      withNullPrototype: true,
      withBoxedValues: true,
      withSparseArray: true,
      withTypedArray: true,
    }),
    fc.func(fc.integer()),
    fc.string({ maxLength: 20 }),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.array(fc.tuple(keyArb, tie('value')), { maxLength: 5 }).map(objectOf),
  ),
})).value;
const scopeArb = fc.oneof(
  fc.array(fc.tuple(keyArb, valueArb), { maxLength: 8 }).map(objectOf),
  fc.object({ key: keyArb, maxDepth: 2, withNullPrototype: true }),
  fc
    .jsonValue({ maxDepth: 3 })
    .map(
      (v) =>
        JSON.parse(JSON.stringify({ a: v, data: v, list: [v], s: JSON.stringify(v) })) as Record<
          string,
          unknown
        >,
    ),
);

const TOKENS = [
  'a',
  'b',
  'data',
  'list',
  's',
  '.',
  '?.',
  '[',
  ']',
  '(',
  ')',
  '{',
  '}',
  '{{',
  '}}',
  ',',
  ':',
  '?',
  '??',
  '||',
  '&&',
  '!',
  '-',
  '+',
  '*',
  '/',
  '%',
  '<',
  '>=',
  '===',
  '!=',
  '"x"',
  "'y'",
  '1',
  '0.5',
  '1e3',
  'e',
  '__proto__',
  'constructor',
  'prototype',
  'len',
  'sum',
  'map',
  'join',
  'true',
  'null',
  'undefined',
  ' ',
  '\\',
  '"',
  "'",
  '\\u{41}',
  'this',
  'window',
];
const soupArb = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 80 }),
  fc.array(fc.constantFrom(...TOKENS), { maxLength: 40 }).map((t) => t.join('')),
  fc.array(fc.constantFrom(...TOKENS), { maxLength: 30 }).map((t) => `x {{ ${t.join(' ')} }} y`),
);

function prototypeSnapshot(): string {
  return [Object.prototype, Array.prototype, Function.prototype, String.prototype, Number.prototype]
    .map((p) => Reflect.ownKeys(p).map(String).join(','))
    .join('|');
}
const BEFORE = prototypeSnapshot();

function assertSafe(r: EvalResult): void {
  expect(typeof r.ok).toBe('boolean');
  if (r.ok) {
    expect(typeof r.value).not.toBe('function');
  } else {
    expect(typeof r.error.message).toBe('string');
    expect(r.error.pointer).toBe(P);
    // An internal error would mean an exception escaped the language's own checks.
    expect(r.error.message).not.toMatch(/^Internal error/);
  }
  expect(prototypeSnapshot()).toBe(BEFORE);
  expect(({} as Record<string, unknown>).p).toBeUndefined();
}

describe('fuzz: the evaluator never throws, leaks a function or pollutes a prototype', () => {
  it('random syntax trees, printed to source', { timeout: TIMEOUT }, () => {
    fc.assert(
      fc.property(nodeArbitrary, scopeArb, (ast, scope) => {
        const src = print(ast);
        const parsed = parseTemplate(`{{ ${src} }}`);
        if (usesForbiddenName(ast)) {
          expect(parsed.ok).toBe(false);
        } else {
          // The parser reads back exactly the tree that was printed.
          expect(parsed.ok, src).toBe(true);
          const part = parsed.ok
            ? parsed.template.parts.find((p) => p.kind === 'binding')
            : undefined;
          expect(withoutPositions(part?.kind === 'binding' ? part.ast : undefined)).toEqual(
            withoutPositions(ast),
          );
        }
        assertSafe(evaluateExpression(src, scope, baseFunctions, P));
        assertSafe(evaluateTemplate(`[{{ ${src} }}]`, scope, baseFunctions, P));
      }),
      PARAMS,
    );
  });

  it('random strings and token soup', { timeout: TIMEOUT }, () => {
    fc.assert(
      fc.property(soupArb, scopeArb, (src, scope) => {
        assertSafe(evaluateExpression(src, scope, baseFunctions, P));
        assertSafe(evaluateTemplate(src, scope, baseFunctions, P));
        assertSafe(evaluateTemplate(`{{${src}}}`, scope, baseFunctions, P));
        const analysis = analyzeTemplate(`{{${src}}}`);
        expect(Array.isArray(analysis.errors) && Array.isArray(analysis.paths)).toBe(true);
      }),
      PARAMS,
    );
  });
});
