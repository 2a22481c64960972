/**
 * Information flow (src/lint/flow/): a session or personal value reaches only this app's own
 * paths, through every construct (computed values, fragments and `with`, repeat items,
 * functions, templates, typed input, device storage) into every sink (images, frames,
 * empty-state images, rich-text links, sources and style url()s, redirects, navigations, the
 * bridge's openLink with and without a scheme or wrapped in the app's deep link). Unprovable
 * hosts, javascript: and data: (but inline images) are refused. A property-based test routes a
 * session value through random chains into every sink and expects a refusal each time, and the
 * same chains over a public value pass.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateLayoutDocument } from '../../src/lint/validateLayout';

type Obj = Record<string, unknown>;
const FLOW = new Set([
  'session-leak',
  'session-in-url',
  'unproven-host',
  'script-url',
  'foreign-host',
]);

/** The flow issues of a small layout, as `pointer code`. */
function flow(body: unknown[], extra: Obj = {}, fragments: Obj = {}): string[] {
  return validateLayoutDocument(
    { id: 'x', version: 1, title: 'X', ...extra, body },
    'fixtures/flow.json',
    undefined,
    {
      fragments,
    },
  )
    .filter((i) => FLOW.has(i.code))
    .map((i) => `${i.pointer} ${i.code}`);
}
const img = (src: string) => ({ type: 'image', src, alt: '' });
const button = (...onTap: unknown[]) => ({ type: 'button', label: 'Go', onTap });
const openLink = (url: string) => ({ type: 'bridge', action: 'openLink', args: { url } });

describe('information flow: the ways that got through before', () => {
  it('a repeat over [query.userId] whose image puts the item in the path of an allowed host', () => {
    const repeat = {
      type: 'repeat',
      items: '{{ [query.userId] }}',
      template: [img('https://cdn.kopa.example/u{{ item }}.png')],
    };
    expect(flow([repeat])).toEqual(['/body/0/template/0/src session-leak']);
  });

  it('rich-text HTML with the session and the phone in a link', () => {
    const html =
      '<a href="https://www.kopa.example/?s={{ query.sessionId }}&p={{ query.mobilePhone }}">help</a>';
    expect(flow([{ type: 'rich-text', html }])).toEqual(['/body/0/html session-leak']);
  });

  it('openLink with a scheme-less host, and the deep link wrapping a web address', () => {
    expect(flow([button(openLink('partner.example/?s={{ query.sessionId }}'))])).toEqual([
      '/body/0/onTap/0/args/url session-leak',
    ]);
    expect(
      flow([button(openLink('kopa://open?url=https://partner.example/?s={{ query.sessionId }}'))]),
    ).toEqual(['/body/0/onTap/0/args/url session-leak']);
    expect(
      flow([
        button(
          openLink('kopa://open?url=https%3A%2F%2Fpartner.example%2F%3Fs%3D{{ query.sessionId }}'),
        ),
      ]),
    ).toEqual(['/body/0/onTap/0/args/url session-leak']);
  });

  it('through functions: upper-cased, sliced, digits, concatenated, a default', () => {
    for (const e of [
      'upper(query.sessionId)',
      'slice(query.userId, 0, 3)',
      'digits(query.mobilePhone)',
      "'u' + query.userId",
      "default(query.token, 'x')",
      'string(len(query.userId))',
    ])
      expect(flow([img(`https://cdn.kopa.example/p.png?x={{ ${e} }}`)]), e).toEqual([
        '/body/0/src session-in-url',
      ]);
  });

  it('what the page itself refuses: an expression-built host, javascript:, data:, a foreign empty-state image', () => {
    expect(flow([img("{{ 'https://evil' + '.example/p.png' }}")])).toEqual([
      '/body/0/src foreign-host',
    ]);
    expect(flow([img("{{ 'https://' + state.h + '/p.png' }}")], { state: { h: '' } })).toEqual([
      '/body/0/src unproven-host',
    ]);
    expect(flow([button({ type: 'redirect', url: 'javascript:alert(1)' })])).toEqual([
      '/body/0/onTap/0/url script-url',
    ]);
    expect(flow([button(openLink('data:text/html,<script>x</script>'))])).toEqual([
      '/body/0/onTap/0/args/url script-url',
    ]);
    expect(flow([img('data:image/png;base64,iVBORw0KGgo=')])).toEqual([]);
    expect(
      flow([{ type: 'empty-state', text: 'None', image: 'https://evil.example/e.png' }]),
    ).toEqual(['/body/0/image foreign-host']);
    expect(flow([{ type: 'rich-text', html: '<a href="javascript:alert(1)">x</a>' }])).toEqual([
      '/body/0/html script-url',
    ]);
  });
});

describe('information flow: every construct and every sink', () => {
  it('computed values, state set from them, typed input, device storage', () => {
    expect(
      flow([img('https://cdn.kopa.example/a.png?{{ computed.who }}')], {
        computed: { who: '{{ query.userId }}' },
      }),
    ).toEqual(['/body/0/src session-in-url']);
    const typed = [
      { type: 'input', bind: 'card', label: 'Card' },
      button(openLink('https://partner.example/?c={{ state.card }}')),
    ];
    expect(flow(typed, { state: { card: '' } })).toEqual(['/body/1/onTap/0/args/url session-leak']);
    const stored = [
      button(
        { type: 'storage', op: 'set', key: 'who', value: '{{ query.sessionId }}' },
        openLink('https://partner.example/?w={{ local.who }}'),
      ),
    ];
    expect(flow(stored)).toEqual(['/body/0/onTap/1/args/url session-leak']);
    const kept = [
      { type: 'input', bind: 'phone', label: 'Phone' },
      button(openLink('https://partner.example/?p={{ local.kept1 }}')),
    ];
    expect(
      flow(kept, { state: { phone: '' }, persist: [{ key: 'kept1', path: 'phone' }] }),
    ).toEqual(['/body/1/onTap/0/args/url session-leak']);
    const onChange = [
      {
        type: 'input',
        bind: 'x',
        label: 'X',
        onChange: [openLink('https://partner.example/?v={{ value }}')],
      },
    ];
    expect(flow(onChange, { state: { x: '' } })).toEqual([
      '/body/0/onChange/0/args/url session-leak',
    ]);
  });

  it('a fragment and its with', () => {
    const fragments = {
      'flow-logo': {
        params: { who: { type: 'text' } },
        fragment: img({ $param: 'who' } as unknown as string),
      },
    };
    const got = flow(
      [{ use: 'flow-logo', with: { who: 'https://cdn.kopa.example/{{ query.userId }}.png' } }],
      {},
      fragments,
    );
    expect(got).toHaveLength(1);
    expect(got[0]).toMatch(/session-(leak|in-url)$/);
  });

  it('frames, redirects, navigations, rich-text images and style url()s', () => {
    expect(
      flow([{ type: 'web-frame', title: 'T', src: 'https://kopa.example/t?u={{ query.userId }}' }]),
    ).toEqual(['/body/0/src session-in-url']);
    expect(
      flow([button({ type: 'navigate', to: 'https://partner.example/?s={{ query.sessionId }}' })]),
    ).toEqual(['/body/0/onTap/0/to session-leak']);
    expect(
      flow([
        { type: 'rich-text', html: '<img src="https://cdn.kopa.example/{{ query.userId }}.png">' },
      ]),
    ).toEqual(['/body/0/html session-leak']);
    expect(
      flow([
        {
          type: 'rich-text',
          html: '<p style="background:url(https://cdn.kopa.example/b.png?{{ query.userId }})">x</p>',
        },
      ]),
    ).toEqual(['/body/0/html session-leak']);
  });

  it("this app's own paths take any value; public values go anywhere the hosts allow", () => {
    expect(
      flow([
        img('/assets/p.png?u={{ query.userId }}'),
        button({ type: 'navigate', to: 'repay', query: { s: '{{ query.sessionId }}' } }),
      ]),
    ).toEqual([]);
    expect(
      flow([
        img("https://cdn.kopa.example/{{ t('x') }}.png"),
        button(openLink('https://partner.example/help')),
      ]),
    ).toEqual([]);
  });
});

/** Chains of steps a value goes through, each a function of the expression so far. */
type Step =
  | { k: 'fn'; wrap: (e: string) => string }
  | { k: 'computed' }
  | { k: 'state' }
  | { k: 'repeat' }
  | { k: 'storage' };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.constantFrom<Step>(
    { k: 'fn', wrap: (e) => `upper(${e})` },
    { k: 'fn', wrap: (e) => `slice(${e}, 0, 4)` },
    { k: 'fn', wrap: (e) => `'u' + ${e}` },
    { k: 'fn', wrap: (e) => `string(${e})` },
    { k: 'fn', wrap: (e) => `default(${e}, '')` },
    { k: 'fn', wrap: (e) => `trim(${e})` },
    { k: 'fn', wrap: (e) => `(state.flag ? ${e} : ${e})` },
  ),
  fc.constantFrom<Step>({ k: 'computed' }, { k: 'state' }, { k: 'repeat' }, { k: 'storage' }),
);

const SINKS: readonly ((e: string) => unknown)[] = [
  (e) => img(`https://cdn.kopa.example/p{{ ${e} }}.png`),
  (e) => ({ type: 'web-frame', title: 'T', src: `https://kopa.example/t?u={{ ${e} }}` }),
  (e) => ({ type: 'empty-state', text: 'x', image: `https://cdn.kopa.example/e.png?{{ ${e} }}` }),
  (e) => ({ type: 'rich-text', html: `<a href="https://www.kopa.example/?s={{ ${e} }}">x</a>` }),
  (e) => button({ type: 'redirect', url: `https://pay.kopa.example/?s={{ ${e} }}` }),
  (e) => button({ type: 'navigate', to: `https://partner.example/?s={{ ${e} }}` }),
  (e) => button(openLink(`partner.example/?s={{ ${e} }}`)),
  (e) => button(openLink(`kopa://open?url=https://partner.example/?s={{ ${e} }}`)),
  (e) => button({ type: 'bridge', action: 'sendSms', args: { phone: '100', text: `{{ ${e} }}` } }),
];

/** A layout routing `source` through `steps` into sink `sink`. */
function chain(
  source: string,
  steps: readonly Step[],
  sink: number,
): { body: unknown[]; extra: Obj } {
  const computed: Obj = {};
  const state: Obj = { flag: false };
  const before: unknown[] = [];
  let expr = source;
  let wrapSink = (node: unknown): unknown => node;
  // A computed value, a setState or a storage write cannot read a repeat's item: repeats go last.
  const ordered = [
    ...steps.filter((s) => s.k !== 'repeat'),
    ...steps.filter((s) => s.k === 'repeat'),
  ];
  ordered.forEach((s, i) => {
    if (s.k === 'fn') expr = s.wrap(expr);
    if (s.k === 'computed') {
      computed[`c${i}`] = `{{ ${expr} }}`;
      expr = `computed.c${i}`;
    }
    if (s.k === 'state') {
      state[`s${i}`] = '';
      before.push(button({ type: 'setState', path: `s${i}`, value: `{{ ${expr} }}` }));
      expr = `state.s${i}`;
    }
    if (s.k === 'storage') {
      before.push(button({ type: 'storage', op: 'set', key: `k${i}`, value: `{{ ${expr} }}` }));
      expr = `local.k${i}`;
    }
    if (s.k === 'repeat') {
      const outer = wrapSink;
      const items = `{{ [${expr}] }}`;
      wrapSink = (node) => outer({ type: 'repeat', items, itemAs: `it${i}`, template: [node] });
      expr = `it${i}`;
    }
  });
  const make = SINKS[sink] as (e: string) => unknown;
  return { body: [...before, wrapSink(make(expr))], extra: { computed, state } };
}

describe('information flow: random chains into every sink (fast-check)', () => {
  const sources = fc.constantFrom(
    'query.userId',
    'query.sessionId',
    'query.mobilePhone',
    'data.user.accessToken',
  );
  it('a session value through any chain into any sink is refused', () => {
    fc.assert(
      fc.property(
        sources,
        fc.array(step, { maxLength: 5 }),
        fc.nat(SINKS.length - 1),
        (source, steps, sink) => {
          const { body, extra } = chain(source, steps, sink);
          const got = flow(body, extra);
          expect(
            got.some((g) => / session-(leak|in-url)$/.test(g)),
            JSON.stringify({ source, body, extra, got }),
          ).toBe(true);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('the same chains over a public value pass', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 5 }), fc.nat(SINKS.length - 1), (steps, sink) => {
        const { body, extra } = chain("t('common.confirm')", steps, sink);
        expect(flow(body, extra), JSON.stringify({ body, extra })).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });
});
