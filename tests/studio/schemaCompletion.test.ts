/**
 * Completion and hover logic of the studio editor, on the real layout schema: the cursor's place
 * in half-typed JSON, the properties of the widget or action there, enum values, descriptions
 * with an example, and "did you mean" for an unknown property.
 */
import { describe, expect, it } from 'vitest';
import { layoutSchemaBundle } from '../../server/layouts/studio/schemaBundle';
import { cursorContext } from '../../src/studio/schema/cursorContext';
import {
  describeProperty,
  propertiesAt,
  valuesOf,
  type Schema,
} from '../../src/studio/schema/schemaWalk';

const bundle = layoutSchemaBundle() as Schema;
/** The text with `|` removed, and the cursor where it was. */
const at = (marked: string) => {
  const pos = marked.indexOf('|');
  return cursorContext(marked.replace('|', ''), pos);
};
const names = (marked: string) => propertiesAt(bundle, at(marked).steps).map((p) => p.name);

describe('cursorContext', () => {
  it('finds a half-typed property name and the containers around it, with their types', () => {
    const ctx = at('{\n "body": [\n  { "label": "Pay", "dis|\n  "type": "button" }\n ]\n}');
    expect(ctx.kind).toBe('key');
    expect(ctx.prefix).toBe('dis');
    expect(ctx.steps).toEqual([{ seg: null }, { seg: 'body' }, { seg: 0, type: 'button' }]);
  });

  it('knows a value position and its property', () => {
    const ctx = at('{ "body": [ { "type": "button", "variant": "sec|" } ] }');
    expect(ctx).toMatchObject({ kind: 'value', key: 'variant', prefix: 'sec' });
  });

  it('counts array items and an action list inside a node', () => {
    const ctx = at('{ "body": [ {"type":"text"}, { "type": "button", "onTap": [ { | } ] } ] }');
    expect(ctx.kind).toBe('key');
    expect(ctx.steps.map((s) => s.seg)).toEqual([null, 'body', 1, 'onTap', 0]);
  });
});

describe('schemaWalk', () => {
  it("offers the layout's own properties at the top", () => {
    expect(names('{\n  "id": "x",\n  "dataS|\n}')).toEqual(
      expect.arrayContaining(['dataSources', 'body', 'state', 'computed']),
    );
  });

  it("offers a button's properties once its type is known, an action's inside onTap", () => {
    const button = names('{ "body": [ { "type": "button", | } ] }');
    expect(button).toEqual(expect.arrayContaining(['label', 'onTap', 'variant', 'disabled']));
    expect(button).not.toContain('src');
    const action = names(
      '{ "body": [ { "type": "button", "onTap": [ { "type": "http", | } ] } ] }',
    );
    expect(action).toEqual(expect.arrayContaining(['endpoint', 'params']));
    expect(action).not.toContain('label');
  });

  it('lists enum values and booleans', () => {
    const ctx = at('{ "body": [ { "type": "button", "variant": "|" } ] }');
    expect(valuesOf(bundle, ctx.steps, 'variant')).toEqual(['primary', 'secondary', 'link']);
    const types = valuesOf(bundle, at('{ "body": [ { "type": "|" } ] }').steps, 'type');
    expect(types).toEqual(expect.arrayContaining(['button', 'page-header', 'text']));
    expect(types).not.toContain('http');
  });

  it("describes a property from its schema, with an example; an unknown one gets 'did you mean'", () => {
    const ctx = at('{ "body": [ { "type": "button", "varia|nt": "link" } ] }');
    const known = describeProperty(bundle, ctx.steps, ctx.word ?? '');
    expect(known?.example).toBe('"variant": "primary"');
    const role = describeProperty(bundle, ctx.steps, 'role');
    expect(role?.text).toContain('primary-action is the screen');
    const wrong = describeProperty(bundle, ctx.steps, 'lable');
    expect(wrong).toEqual({
      title: 'Unknown property "lable" for button',
      text: 'did you mean "label"?',
    });
    // Keys of the operator's own choosing (data source names) are never "unknown".
    expect(describeProperty(bundle, at('{ "dataSources": { "k|f": {} } }').steps, 'kf')).toBeNull();
  });
});

describe('the checker on an unknown property', () => {
  it('says "did you mean" with the names the widget takes', async () => {
    const { checkLayoutText } = await import('../../src/lint/checkText');
    const text = JSON.stringify({
      id: 'x',
      version: 1,
      title: 'X',
      body: [{ type: 'button', label: 'Pay', onTap: [], varaint: 'link' }],
    });
    const messages = checkLayoutText('x', text).map((i) => i.message);
    expect(messages.join('\n')).toContain('unknown property "varaint" (did you mean "variant"?');
  });
});
