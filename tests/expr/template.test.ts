import { describe, expect, it } from 'vitest';
import {
  baseFunctions,
  evaluateExpression,
  evaluateParsed,
  evaluateTemplate,
  hasBindings,
  LIMITS,
  parseTemplate,
  toText,
  type ExprFunctions,
} from '../../src/expr';

const P = '/pages/home/body/2/label';

describe('parseTemplate', () => {
  it('tells literal, single and mixed strings apart', () => {
    const kind = (s: string): string | undefined => {
      const r = parseTemplate(s);
      return r.ok ? r.template.kind : undefined;
    };
    expect(kind('Apply now')).toBe('literal');
    expect(kind('a }} b {')).toBe('literal');
    expect(kind('{{ x }}')).toBe('single');
    expect(kind(' \n{{x}}\t ')).toBe('single');
    expect(kind('{{ x }}!')).toBe('mixed');
    expect(kind('{{ x }}{{ y }}')).toBe('mixed');
  });

  it('keeps the text and the expression positions of each part', () => {
    const r = parseTemplate('Hi {{ name }}, you owe {{ money(total) }}.');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(
      r.template.parts.map((p) => (p.kind === 'text' ? p.text : `[${p.source}@${p.start}]`)),
    ).toEqual(['Hi ', '[ name @5]', ', you owe ', '[ money(total) @25]', '.']);
  });

  it('returns parse errors as values carrying the pointer and position', () => {
    expect(parseTemplate('Pay {{ (1 + 2)) }}', P)).toEqual({
      ok: false,
      error: { message: 'Unexpected token ")" at 14', pointer: P, position: 14 },
    });
  });

  it('caches by source: a re-render does not re-parse', () => {
    const a = parseTemplate('cached {{ a.b }}');
    const b = parseTemplate('cached {{ a.b }}', '/another/place');
    expect(a.ok && b.ok && a.template === b.template).toBe(true);
    // The same broken string at two places reports each place.
    const e1 = parseTemplate('{{ ( }}', '/one');
    const e2 = parseTemplate('{{ ( }}', '/two');
    expect(!e1.ok && e1.error.pointer).toBe('/one');
    expect(!e2.ok && e2.error.pointer).toBe('/two');
  });

  it('keeps the cache bounded', () => {
    const first = parseTemplate('{{ evicted }}');
    for (let i = 0; i <= LIMITS.cacheSize; i++) parseTemplate(`{{ filler${i} }}`);
    const again = parseTemplate('{{ evicted }}');
    expect(first.ok && again.ok && first.template !== again.template).toBe(true);
    // Recently used entries survive.
    const hot = parseTemplate('{{ hot }}');
    for (let i = 0; i < LIMITS.cacheSize - 10; i++) {
      parseTemplate(`{{ other${i} }}`);
      if (i % 100 === 0) parseTemplate('{{ hot }}');
    }
    const hotAgain = parseTemplate('{{ hot }}');
    expect(hot.ok && hotAgain.ok && hot.template === hotAgain.template).toBe(true);
  });

  it('does not cache very long strings', () => {
    const long = `{{ a }}${'x'.repeat(LIMITS.maxCachedSourceLength)}`;
    const a = parseTemplate(long);
    const b = parseTemplate(long);
    expect(a.ok && b.ok && a.template !== b.template).toBe(true);
  });
});

describe('evaluateTemplate', () => {
  const scope = {
    data: { plan: { amountMax: 5000, days: [7, 14] } },
    state: { total: 1250.5 },
    flag: false,
  };
  const fns: ExprFunctions = {
    ...baseFunctions,
    money: (x: unknown) => `TZS ${Number(x).toFixed(2)}`,
  };

  it('gives raw values for a single binding and text for mixed strings', () => {
    expect(evaluateTemplate('{{ data.plan.amountMax }}', scope, fns, P)).toEqual({
      ok: true,
      value: 5000,
    });
    expect(evaluateTemplate('{{ data.plan.days }}', scope, fns, P)).toEqual({
      ok: true,
      value: [7, 14],
    });
    expect(evaluateTemplate('{{ flag }}', scope, fns, P)).toEqual({ ok: true, value: false });
    expect(evaluateTemplate('Total {{ money(state.total) }} ({{ flag }})', scope, fns, P)).toEqual({
      ok: true,
      value: 'Total TZS 1250.50 (false)',
    });
    expect(evaluateTemplate('Days: {{ data.plan.days }}', scope, fns, P)).toEqual({
      ok: true,
      value: 'Days: ',
    });
  });

  it('returns a literal string untouched', () => {
    expect(evaluateTemplate('50% off {not a binding}', scope, fns, P)).toEqual({
      ok: true,
      value: '50% off {not a binding}',
    });
  });

  it('reports evaluation errors with the pointer and the position in the whole string', () => {
    expect(evaluateTemplate('Max: {{ data.nope.x }}', scope, fns, P)).toEqual({
      ok: false,
      error: { message: 'Cannot read "x" of undefined at 17', pointer: P, position: 17 },
    });
    expect(evaluateTemplate('{{ money2(1) }}', scope, fns, P)).toMatchObject({
      ok: false,
      error: { message: 'Unknown function "money2" at 3' },
    });
  });

  it('passes non-string values through for untyped callers', () => {
    const value: unknown = 42;
    expect(evaluateTemplate(value as string, scope, fns, P)).toEqual({ ok: true, value: 42 });
  });

  it('evaluates an already parsed template', () => {
    const r = parseTemplate('{{ state.total * 2 }}');
    expect(r.ok).toBe(true);
    if (r.ok) expect(evaluateParsed(r.template, scope, fns, P)).toEqual({ ok: true, value: 2501 });
  });

  it('object literal results are plain objects with only data keys', () => {
    const r = evaluateTemplate(
      '{{ {amount: state.total, "the-days": data.plan.days} }}',
      scope,
      fns,
      P,
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(Object.getPrototypeOf(r.value)).toBe(Object.prototype);
    expect(r.value).toEqual({ amount: 1250.5, 'the-days': [7, 14] });
  });
});

describe('evaluateExpression and helpers', () => {
  it('evaluates an expression without braces; positions count from its start', () => {
    expect(evaluateExpression('a > 1 && b', { a: 2, b: 'yes' }, baseFunctions, P)).toEqual({
      ok: true,
      value: 'yes',
    });
    expect(evaluateExpression('a +* 1', {}, baseFunctions, P)).toEqual({
      ok: false,
      error: { message: 'Unexpected token "*" at 3', pointer: P, position: 3 },
    });
    expect(evaluateExpression(undefined as unknown as string, {}, baseFunctions, P)).toMatchObject({
      ok: false,
    });
  });

  it('hasBindings', () => {
    expect(hasBindings('a {{ b }}')).toBe(true);
    expect(hasBindings('a { b }')).toBe(false);
  });

  it('toText shows numbers and booleans, hides the rest', () => {
    expect([
      toText('a'),
      toText(1.5),
      toText(true),
      toText(null),
      toText(undefined),
      toText({}),
      toText([1]),
    ]).toEqual(['a', '1.5', 'true', '', '', '', '']);
  });
});

// The page may carry the first screen's bindings parsed by the server.
describe('adoptParsedTemplates', () => {
  it('uses a template parsed elsewhere instead of parsing the string again; skips anything not shaped like one', async () => {
    const { adoptParsedTemplates } = await import('../../src/expr');
    // A tree that the parser would never make for its string: seeing its value proves it is the one used.
    const adopted = {
      source: '{{ adoptTest1 }}',
      kind: 'single',
      parts: [
        {
          kind: 'binding',
          source: ' adoptTest1 ',
          start: 2,
          ast: { type: 'Literal', value: 42, pos: 3 },
        },
      ],
    };
    const taken = adoptParsedTemplates({
      '{{ adoptTest1 }}': adopted,
      '{{ adoptTest2 }}': { source: 'another string', kind: 'single', parts: [] },
      '{{ adoptTest3 }}': {
        source: '{{ adoptTest3 }}',
        kind: 'single',
        parts: [{ kind: 'binding', ast: null }],
      },
      'no binding': { source: 'no binding', kind: 'literal', parts: [] },
    });
    expect(taken).toBe(1);
    expect(evaluateTemplate('{{ adoptTest1 }}', { adoptTest1: 1 }, baseFunctions, P)).toEqual({
      ok: true,
      value: 42,
    });
    expect(evaluateTemplate('{{ adoptTest2 }}', { adoptTest2: 2 }, baseFunctions, P)).toEqual({
      ok: true,
      value: 2,
    });
    expect(evaluateTemplate('{{ adoptTest3 }}', { adoptTest3: 3 }, baseFunctions, P)).toEqual({
      ok: true,
      value: 3,
    });
    expect(adoptParsedTemplates(null)).toBe(0);
    expect(adoptParsedTemplates(['{{ x }}'])).toBe(0);
  });
});
