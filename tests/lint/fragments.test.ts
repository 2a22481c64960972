/**
 * Fragments (src/contract/layout/fragments.ts): the one expansion the server, the validator and the tests
 * use. What a use becomes, how params reach the fragment, and where a problem is reported.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expandFragments } from '../../src/contract/layout/fragments';
import { validateLayoutDocument } from '../../src/lint/validateLayout';
import { loadFragmentFiles } from '../../src/contract/schema/fragmentFiles';

const files = {
  footer: { fragment: { type: 'text', id: 'footer', text: 'Contact us' } },
  pair: {
    fragment: [
      { type: 'text', text: 'one' },
      { type: 'text', text: 'two' },
    ],
  },
  titled: {
    params: { title: { description: 'heading' }, tone: { default: 'muted' } },
    fragment: { type: 'text', text: { $param: 'title' }, style: { tone: { $param: 'tone' } } },
  },
  outer: {
    params: { label: {} },
    fragment: {
      type: 'container',
      children: [{ use: 'titled', with: { title: { $param: 'label' } } }],
    },
  },
  closeAll: {
    fragment: [
      { type: 'closeDialog', dialog: 'a' },
      { type: 'closeDialog', dialog: 'b' },
    ],
  },
  sources: { fragment: { plan: { endpoint: 'installmentPlan' } } },
};

describe('expandFragments', () => {
  it('replaces a use by its fragment and splices a list used among list items', () => {
    const doc = {
      body: [{ type: 'text', text: 'a' }, { use: 'pair' }, { use: 'footer' }],
      onBack: [{ use: 'closeAll' }, { type: 'toast', message: 'x' }],
    };
    const e = expandFragments(doc, files);
    expect(e.used).toBe(true);
    expect(e.issues).toEqual([]);
    expect(e.doc).toEqual({
      body: [
        { type: 'text', text: 'a' },
        { type: 'text', text: 'one' },
        { type: 'text', text: 'two' },
        { type: 'text', id: 'footer', text: 'Contact us' },
      ],
      onBack: [
        { type: 'closeDialog', dialog: 'a' },
        { type: 'closeDialog', dialog: 'b' },
        { type: 'toast', message: 'x' },
      ],
    });
    // The input is left as it was (the server keeps the stored text).
    expect(doc.body[1]).toEqual({ use: 'pair' });
  });

  it('stands for a whole value too (a map of data sources)', () => {
    expect(expandFragments({ dataSources: { use: 'sources' } }, files).doc).toEqual({
      dataSources: { plan: { endpoint: 'installmentPlan' } },
    });
  });

  it('passes params, fills defaults, and reaches a fragment used inside a fragment', () => {
    const e = expandFragments(
      {
        body: [
          { use: 'titled', with: { title: 'Hi' } },
          { use: 'outer', with: { label: '{{ state.x }}' } },
        ],
      },
      files,
    );
    expect(e.issues).toEqual([]);
    expect(e.doc).toEqual({
      body: [
        { type: 'text', text: 'Hi', style: { tone: 'muted' } },
        {
          type: 'container',
          children: [{ type: 'text', text: '{{ state.x }}', style: { tone: 'muted' } }],
        },
      ],
    });
  });

  it('tells where each expanded value was written: the layout (moved past splices) or the fragment with its use site', () => {
    const e = expandFragments(
      {
        body: [
          { use: 'pair' },
          { type: 'text', text: 'after' },
          { use: 'titled', with: { title: 'Hi' } },
        ],
      },
      files,
    );
    expect(e.origin('/body/1/text')).toEqual({
      fragment: 'pair',
      pointer: '/fragment/1/text',
      useSite: '/body/0',
    });
    expect(e.origin('/body/2/text')).toEqual({
      fragment: null,
      pointer: '/body/1/text',
      useSite: null,
    });
    expect(e.origin('/body/3/style')).toEqual({
      fragment: 'titled',
      pointer: '/fragment/style',
      useSite: '/body/2',
    });
    // A default is where the fragment declares it.
    expect(e.origin('/body/3/style/tone')).toEqual({
      fragment: 'titled',
      pointer: '/params/tone/default',
      useSite: '/body/2',
    });
    // A param's value is where the layout wrote it.
    expect(e.origin('/body/3/text')).toEqual({
      fragment: null,
      pointer: '/body/2/with/title',
      useSite: null,
    });
  });

  it('reports unknown names, missing and unknown params, extra keys and recursion, and leaves such uses out', () => {
    const loop = { a: { fragment: { use: 'b' } }, b: { fragment: [{ use: 'a' }] }, ...files };
    const e = expandFragments(
      {
        body: [
          { use: 'nope' },
          { use: 'titled' },
          { use: 'titled', with: { title: 'x', size: 1 } },
          { use: 'footer', id: 'x' },
          { use: 'a' },
          { type: 'text', text: 'kept' },
        ],
      },
      loop,
    );
    expect(e.doc).toEqual({ body: [{ type: 'text', text: 'kept' }] });
    expect(e.issues.map((i) => [i.code, i.pointer, i.fragment?.pointer ?? null])).toEqual([
      ['unknown-fragment', '/body/0/use', null],
      ['fragment-param', '/body/1/with', null],
      ['fragment-param', '/body/2/with/size', null],
      ['fragment-param', '/body/3/id', null],
      ['fragment-recursion', '/body/4', '/fragment/0/use'],
    ]);
    expect(e.issues[4]?.message).toBe(
      'fragment uses itself (a -> b -> a): a fragment may use others, never in a circle',
    );
  });

  it('refuses a malformed fragment file with the reason', () => {
    const e = expandFragments({ body: [{ use: 'bad' }] }, { bad: { nodes: [] } });
    expect(e.issues).toEqual([
      {
        pointer: '/body/0/use',
        code: 'fragment-file',
        message: 'fragment "bad" cannot be used: the file has no "fragment" member',
      },
    ]);
  });

  it('changes nothing in a layout that uses no fragment', () => {
    const doc = { body: [{ type: 'text', text: 'a' }] };
    const e = expandFragments(doc, files);
    expect(e.used).toBe(false);
    expect(e.doc).toEqual(doc);
  });
});

describe('validateLayoutDocument with fragments', () => {
  const base = { id: 'x', version: 1, title: 'X' };

  it('checks the expanded layout and reports a problem inside a fragment at the use site, with the pointer into the fragment', () => {
    const bad = {
      broken: {
        fragment: [
          { type: 'text', text: 'ok' },
          { type: 'text', text: '{{ state.nope }}' },
        ],
      },
    };
    const issues = validateLayoutDocument(
      { ...base, state: {}, body: [{ type: 'text', text: 'a' }, { use: 'broken' }] },
      'fixtures/x.json',
      undefined,
      { fragments: bad },
    );
    expect(issues).toEqual([
      expect.objectContaining({
        code: 'unknown-state',
        pointer: '/body/1',
        fragment: { name: 'broken', pointer: '/fragment/1/text' },
      }),
    ]);
  });

  it('passes every fragment the project ships through the layouts that use them', () => {
    const { files: shipped, broken } = loadFragmentFiles();
    expect(broken).toEqual([]);
    expect(Object.keys(shipped).length).toBeGreaterThan(0);
  });
});

describe('npm run validate -- --stats with fragments', () => {
  it('counts the bindings of the fragments used, in their own file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kopa-fragments-'));
    try {
      mkdirSync(join(dir, '_fragments'));
      const long = `{{ ${Array.from({ length: 12 }, (_, i) => `state.n${i}`).join(' + ')} }}`;
      writeFileSync(
        join(dir, '_fragments', 'wide.json'),
        JSON.stringify({ fragment: { type: 'text', text: long } }),
      );
      writeFileSync(
        join(dir, 'page.json'),
        JSON.stringify({
          id: 'page',
          version: 1,
          title: 'P',
          state: Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`n${i}`, 0])),
          body: [{ use: 'wide' }],
        }),
      );
      // A failing target makes --stats exit 1 (the report is still printed on stdout).
      let out = '';
      let status = 0;
      try {
        out = execFileSync(
          process.execPath,
          ['--import', 'tsx', 'scripts/validate.ts', '--stats', join(dir, 'page.json')],
          { cwd: join(import.meta.dirname, '..', '..'), encoding: 'utf8' },
        );
      } catch (error) {
        ({ stdout: out, status } = error as { stdout: string; status: number });
      }
      expect(status).toBe(1);
      expect(out).toContain('validate: 1 layout(s), 0 error(s)');
      expect(out).toMatch(/FAIL longest binding: 1\d\d characters/);
      expect(out).toContain(`${join(dir, '_fragments', 'wide.json')}:1:`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
