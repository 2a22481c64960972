import { describe, expect, it, vi } from 'vitest';
import { baseFunctionNames, baseFunctions, evaluateExpression, LIMITS } from '../../src/expr';

const P = '/f';
const ev = (src: string, scope: Record<string, unknown> = {}): unknown => {
  const r = evaluateExpression(src, scope, baseFunctions, P);
  return r.ok ? r.value : { error: r.error.message };
};

describe('baseFunctions', () => {
  it('is the documented list, frozen, with no prototype', () => {
    expect([...baseFunctionNames].sort()).toEqual(
      [
        'abs',
        'contains',
        'count',
        'default',
        'filter',
        'first',
        'isEmpty',
        'join',
        'last',
        'len',
        'lower',
        'map',
        'max',
        'min',
        'not',
        'number',
        'round',
        'slice',
        'string',
        'sum',
        'trim',
        'digits',
        'upper',
        'filterIn',
        'toObject',
        'merge',
        'pick',
        'omit',
        'entries',
        'keys',
        'find',
      ].sort(),
    );
    expect(Object.getPrototypeOf(baseFunctions)).toBeNull();
    expect(Object.isFrozen(baseFunctions)).toBe(true);
    expect(ev('now()')).toEqual({ error: 'Unknown function "now" at 0' });
  });

  it('handles the edge cases of each function', () => {
    expect(
      ev('sum(items, "a")', { items: [{ a: 1 }, null, 'x', { a: '2.5' }, { a: {} }, { b: 1 }] }),
    ).toBe(3.5);
    expect(ev('sum(5)')).toBe(0);
    expect(ev('join([1, null, "a", {}, true])')).toBe('1,,a,,true');
    expect(ev('upper(5)')).toBe('5');
    expect(ev('lower(null)')).toBe('');
    expect(ev('contains("abc", {})')).toBe(false);
    expect(ev('contains(5, 5)')).toBe(false);
    expect(ev('first([])')).toBeUndefined();
    expect(ev('first("xy")')).toBe('x');
    expect(ev('last(5)')).toBeUndefined();
    expect(ev('count(items, "paid")', { items: [{ paid: true }, { paid: false }, {}] })).toBe(1);
    // An absent field, undefined and null are one value; a non-object item never matches.
    expect(
      ev('filter(items, "k", undefined)', {
        items: [{ k: 1 }, {}, 2, { k: undefined }, { k: null }, null],
      }),
    ).toEqual([{}, { k: undefined }, { k: null }]);
    expect(ev('map(5, "a")')).toEqual([]);
    expect(ev('number(true)')).toBe(1);
    expect(ev('number("")')).toBeNaN();
    expect(ev('round(2.345, 2)')).toBe(2.35);
    expect(ev('round(-1.005, 2)')).toBe(-1.01);
    expect(ev('round(1e21, 2)')).toBe(1e21);
    expect(ev('round(5e-7, 6)')).toBe(0.000001);
    expect(ev('round(-0.4)')).toBe(0);
    expect(ev('min()')).toBeUndefined();
    expect(ev('max(["3", 10, "x", null])')).toBe(10);
    expect(ev('abs("-2")')).toBe(2);
    expect(ev('slice([1, 2, 3], -2)')).toEqual([2, 3]);
    expect(ev('slice(5, 1)')).toBeUndefined();
    expect(ev('isEmpty(" ")')).toBe(false);
    expect(ev('isEmpty(null)')).toBe(true);
    expect(ev('default(0 / 0, 1)')).toBe(1);
    expect(ev('map(items, 1)', { items: [['a', 'b']] })).toEqual([undefined]);
    expect(ev('sum(items, {})', { items: [] })).toEqual({
      error: 'sum() failed: field name must be a string at 0',
    });
  });

  it('never reads through prototypes, getters or functions of the input', () => {
    const getter = vi.fn(() => 1);
    const item = Object.defineProperty({ own: 1 }, 'g', { get: getter, enumerable: true });
    const scope = {
      items: [item, Object.create({ inherited: 1 }) as object],
      fnItems: [{ f: () => 1 }],
    };
    expect(ev('map(items, "g")', scope)).toEqual([undefined, undefined]);
    expect(ev('map(items, "inherited")', scope)).toEqual([undefined, undefined]);
    expect(ev('map(items, "constructor")', scope)).toEqual([undefined, undefined]);
    expect(ev('map(fnItems, "f")', scope)).toEqual([undefined]);
    // Not read through the prototype: an own-less `constructor` is absent (null), not Object.
    expect(ev('filter(items, "constructor", undefined)', scope)).toEqual([item]);
    expect(ev('count(items, "inherited", 1)', scope)).toBe(0);
    expect(getter).not.toHaveBeenCalled();
  });

  it('treats array holes and extra properties as missing', () => {
    const sparse: unknown[] = [];
    sparse[2] = 1;
    expect(ev('map(list, "x")', { list: sparse })).toEqual([undefined, undefined, undefined]);
    expect(ev('sum(list)', { list: sparse })).toBe(1);
  });

  it('treats an absent field and null as the same value (filter, filterIn, count, contains, ==)', () => {
    // card-init items of a server that omits the optional fields rather than sending null.
    const omitted = [
      { code: 'walletPhone', cate: 'text', value: '', inputType: 1 },
      { code: 'mpesaName', cate: 'text', value: '', cardTypeMi: 1, channelNumber: '90006' },
      { code: 'bankName', cate: 'enum', value: '', cardTypeMi: 2 },
      { code: 'holderName', cate: 'text', value: '' },
    ];
    const nulls = omitted.map((i) => ({ cardTypeMi: null, channelNumber: null, ...i }));
    const fields =
      'map(filterIn(filterIn(items, "cardTypeMi", [0, null, 1]), "channelNumber", [null, "90006"]), "code")';
    expect(ev(fields, { items: omitted })).toEqual(['walletPhone', 'mpesaName', 'holderName']);
    expect(ev(fields, { items: nulls })).toEqual(ev(fields, { items: omitted }));
    expect(ev('map(filter(items, "channelNumber", null), "code")', { items: omitted })).toEqual([
      'walletPhone',
      'bankName',
      'holderName',
    ]);
    expect(ev('map(filter(items, "channelNumber", undefined), "code")', { items: nulls })).toEqual([
      'walletPhone',
      'bankName',
      'holderName',
    ]);
    expect(ev('count(items, "cardTypeMi", null)', { items: omitted })).toBe(2);
    expect(ev('contains([1, null], undefined)')).toBe(true);
    expect(ev('contains([1, undefined], null)')).toBe(true);
    expect(ev('contains([0, ""], null)')).toBe(false);
    // Only null and undefined meet: 0, '' and false stay apart from them and from each other.
    expect(ev('map(filterIn(items, "cardTypeMi", [0]), "code")', { items: omitted })).toEqual([]);
    expect(ev('filter(items, "k", null)', { items: [{ k: 0 }, { k: '' }, { k: false }] })).toEqual(
      [],
    );
    expect(ev('item.channelNumber == null', { item: omitted[0] })).toBe(true);
    expect(ev('item.channelNumber != undefined', { item: nulls[0] })).toBe(false);
    expect(ev('item.channelNumber === null', { item: omitted[0] })).toBe(false);
    expect(ev('0 == null || "" == null || false == undefined')).toBe(false);
  });

  it('builds, merges and trims objects keyed by server data (bank form fields by code)', () => {
    const items = [
      { code: 'bank', cate: 'enum', type: 'CRDB', value: 'x', cardTypeMi: 2, channelNumber: null },
      { code: 'phone', cate: 'text', type: '', value: '0712', cardTypeMi: 1, channelNumber: null },
      { code: 'mpesa', cate: 'text', type: '', value: '', cardTypeMi: 1, channelNumber: '90006' },
      { code: 'name', cate: 'text', type: '', value: 'Ann', cardTypeMi: 0, channelNumber: null },
      { cate: 'text', value: 'no code' },
      { code: '__proto__', value: 'evil' },
      { code: 'constructor', value: 'evil' },
      { code: 7, value: 'seven' },
      null,
    ];
    expect(ev('toObject(items, "code", "value")', { items })).toEqual({
      bank: 'x',
      phone: '0712',
      mpesa: '',
      name: 'Ann',
      7: 'seven',
    });
    expect(ev('toObject(items, "code")', { items: [{ code: 'a', n: 1 }] })).toEqual({
      a: { code: 'a', n: 1 },
    });
    expect(ev('toObject(5, "code")')).toEqual({});
    const preset = ev(
      'merge(toObject(items, "code", "value"), toObject(filter(items, "cate", "enum"), "code", "type"), {name: "Bo"})',
      { items },
    );
    expect(preset).toEqual({ bank: 'CRDB', phone: '0712', mpesa: '', name: 'Bo', 7: 'seven' });
    expect(Object.getPrototypeOf(preset)).toBe(Object.prototype);
    expect(ev('merge(null, 5, [1], {a: 1}, {a: 2, b: 3})')).toEqual({ a: 2, b: 3 });
    const withCard = items.filter((i) => i && 'cardTypeMi' in i);
    expect(
      (
        ev('filterIn(items, "cardTypeMi", [0, null, 1])', { items: withCard }) as { code: string }[]
      ).map((i) => i.code),
    ).toEqual(['phone', 'mpesa', 'name']);
    expect(
      ev(
        'map(filterIn(filterIn(items, "cardTypeMi", [0, null, 1]), "channelNumber", [null, "90007"]), "code")',
        { items: withCard },
      ),
    ).toEqual(['phone', 'name']);
    // Items without the field at all count as null (an absent optional field); null items never match.
    expect(ev('map(filterIn(items, "missing", [undefined]), "value")', { items })).toEqual([
      'x',
      '0712',
      '',
      'Ann',
      'no code',
      'evil',
      'evil',
      'seven',
    ]);
    expect(ev('filterIn(items, "missing", [1, "x"])', { items })).toEqual([]);
    expect(ev('filterIn(items, "code", "bank")', { items })).toEqual([]);
    const form = { bank: 'NMB', phone: '0712', name: 'Ann', cardType: '1' };
    expect(ev('pick(form, ["phone", "name", "nope", 3, null])', { form })).toEqual({
      phone: '0712',
      name: 'Ann',
    });
    expect(ev('omit(form, ["cardType", "bank"])', { form })).toEqual({
      phone: '0712',
      name: 'Ann',
    });
    expect(ev('pick(5, ["a"])')).toEqual({});
    expect(ev('omit(form, 5)', { form })).toEqual(form);
    const notice = { 'Mobile money': [{ name: 'M-Pesa' }], Bank: [] };
    expect(ev('entries(notice)', { notice })).toEqual([
      { key: 'Mobile money', value: [{ name: 'M-Pesa' }] },
      { key: 'Bank', value: [] },
    ]);
    expect(ev('map(entries(notice), "key")', { notice })).toEqual(['Mobile money', 'Bank']);
    expect(ev('entries([1, 2])')).toEqual([]);
    expect(ev('entries(null)')).toEqual([]);
  });

  it('never lets an object helper reach or set a prototype', () => {
    const getter = vi.fn(() => 'leak');
    const hostile = Object.defineProperty(
      JSON.parse('{"__proto__": {"polluted": 1}, "ok": 1}') as object,
      'g',
      { get: getter, enumerable: true },
    );
    const merged = ev('merge(hostile, {b: 2})', { hostile }) as Record<string, unknown>;
    expect(merged).toEqual({ ok: 1, g: undefined, b: 2 });
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
    expect(ev('pick(hostile, ["__proto__", "ok"])', { hostile })).toEqual({ ok: 1 });
    expect(ev('entries(hostile)', { hostile })).toEqual([
      { key: 'ok', value: 1 },
      { key: 'g', value: undefined },
    ]);
    expect(getter).not.toHaveBeenCalled();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const fromList = ev('toObject(list, "k", "v")', {
      list: JSON.parse(
        '[{"k": "__proto__", "v": {"polluted": 1}}, {"k": "prototype", "v": 1}]',
      ) as unknown,
    });
    expect(fromList).toEqual({});
    expect(Object.getPrototypeOf(fromList)).toBe(Object.prototype);
  });

  it('caps lists and results', () => {
    const big = new Array<number>(LIMITS.maxListLength + 1).fill(1);
    for (const src of [
      'sum(big)',
      'join(big)',
      'map(big, "a")',
      'filter(big, "a", 1)',
      'count(big)',
      'contains(big, 2)',
      'max(big)',
      'slice(big, 0)',
      'toObject(big, "a")',
      'filterIn(big, "a", [1])',
      'pick({}, big)',
    ]) {
      expect(ev(src, { big }), src).toEqual({
        error: expect.stringContaining('list has more than 100000 items'),
      });
    }
    expect(ev('first(big)', { big })).toBe(1);
    expect(ev('upper(s)', { s: 'ß'.repeat(LIMITS.maxStringLength / 2 + 1) })).toEqual({
      error: expect.stringContaining('upper() failed: result is longer than'),
    });
  });
});
