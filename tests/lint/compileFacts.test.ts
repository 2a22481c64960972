/**
 * The compiled layout carries what the checker knows (schemas/compiled-layout.schema.json
 * `types`, `labels`): each binding's type where the checker could tell, by the pointer of the
 * string that holds it, and the labels of the data that reach each URL or message, by the pointer
 * of the URL value. A layout that passes the checker carries labels only on URLs that stay on
 * this origin or go to the app itself.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileLayout } from '../../src/lint/compile/compileLayout';
import { validateLayoutDocument } from '../../src/lint/validateLayout';
import { validateCompiledLayout } from '../../src/contract/schema/generated/validators/strict.js';
import { expandFragments } from '../../src/contract/layout/fragments';
import { loadFragmentFiles } from '../../src/contract/schema/fragmentFiles';

const ROOT = join(import.meta.dirname, '../..');

const layout = {
  id: 'facts',
  version: 1,
  title: 'Facts',
  state: { n: 2, phone: '' },
  computed: {
    double: '{{ state.n * 2 }}',
    due: '{{ data.plan.amountMax }}',
    card: '{{ data.plan.bankCardInfo }}',
    either: "{{ state.n > 1 ? 'many' : 1 }}",
  },
  dataSources: {
    plan: {
      endpoint: 'installmentPlan',
      params: { productId: '{{ query.productId }}', orderId: '{{ query.orderId }}' },
    },
  },
  body: [
    { type: 'text', text: 'You have {{ state.n * 2 }} offers' },
    { type: 'input', bind: 'phone', label: 'Phone', inputType: 'tel' },
    {
      type: 'button',
      label: 'Pay',
      onTap: [{ type: 'redirect', url: '/repay?orderId={{ query.orderId }}&p={{ state.phone }}' }],
    },
    {
      type: 'button',
      label: 'Help',
      onTap: [
        { type: 'bridge', action: 'openLink', args: { url: 'https://kopa.example/help' } },
        { type: 'navigate', to: '/orderList?count={{ computed.double }}' },
      ],
    },
  ],
};

const compile = (doc: unknown) => compileLayout(doc, { name: 'facts', version: 3 });

describe('compiled types and labels', () => {
  it('passes the checker, and compiles to the schema with types and labels', () => {
    const errors = validateLayoutDocument(layout, 'fixtures/facts.json').filter(
      (i) => i.severity === 'error',
    );
    expect(errors).toEqual([]);
    const compiled = compile(layout);
    expect(validateCompiledLayout(compiled)).toBe(true);
    expect(compiled.format).toBe(2);
  });

  it('types each binding string at its pointer, as the checker infers it', () => {
    const { types } = compile(layout);
    expect(types).toMatchObject({
      '/body/0/text': 'text',
      '/computed/double': 'a number',
      // From the endpoint's response schema: amountMax is required cents, bankCardInfo optional.
      '/computed/due': 'integer cents',
      '/computed/card': 'an object (may be absent)',
      '/computed/either': 'text or a number',
      '/dataSources/plan/params/productId': 'text',
      '/body/2/onTap/0/url': 'text',
    });
    // Only strings with a binding: a literal text is no binding's type.
    expect(types).not.toHaveProperty('/body/1/label');
    expect(types).not.toHaveProperty('/body/3/onTap/0/args/url');
  });

  it('labels the URLs labelled data reaches, naming each value, and nothing else', () => {
    expect(compile(layout).labels).toEqual({
      '/body/2/onTap/0/url': ['query.orderId', 'state.phone (what the borrower types into input)'],
    });
  });

  it('labels a bridge message and an address a labelled value leaves through', () => {
    const leaking = {
      ...layout,
      body: [
        {
          type: 'button',
          label: 'Tell',
          onTap: [
            {
              type: 'bridge',
              action: 'sendSms',
              args: { phone: '+255700000000', text: 'Order {{ query.orderId }}' },
            },
            { type: 'redirect', url: 'https://pay.kopa.example/?o={{ query.orderId }}' },
          ],
        },
      ],
    };
    // The checker refuses both; a compiler that served it anyway (a draft preview, a stale
    // checker) still says what they carry, for the app's wall.
    expect(
      validateLayoutDocument(leaking, 'fixtures/facts.json').map((i) => `${i.pointer} ${i.code}`),
    ).toEqual(['/body/0/onTap/1/url session-in-url', '/body/0/onTap/0/args/text session-leak']);
    expect(compile(leaking).labels).toEqual({
      '/body/0/onTap/0/args/text': ['query.orderId'],
      '/body/0/onTap/1/url': ['query.orderId'],
    });
  });

  it('labels the shipped layout that hands a session value to the app itself (loan-detail)', () => {
    const raw = JSON.parse(readFileSync(join(ROOT, 'layouts/loan-detail.json'), 'utf8')) as unknown;
    const doc = expandFragments(raw, loadFragmentFiles().files).doc;
    const { labels, types } = compile(doc);
    const openLink = '/body/4/children/3/onTap/0';
    expect(labels).toEqual({
      [`${openLink}/onSuccess/0/args/url`]: ['query.productId'],
      [`${openLink}/onError/0/args/url`]: ['query.productId'],
    });
    expect(types[`${openLink}/onSuccess/0/args/url`]).toBe('text');
  });

  it('compiles the largest shipped layout in milliseconds', () => {
    const raw = JSON.parse(readFileSync(join(ROOT, 'layouts/repay.json'), 'utf8')) as unknown;
    const doc = expandFragments(raw, loadFragmentFiles().files).doc;
    // Warm, as the server is after its first compile.
    for (let i = 0; i < 20; i++) compile(doc);
    const runs = 30;
    const start = performance.now();
    for (let i = 0; i < runs; i++) compile(doc);
    const ms = (performance.now() - start) / runs;
    console.log(`compileLayout(repay): ${ms.toFixed(2)} ms`);
    // The server compiles once per version; a loaded CI machine is several times slower.
    expect(ms).toBeLessThan(100);
  });
});
