import { produce } from 'immer';
import { describe, expect, it } from 'vitest';
import { getAtPath, LIMITS, parseStatePath, setAtPathDraft } from '../../src/expr';

describe('parseStatePath', () => {
  it('parses names, indexes and quoted keys', () => {
    expect(parseStatePath('a')).toEqual({ ok: true, segments: ['a'] });
    expect(parseStatePath('form.items[2].name')).toEqual({
      ok: true,
      segments: ['form', 'items', 2, 'name'],
    });
    expect(parseStatePath('grid[0][1]')).toEqual({ ok: true, segments: ['grid', 0, 1] });
    expect(parseStatePath(`form["repay-plan"]['x y'].$v_1`)).toEqual({
      ok: true,
      segments: ['form', 'repay-plan', 'x y', '$v_1'],
    });
  });

  it('refuses malformed paths with a readable message', () => {
    expect(parseStatePath('a..b')).toEqual({
      ok: false,
      error: 'Invalid state path "a..b": unexpected "." at 2',
    });
    for (const bad of [
      '',
      '.a',
      'a.',
      'a[',
      'a[01]',
      'a[-1]',
      'a[x]',
      '[0]',
      'a b',
      'a.1',
      'a[1.5]',
      'a]',
    ]) {
      expect(parseStatePath(bad).ok, bad).toBe(false);
    }
    expect(parseStatePath(123 as unknown as string).ok).toBe(false);
  });

  it('refuses forbidden segments, huge indexes and huge paths', () => {
    expect(parseStatePath('a.constructor')).toEqual({
      ok: false,
      error: 'Invalid state path "a.constructor": "constructor" is not allowed at 2',
    });
    expect(parseStatePath(`a[${LIMITS.maxArrayIndex + 1}]`).ok).toBe(false);
    expect(parseStatePath(`a[${LIMITS.maxArrayIndex}]`).ok).toBe(true);
    expect(parseStatePath('a'.repeat(LIMITS.maxStatePathLength + 1)).ok).toBe(false);
    expect(
      parseStatePath(Array.from({ length: LIMITS.maxStatePathSegments + 1 }, () => 'a').join('.'))
        .ok,
    ).toBe(false);
  });
});

describe('getAtPath', () => {
  const state = { form: { items: [{ name: 'x' }], text: 'abc' }, n: null };
  it('reads own data only', () => {
    expect(getAtPath(state, ['form', 'items', 0, 'name'])).toBe('x');
    expect(getAtPath(state, ['form', 'items', '0', 'name'])).toBe('x');
    expect(getAtPath(state, ['form', 'items', 'length'])).toBe(1);
    expect(getAtPath(state, ['form', 'text', 'length'])).toBe(3);
    expect(getAtPath(state, ['form', 'missing', 'deeper'])).toBeUndefined();
    expect(getAtPath(state, ['n', 'x'])).toBeUndefined();
    expect(getAtPath(state, ['form', 'hasOwnProperty'])).toBeUndefined();
    expect(getAtPath(state, [])).toBe(state);
  });
});

describe('setAtPathDraft', () => {
  it('sets values inside an immer producer without touching the base state', () => {
    const base = { form: { amount: 1, items: [{ name: 'a' }] }, other: { keep: true } };
    const next = produce(base, (draft) => {
      setAtPathDraft(draft, ['form', 'amount'], 500);
      setAtPathDraft(draft, ['form', 'items', 0, 'name'], 'b');
      setAtPathDraft(draft, ['form', 'items', 1, 'name'], 'c');
    });
    expect(next).toEqual({
      form: { amount: 500, items: [{ name: 'b' }, { name: 'c' }] },
      other: { keep: true },
    });
    expect(base.form).toEqual({ amount: 1, items: [{ name: 'a' }] });
    expect(next.other).toBe(base.other);
  });

  it('creates plain objects, or arrays before a numeric segment', () => {
    const next = produce({} as Record<string, unknown>, (draft) => {
      setAtPathDraft(draft, ['a', 'b', 2, 'c'], 1);
      setAtPathDraft(draft, ['s', 'x'], 2);
    });
    expect(next).toEqual({ a: { b: [undefined, undefined, { c: 1 }] }, s: { x: 2 } });
    expect(Object.getPrototypeOf(next.a)).toBe(Object.prototype);
  });

  it('replaces a primitive or a non-plain object on the way', () => {
    const target: Record<string, unknown> = { a: 5, d: new Date(0) };
    setAtPathDraft(target, ['a', 'b'], 1);
    setAtPathDraft(target, ['d', 'x'], 2);
    expect(target).toEqual({ a: { b: 1 }, d: { x: 2 } });
  });

  it('refuses non-index keys on arrays and bad segments, changing nothing', () => {
    const target: Record<string, unknown> = { list: [1, 2, 3] };
    expect(() => setAtPathDraft(target, ['list', 'length'], 0)).toThrow(TypeError);
    expect(() => setAtPathDraft(target, ['list', 'foo'], 0)).toThrow(TypeError);
    expect(() => setAtPathDraft(target, ['list', -1], 0)).toThrow(TypeError);
    expect(() => setAtPathDraft(target, ['list', LIMITS.maxArrayIndex + 1], 0)).toThrow(TypeError);
    expect(() => setAtPathDraft(target, ['x', 'y', 'constructor'], 0)).toThrow(TypeError);
    expect(() => setAtPathDraft(target, [], 0)).toThrow(TypeError);
    expect(target).toEqual({ list: [1, 2, 3] });
  });

  it('round-trips with parseStatePath and getAtPath', () => {
    const parsed = parseStatePath('form.items[1].name');
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const next = produce({ form: { items: [] as unknown[] } }, (d) =>
      setAtPathDraft(d, parsed.segments, 'z'),
    );
    expect(getAtPath(next, parsed.segments)).toBe('z');
  });
});
