import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { semanticIssues } from '../../src/lint/semantic';
import { loadApiCatalogue } from '../../src/lint/responseSchemas';
import {
  checkLayoutLimits,
  MAX_LAYOUT_DEPTH,
  MAX_LAYOUT_VALUES,
} from '../../src/contract/schema/layoutLimits';
import { validateLayoutDocument } from '../../src/lint/validateLayout';

const ROOT = join(import.meta.dirname, '..', '..');
/** One issue a broken layout must produce: code, pointer, and optionally line:column and a part of the message. */
interface Want {
  code: string;
  pointer: string;
  at?: string;
  message?: string;
}
const expected = JSON.parse(
  readFileSync(join(ROOT, 'tests/fixtures/broken-layouts.expected.json'), 'utf8'),
) as Record<string, Want | Want[] | string>;
const cases = Object.entries(expected)
  .filter((e): e is [string, Want | Want[]] => typeof e[1] === 'object')
  .map(([file, want]): [string, Want[]] => [file, Array.isArray(want) ? want : [want]]);

function runValidate(files: string[]): { status: number; out: string } {
  try {
    const out = execFileSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/validate.ts', ...files],
      { cwd: ROOT, encoding: 'utf8' },
    );
    return { status: 0, out };
  } catch (e) {
    const err = e as { status: number; stdout: string };
    return { status: err.status, out: err.stdout };
  }
}

describe('npm run validate', () => {
  it('names file, line:column, JSON pointer and code for each deliberately broken layout, and exits non-zero', () => {
    // One run for all fixtures: it also proves one file's problems do not stop the others' checks.
    const { status, out } = runValidate(
      cases.map(([file]) => `tests/fixtures/broken-layouts/${file}`),
    );
    expect(status).toBe(1);
    const lines = out.split('\n');
    for (const [file, wants] of cases) {
      for (const want of wants) {
        const at = want.at ?? '\\d+:\\d+';
        const head = new RegExp(
          `^tests/fixtures/broken-layouts/${file.replace('.', '\\.')}:${at}: ${(want.pointer || '/').replace(/[$.()]/g, '\\$&')}: error ${want.code}: `,
        );
        const line = lines.find((l) => head.test(l) && l.includes(want.message ?? ''));
        expect(line, `${file}: ${JSON.stringify(want)}\n${out}`).toBeDefined();
      }
    }
  }, 120_000);

  it('adds under each issue the node in words and the fix, as the studio shows them', () => {
    const { out } = runValidate([
      'tests/fixtures/broken-layouts/duplicate-key.json',
      'tests/fixtures/broken-layouts/schema-and-semantic.json',
    ]);
    const lines = out.split('\n');
    const after = (start: string) => lines[lines.findIndex((l) => l.includes(start)) + 1];
    expect(after('error duplicate-key:')).toBe(
      '    in words: "disabled" of the Pay Now button; fix: keep one of the two keys',
    );
    expect(after('error unknown-route:')).toBe(
      '    in words: "to" of the navigate (step 1 of onTap of the Go button); fix: write "repay"',
    );
  }, 60_000);

  it('passes every layout the project ships', () => {
    const { status, out } = runValidate([]);
    expect(out).toMatch(/0 error\(s\)/);
    expect(status).toBe(0);
  }, 60_000);

  it('accepts a valid layout and reports bindings to fields the response schema lacks', () => {
    const base = {
      id: 'x',
      version: 1,
      title: 'X',
      dataSources: { plan: { endpoint: 'installmentPlan' } },
    };
    expect(
      validateLayoutDocument(
        { ...base, body: [{ type: 'text', text: '{{ money(data.plan.amountMax) }}' }] },
        'fixtures/x.json',
      ),
    ).toEqual([]);
    const issues = validateLayoutDocument(
      { ...base, body: [{ type: 'text', text: '{{ data.plan.bankCardInfo.cardNumber }}' }] },
      'fixtures/x.json',
    );
    expect(issues).toEqual([
      expect.objectContaining({ code: 'unknown-field', pointer: '/body/0/text' }),
    ]);
  });
});

/** Written as text: JSON.stringify itself runs out of stack on very deep values. */
function deepLayoutText(levels: number): string {
  return `{"id":"x","version":1,"title":"X","body":[${'{"type":"container","children":['.repeat(levels)}{"type":"text","text":"deep"}${']}'.repeat(levels)}]}`;
}

/** The same without the text, built iteratively: `levels` containers inside one another. */
function nested(levels: number, leaf: Record<string, unknown>): Record<string, unknown> {
  let node = leaf;
  for (let i = 0; i < levels; i += 1) node = { type: 'container', children: [node] };
  return node;
}

describe('layout depth and size limits (SECURITY 6)', () => {
  it('leaves every shipped layout and example well inside the limits', () => {
    let deepest = 0;
    for (const dir of ['layouts', 'layouts/_examples']) {
      for (const f of readdirSync(join(ROOT, dir)).filter((n) => n.endsWith('.json'))) {
        const doc: unknown = JSON.parse(readFileSync(join(ROOT, dir, f), 'utf8'));
        expect(checkLayoutLimits(doc), f).toBeNull();
        let d = 1;
        while (checkLayoutLimits(doc, { maxDepth: d }) !== null) d += 1;
        deepest = Math.max(deepest, d);
      }
    }
    // layouts/register.json is the deepest today (22); the limit leaves room to nest ~20 more widgets.
    expect(deepest).toBeLessThanOrEqual(MAX_LAYOUT_DEPTH / 2);
  });

  it('names the first container at the limit, by JSON pointer, with escaped keys', () => {
    expect(checkLayoutLimits({ a: { 'b/c': { '~d': [[1]] } } }, { maxDepth: 3 })).toEqual({
      code: 'too-deep',
      pointer: '/a/b~1c/~0d',
      message: 'layout nests deeper than 3 levels (flatten it or split it into dialogs or screens)',
    });
    expect(checkLayoutLimits({ a: { 'b/c': { '~d': [] } } }, { maxDepth: 3 })).toBeNull();
    expect(checkLayoutLimits([1, [2, [3]], { x: [[[4]]] }], { maxDepth: 3 })).toMatchObject({
      code: 'too-deep',
      pointer: '/2/x/0',
    });
    expect(checkLayoutLimits('scalar', { maxDepth: 0 })).toBeNull();
  });

  it("bounds the number of values, counting a container's members before walking them", () => {
    expect(checkLayoutLimits({ list: new Array(MAX_LAYOUT_VALUES).fill(0) })).toMatchObject({
      code: 'too-large',
      pointer: '/list',
    });
    expect(checkLayoutLimits({ list: new Array(MAX_LAYOUT_VALUES - 2).fill(0) })).toBeNull();
    expect(checkLayoutLimits({ a: [1, 2], b: { c: 3 } }, { maxValues: 6 })).toBeNull();
    expect(checkLayoutLimits({ a: [1, 2], b: { c: 3 } }, { maxValues: 5 })).toMatchObject({
      code: 'too-large',
      pointer: '/b',
    });
  });

  it.each([1_500, 100_000])(
    'validateLayoutDocument refuses a %i-deep layout with one issue instead of overflowing the stack',
    (levels) => {
      const issues = validateLayoutDocument(
        JSON.parse(deepLayoutText(levels)),
        'fixtures/deep.json',
      );
      expect(issues).toEqual([
        {
          file: 'fixtures/deep.json',
          pointer: `/body/0${'/children/0'.repeat(31)}`,
          code: 'too-deep',
          message: expect.stringContaining(`deeper than ${MAX_LAYOUT_DEPTH} levels`),
          severity: 'error',
        },
      ]);
    },
  );

  it('a layout exactly at the limit passes the schema and the semantic rules', () => {
    const leaf = { type: 'text', text: '{{ state.n }}', style: { tone: 'muted' } };
    const doc = {
      id: 'x',
      version: 1,
      title: 'X',
      state: { n: 1 },
      body: [nested((MAX_LAYOUT_DEPTH - 4) / 2, leaf)],
    };
    expect(checkLayoutLimits(doc, { maxDepth: MAX_LAYOUT_DEPTH - 1 })).not.toBeNull();
    expect(validateLayoutDocument(doc, 'fixtures/x.json')).toEqual([]);
  });

  it('the semantic linter called directly on a 100,000-deep value does not overflow', () => {
    const doc = JSON.parse(deepLayoutText(100_000)) as Record<string, unknown>;
    const routes = { keys: new Set<string>(), paths: new Set<string>() };
    expect(() =>
      semanticIssues(doc, 'fixtures/deep.json', loadApiCatalogue(), routes),
    ).not.toThrow();
  });

  it('npm run validate prints file:pointer: error too-deep for a 100,000-deep file and exits 1, no stack trace', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kopa-deep-'));
    try {
      const file = join(dir, 'deep.json');
      writeFileSync(file, deepLayoutText(100_000));
      const { status, out } = runValidate([file]);
      expect(status).toBe(1);
      // Column of the 32nd container, the one the pointer names.
      const column =
        deepLayoutText(32).split('{"type":"container"', 32).join('{"type":"container"').length + 1;
      expect(out).toContain(
        `${file}:1:${column}: /body/0${'/children/0'.repeat(31)}: error too-deep: layout nests deeper than ${MAX_LAYOUT_DEPTH} levels`,
      );
      expect(out).toContain('validate: 1 layout(s), 1 error(s)');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
