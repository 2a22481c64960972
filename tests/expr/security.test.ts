// @vitest-environment jsdom
import { produce } from 'immer';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  baseFunctions,
  evaluateExpression,
  evaluateTemplate,
  getAtPath,
  parseStatePath,
  setAtPathDraft,
  type EvalResult,
  type ExprFunctions,
} from '../../src/expr';

const P = '/body/0/text';

function prototypeKeys(): string[][] {
  return [Object.prototype, Array.prototype, Function.prototype, String.prototype].map((p) =>
    Reflect.ownKeys(p).map(String),
  );
}

/** Error value or undefined, never a function value. */
function expectHarmless(r: EvalResult): void {
  if (r.ok) {
    expect(typeof r.value).not.toBe('function');
    expect(r.value).toBeUndefined();
  } else {
    expect(r.error.pointer).toBe(P);
    expect(r.error.message).not.toMatch(/Internal error/);
  }
}

describe('SECURITY case 3: no way out of the scope', () => {
  const attacks = [
    "constructor.constructor('alert(1)')()",
    "constructor.constructor('alert(1)')",
    'this',
    'window',
    'globalThis',
    'document.cookie',
    'document',
    'a["con"+"structor"]',
    'a["con"+"structor"]["con"+"structor"]("alert(1)")',
    'a.__proto__',
    'a["__proto__"]',
    '__proto__',
    'prototype',
    '"".constructor',
    '[].constructor',
    '({}).constructor',
    'a.b.constructor.prototype',
    'toString',
    'valueOf',
    'hasOwnProperty',
    'x.toString()',
    'a.toString',
    'toString()',
    'alert(1)',
    'eval("1")',
    'Function("return this")()',
    'a?.constructor',
    'a?.["__proto__"]',
    'list.constructor',
    'list["constructor"]',
    'name.constructor',
    'name["__proto__"]',
    'first(list).constructor',
    'f',
    'a.fn',
    'map(fns, "f")[0]',
  ];
  let alertSpy: ReturnType<typeof vi.spyOn>;
  let globalsBefore: string[];
  let cookieBefore: string;

  beforeEach(() => {
    alertSpy = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    globalsBefore = Reflect.ownKeys(globalThis).map(String).sort();
    cookieBefore = document.cookie;
  });
  afterEach(() => {
    alertSpy.mockRestore();
  });

  const fnSpy = vi.fn(() => 'called');
  const scope = {
    a: { b: { c: 1 }, fn: fnSpy },
    x: 1,
    name: 'Ann',
    list: [1, 2],
    f: fnSpy,
    fns: [{ f: fnSpy }],
  };

  it.each(attacks)('%s', (src) => {
    const before = prototypeKeys();
    expectHarmless(evaluateExpression(src, scope, baseFunctions, P));
    expectHarmless(evaluateTemplate(`{{ ${src} }}`, scope, baseFunctions, P));
    const mixed = evaluateTemplate(`x {{ ${src} }}`, scope, baseFunctions, P);
    if (mixed.ok) expect(mixed.value).toBe('x ');
    expect(alertSpy).not.toHaveBeenCalled();
    expect(fnSpy).not.toHaveBeenCalled();
    expect(prototypeKeys()).toEqual(before);
    expect(Reflect.ownKeys(globalThis).map(String).sort()).toEqual(globalsBefore);
    expect(document.cookie).toBe(cookieBefore);
  });

  it('a function in the scope is an error value, not a value', () => {
    const r = evaluateExpression('a.fn', scope, baseFunctions, P);
    expect(r).toEqual({
      ok: false,
      error: { message: 'Property "fn" is a function, not a value at 1', pointer: P, position: 1 },
    });
    expect(evaluateExpression('f', scope, baseFunctions, P)).toMatchObject({ ok: false });
  });

  it('never runs a getter of the scope', () => {
    const getter = vi.fn(() => 'secret');
    const withGetter = Object.defineProperty({ o: {} }, 'g', { get: getter, enumerable: true });
    Object.defineProperty(withGetter.o, 'h', { get: getter, enumerable: true });
    expect(evaluateExpression('g', withGetter, baseFunctions, P)).toEqual({
      ok: true,
      value: undefined,
    });
    expect(evaluateExpression('o.h', withGetter, baseFunctions, P)).toEqual({
      ok: true,
      value: undefined,
    });
    expect(evaluateExpression('map([o], "h")', withGetter, baseFunctions, P)).toEqual({
      ok: true,
      value: [undefined],
    });
    expect(getter).not.toHaveBeenCalled();
  });

  it('never calls valueOf/toString/toPrimitive of a value', () => {
    const hook = vi.fn(() => 1);
    const boxed = {
      v: { valueOf: hook, toString: hook, [Symbol.toPrimitive]: hook },
      d: new Date(0),
    };
    for (const src of [
      'v + 1',
      'v * 2',
      'v < 1',
      '-v',
      '"" + v',
      'number(v)',
      'string(v)',
      'upper(v)',
      'sum([v])',
      'join([v], "")',
      'd + 1',
      'd.getTime',
    ]) {
      const r = evaluateExpression(src, boxed, baseFunctions, P);
      if (r.ok) expect(typeof r.value).not.toBe('function');
    }
    expect(evaluateTemplate('x{{ v }}y', boxed, baseFunctions, P)).toEqual({
      ok: true,
      value: 'xy',
    });
    expect(hook).not.toHaveBeenCalled();
  });

  it('looks up functions as own properties of the table only (plain object or Map)', () => {
    const plain: ExprFunctions = { twice: (x: unknown) => Number(x) * 2 };
    expect(evaluateExpression('twice(2)', plain, plain, P)).toEqual({ ok: true, value: 4 });
    for (const name of [
      'toString',
      'hasOwnProperty',
      'constructor',
      'valueOf',
      '__defineGetter__',
    ]) {
      expect(evaluateExpression(`${name}()`, {}, plain, P)).toMatchObject({ ok: false });
    }
    const map: ExprFunctions = new Map([['twice', (x: unknown) => Number(x) * 2]]);
    expect(evaluateExpression('twice(3)', {}, map, P)).toEqual({ ok: true, value: 6 });
    expect(evaluateExpression('get("twice")', {}, map, P)).toMatchObject({ ok: false });
  });

  it('refuses a function returned by a function, and reports a throwing one', () => {
    const fns: ExprFunctions = {
      leak: () => () => 1,
      boom: () => {
        throw new Error('bad input');
      },
    };
    expect(evaluateExpression('leak()', {}, fns, P)).toMatchObject({
      ok: false,
      error: { message: 'leak() returned a function, which is not a value at 0' },
    });
    expect(evaluateExpression('boom()', {}, fns, P)).toMatchObject({
      ok: false,
      error: { message: 'boom() failed: bad input at 0' },
    });
  });
});

describe('SECURITY case 5: no prototype pollution', () => {
  afterEach(() => {
    expect(({} as Record<string, unknown>).p).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('p');
  });

  it('refuses __proto__/constructor/prototype in state paths', () => {
    for (const path of [
      '__proto__.p',
      'constructor.prototype.p',
      'a.__proto__.p',
      'a["__proto__"].p',
      "a['constructor']",
      'a.prototype',
      'a[0].__proto__',
    ]) {
      const r = parseStatePath(path);
      expect(r.ok, path).toBe(false);
    }
  });

  it('setAtPathDraft never writes through a prototype, plain or inside immer', () => {
    for (const segments of [
      ['__proto__', 'p'],
      ['constructor', 'prototype', 'p'],
      ['a', '__proto__', 'p'],
      ['prototype'],
    ]) {
      const target: Record<string, unknown> = { a: {} };
      expect(() => setAtPathDraft(target, segments, 1)).toThrow(TypeError);
      expect(target).toEqual({ a: {} });
      const base = { a: {} };
      expect(() =>
        produce(base, (d: Record<string, unknown>) => setAtPathDraft(d, segments, 1)),
      ).toThrow(TypeError);
    }
  });

  it('object literals with those keys are error values', () => {
    for (const src of [
      '{"__proto__": {"p": 1}}',
      '{__proto__: {p: 1}}',
      "{'constructor': {prototype: {p: 1}}}",
      '{a: {prototype: {p: 1}}}',
    ]) {
      expect(evaluateExpression(src, {}, baseFunctions, P), src).toMatchObject({ ok: false });
      expect(evaluateTemplate(`{{ ${src} }}`, {}, baseFunctions, P), src).toMatchObject({
        ok: false,
      });
    }
  });

  it('a __proto__ key in server data stays data and is not reachable', () => {
    const data = JSON.parse(
      '{"a": {"__proto__": {"p": 1}, "constructor": {"prototype": {"p": 1}}, "ok": 2}}',
    ) as Record<string, unknown>;
    expect(evaluateExpression('a.ok', data, baseFunctions, P)).toEqual({ ok: true, value: 2 });
    expect(evaluateExpression('a["__proto__"].p', data, baseFunctions, P)).toMatchObject({
      ok: false,
    });
    expect(evaluateExpression('map([a], "__proto__")', data, baseFunctions, P)).toEqual({
      ok: true,
      value: [undefined],
    });
    expect(getAtPath(data, ['a', '__proto__', 'p'])).toBeUndefined();
    expect(getAtPath(data, ['a', 'constructor', 'prototype'])).toBeUndefined();
    const r = evaluateExpression('{copy: a}', data, baseFunctions, P);
    expect(r.ok && Object.getPrototypeOf(r.value)).toBe(Object.prototype);
  });
});
