import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { createAppShell } from '../../server/page/appShell';
import { createLayoutStore, type LayoutSource } from '../../server/layouts/store';
import { collectTypes } from '../../src/contract/schema/collectTypes';
import { parseTemplate } from '../../src/expr';
import { LAYOUT_SCHEMA_VERSION } from '../../src/contract/schema/generated/validators/layoutSchemaVersion';
import { PAGE_PARTS, withoutPart, type PagePart } from '../../scripts/bench/pageParts';

vi.mock('../../src/contract/schema/collectTypes', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/contract/schema/collectTypes')>();
  return { ...real, collectTypes: vi.fn(real.collectTypes) };
});

/** earlyCode: the built early script's text (assets/early-1.js); without it the file is missing. */
function fixture(customer: unknown, earlyCode?: string) {
  const dist = mkdtempSync(join(tmpdir(), 'kopa-shell-'));
  const layouts = mkdtempSync(join(tmpdir(), 'kopa-layouts-'));
  mkdirSync(join(dist, '.vite'));
  if (earlyCode !== undefined) {
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'assets', 'early-1.js'), earlyCode);
  }
  writeFileSync(
    join(dist, 'index.html'),
    '<html><head><title>Kopa</title><script type="module" src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(
    join(dist, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-1.js', imports: ['_react.js'] },
      '_react.js': { file: 'assets/react-1.js' },
      'src/contract/schema/generated/validators/app.js': { file: 'assets/app-1.js' },
      'messages/layouts/en.json': { file: 'assets/en-1.js' },
      'messages/layouts/zh.json': { file: 'assets/zh-1.js' },
      'src/react/widgets/text/Text.tsx': { file: 'assets/Text-1.js', imports: ['_binding.js'] },
      '_binding.js': { file: 'assets/binding-1.js', imports: ['_react.js'] },
      'src/react/widgets/button/Button.tsx': { file: 'assets/Button-1.js' },
      'src/react/widgets/rich-text/RichText.tsx': { file: 'assets/RichText-1.js' },
      'src/react/widgets/rich-text/sanitizeHtml.ts': { file: 'assets/sanitizeHtml-1.js' },
      'src/app/shell/early.ts': { file: 'assets/early-1.js' },
      'src/contract/schema/generated/validators/responses/contact-kf-info.js': {
        file: 'assets/contact-kf-info-1.js',
      },
      'src/contract/schema/generated/validators/responses/get-sms.js': {
        file: 'assets/get-sms-1.js',
      },
    }),
  );
  writeFileSync(join(layouts, 'customer-service.json'), JSON.stringify(customer));
  // The published versions, as the database would hold them: here one file per layout, its
  // version counted by write() (publishing, checks included, is tested in layoutStudio.test.ts).
  let version = 1;
  const source: LayoutSource = {
    published: async (name) => {
      try {
        const content = readFileSync(join(layouts, `${name}.json`), 'utf8');
        return { version, content, served: content };
      } catch {
        return null;
      }
    },
    draft: async (name) => (await source.published(name))?.content ?? null,
    versions: async () => new Map([['customer-service', version]]),
  };
  const store = createLayoutStore(source, Fastify().log, { fragments: () => ({}) });
  const write = (doc: unknown) => {
    writeFileSync(join(layouts, 'customer-service.json'), JSON.stringify(doc));
    version += 1;
    return store.refresh();
  };
  return Object.assign(createAppShell(dist, store), { layoutsDir: layouts, write });
}

describe('app shell', () => {
  const layout = {
    id: 'customer-service',
    version: 1,
    title: 'Online service',
    body: [{ type: 'text', text: '</script><script>alert(1)</script><!--' }],
  };

  it('puts the layout in the page as inert JSON that no text can close, and preloads its chunks', async () => {
    const html = await fixture(layout).html('/customerService');
    const block =
      /<script type="application\/json" id="kopa-layout" data-name="customer-service"[^>]*>([\s\S]*?)<\/script>/.exec(
        html,
      );
    expect(block).not.toBeNull();
    expect(block?.[1]).not.toContain('<');
    // Compiled (server/layouts/compiled.ts): the layout itself, its bindings and first widgets.
    expect(JSON.parse(block?.[1] ?? '')).toMatchObject({
      format: 2,
      name: 'customer-service',
      layout,
      widgets: ['text'],
    });
    // The widget used (text) and its shared chunk; not the entry's own chunks, not unused widgets.
    expect(html).toContain('<link rel="modulepreload" href="/assets/Text-1.js">');
    expect(html).toContain('<link rel="modulepreload" href="/assets/binding-1.js">');
    expect(html).not.toContain('Button-1.js');
    expect(html).not.toContain('href="/assets/react-1.js"');
  });

  it('preloads the HTML sanitiser for rich text given as HTML, and only then', async () => {
    const withText = await fixture({
      ...layout,
      body: [{ type: 'rich-text', text: 'About us' }],
    }).html('/customerService');
    expect(withText).toContain('<link rel="modulepreload" href="/assets/RichText-1.js">');
    expect(withText).not.toContain('sanitizeHtml-1.js');
    const withHtml = await fixture({
      ...layout,
      body: [{ type: 'container', children: [{ type: 'rich-text', html: '<p>Terms</p>' }] }],
    }).html('/customerService');
    expect(withHtml).toContain('<link rel="modulepreload" href="/assets/RichText-1.js">');
    expect(withHtml).toContain('<link rel="modulepreload" href="/assets/sanitizeHtml-1.js">');
  });

  // A layout that passes this build's strict schema is stamped; one an older schema let through
  // is compiled with the check's first problem (the app's error screen says it). The browser's
  // validators are never preloaded: the app has none.
  it('stamps a layout it checked; an unchecked one carries its problem, and no validators are preloaded', async () => {
    const compiledIn = (html: string) =>
      JSON.parse(
        /<script type="application\/json" id="kopa-layout"[^>]*>([\s\S]*?)<\/script>/.exec(
          html,
        )?.[1] ?? 'null',
      ) as { checked?: string; invalid?: unknown };
    const good = await fixture(layout).html('/customerService');
    expect(good).toContain(` data-checked="${LAYOUT_SCHEMA_VERSION}"`);
    expect(compiledIn(good).checked).toBe(LAYOUT_SCHEMA_VERSION);
    expect(good).not.toContain('app-1.js');
    const stale = { ...layout, body: [{ type: 'text', text: 'x', colour: 'red' }] };
    const unchecked = await fixture(stale).html('/customerService');
    expect(unchecked).not.toContain('data-checked');
    expect(unchecked).not.toContain('app-1.js');
    expect(compiledIn(unchecked)).toMatchObject({
      invalid: { pointer: '/body/0', message: 'unknown property "colour"' },
    });
    expect(compiledIn(unchecked).checked).toBeUndefined();
  });

  // The few texts a screen shows travel in the page; the layouts' whole catalogue
  // (about 4 KB compressed) loads after the first screen, not before it.
  it("puts the texts the layout names in the page, in the borrower's language, instead of preloading the texts chunk", async () => {
    const named = {
      ...layout,
      body: [
        { type: 'text', text: "{{ t('customerService.intro') }}" },
        { type: 'text', text: "{{ t('customerService.call') }} 'not.a.key'" },
      ],
    };
    const texts = (html: string) =>
      JSON.parse(
        /<script type="application\/json" id="kopa-texts" data-lang="(?:en|zh)">([^<]*)<\/script>/.exec(
          html,
        )?.[1] ?? 'null',
      ) as unknown;
    const english = await fixture(named).html('/customerService');
    expect(texts(english)).toEqual({
      'customerService.intro': 'Our service team is here to help with your loan and repayments.',
      'customerService.call': 'Call customer service',
    });
    expect(english).not.toContain('en-1.js');
    const chinese = await fixture(named).html('/customerService', undefined, 'zh');
    expect(chinese).toContain('data-lang="zh"');
    expect(texts(chinese)).toEqual({
      'customerService.intro': '我们的客服团队随时为您解答借款和还款问题。',
      'customerService.call': '拨打客服电话',
    });
    expect(chinese).not.toContain('zh-1.js');
  });

  // The first screen's bindings come parsed in the compiled layout, constant parts folded.
  it("puts the layout's bindings in the page compiled as the parser reads them, constants folded; none for a broken binding", async () => {
    const bound = {
      ...layout,
      body: [
        { type: 'text', text: "Hi {{ t('customerService.intro') }}" },
        { type: 'text', text: '{{ data.x?.y ?? 1 }}' },
        { type: 'text', text: '{{ broken( }}' },
        { type: 'text', text: '</script>{{ 1 }}' },
        { type: 'text', text: '{{ 60 * 1000 + data.x }}' },
      ],
    };
    const html = await fixture(bound).html('/customerService');
    const block = /<script type="application\/json" id="kopa-layout"[^>]*>([^<]*)<\/script>/.exec(
      html,
    )?.[1];
    const bindings = (JSON.parse(block ?? '{}') as { templates: Record<string, unknown> })
      .templates;
    expect(Object.keys(bindings).sort()).toEqual([
      '</script>{{ 1 }}',
      "Hi {{ t('customerService.intro') }}",
      '{{ 60 * 1000 + data.x }}',
      '{{ data.x?.y ?? 1 }}',
    ]);
    for (const source of ['</script>{{ 1 }}', "Hi {{ t('customerService.intro') }}"]) {
      const parsed = parseTemplate(source);
      expect(parsed.ok && bindings[source]).toEqual(
        parsed.ok ? JSON.parse(JSON.stringify(parsed.template)) : null,
      );
    }
    // 60 * 1000 is folded to 60000: the phone adds one number, it multiplies nothing.
    expect(bindings['{{ 60 * 1000 + data.x }}']).toMatchObject({
      parts: [{ ast: { type: 'Binary', operator: '+', left: { type: 'Literal', value: 60000 } } }],
    });
  });

  it('serves the plain page for paths without a layout', async () => {
    expect(await fixture(layout).html('/no/such/page')).not.toContain('kopa-layout');
  });

  // A too-deep layout never inlined is now a publishing rule: such a layout never
  // becomes a published version (tests/server/layoutStudio.test.ts).

  it('builds the page once per layout version (name + ETag) and rebuilds when the layout changes', async () => {
    const shell = fixture(layout);
    vi.mocked(collectTypes).mockClear();
    const first = await shell.html('/customerService');
    const built = vi.mocked(collectTypes).mock.calls.length;
    expect(built).toBeGreaterThan(0);
    expect(await shell.html('/customerService')).toBe(first);
    expect(collectTypes).toHaveBeenCalledTimes(built);
    const changed = { ...layout, title: 'Changed title, longer than before' };
    await shell.write(changed);
    const second = await shell.html('/customerService');
    expect(second).toContain('Changed title');
    expect(vi.mocked(collectTypes).mock.calls.length).toBeGreaterThan(built);
  });

  it('preloads the response validators of the sources the page loads at once, not of manual ones', async () => {
    const withSources = {
      ...layout,
      dataSources: {
        kf: { endpoint: 'contactKfInfo' },
        sms: { endpoint: 'getSms', load: 'manual' },
      },
    };
    const html = await fixture(withSources).html('/customerService');
    expect(html).toContain('<link rel="modulepreload" href="/assets/contact-kf-info-1.js">');
    expect(html).not.toContain('get-sms-1.js');
  });

  // The first screen's data requests leave before the entry has arrived (server/page/earlyPlan.ts).
  // The plan names query keys, so the page is the same text whatever the query.
  it('plans the early requests from the layout alone and runs the early script before the entry', async () => {
    const withSources = {
      ...layout,
      dataSources: {
        kf: { endpoint: 'contactKfInfo', params: { overall: 30, order: '{{ query.orderId }}' } },
      },
    };
    const shell = fixture(withSources);
    const html = await shell.html('/customerService');
    const block = html.indexOf('<script type="application/json" id="kopa-early">');
    const early = html.indexOf(
      '<script type="module" crossorigin src="/assets/early-1.js"></script>',
    );
    expect(block).toBeGreaterThan(-1);
    expect(block).toBeLessThan(early);
    expect(early).toBeLessThan(html.indexOf('src="/assets/index-1.js"'));
    const text =
      /<script type="application\/json" id="kopa-early">(.*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(JSON.parse(text)).toEqual({
      requests: [
        {
          endpoint: 'contactKfInfo',
          spec: { path: '/v3/personal-center/contact-kf-info', method: 'POST', client: 'json' },
          params: [
            ['overall', { value: 30 }],
            ['order', { query: ['orderId'] }],
          ],
        },
      ],
    });
    // One text for every borrower: nothing of a query can be in it.
    expect(await shell.html('/customerService', undefined, 'en')).toBe(html);
  });

  // One request less before the first screen. The CSP allows that script by its hash only.
  it('puts the early script in the page when it can, allowed by its hash in the CSP', async () => {
    const withSources = {
      ...layout,
      dataSources: { kf: { endpoint: 'contactKfInfo', params: { order: '{{ query.orderId }}' } } },
    };
    const code = 'const e=1;fetch("/x"+e);';
    const shell = fixture(withSources, code);
    const html = await shell.html('/customerService');
    // A classic script after its plan and before the stylesheet: it runs where the parser meets it.
    const inline = html.indexOf(`<script>${code}</script>`);
    expect(inline).toBeGreaterThan(html.indexOf('id="kopa-early"'));
    expect(inline).toBeLessThan(html.indexOf('src="/assets/index-1.js"'));
    expect(html.slice(0, inline)).not.toContain('rel="stylesheet"');
    expect(html).not.toContain('early-1.js');
    expect(shell.scriptSources).toEqual([
      `'sha256-${createHash('sha256').update(code).digest('base64')}'`,
    ]);
    // A page with no early requests has no early script at all.
    const none = await fixture(layout, code).html('/customerService');
    expect(none).not.toContain(code);
  });

  it('links the early script instead when its text could close or comment out an inline script', async () => {
    const withSources = {
      ...layout,
      dataSources: { kf: { endpoint: 'contactKfInfo', params: { order: '{{ query.orderId }}' } } },
    };
    for (const code of ['const s="</SCRIPT>";', 'const s="<!--";', 'const s="<script";']) {
      const shell = fixture(withSources, code);
      const html = await shell.html('/customerService');
      expect(html).toContain(
        '<script type="module" crossorigin src="/assets/early-1.js"></script>',
      );
      expect(html).not.toContain(code);
      expect(shell.scriptSources).toEqual([]);
    }
  });

  it("keeps a layout's literal from closing the plan's block", async () => {
    const evil = '</script><script>alert(1)</script>';
    const withSources = {
      ...layout,
      dataSources: { kf: { endpoint: 'contactKfInfo', params: { q: evil } } },
    };
    const html = await fixture(withSources).html('/customerService');
    expect(html).not.toContain('<script>alert(1)');
    const block =
      /<script type="application\/json" id="kopa-early">(.*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(JSON.parse(block).requests[0].params).toEqual([['q', { value: evil }]]);
  });

  it('adds no early script when nothing qualifies (no sources, or only manual ones)', async () => {
    const manual = { ...layout, dataSources: { sms: { endpoint: 'getSms', load: 'manual' } } };
    for (const doc of [layout, manual]) {
      const html = await fixture(doc).html('/customerService');
      expect(html).not.toContain('early-1.js');
      expect(html).not.toContain('kopa-early');
    }
  });

  // The screen's frame paints before any script runs.
  it('paints the header with the title (escaped text) and a skeleton just before an empty #root, and titles the document', async () => {
    const header = {
      type: 'page-header',
      title: "<b>Pay & go</b> $& $'",
      onBack: [{ type: 'bridge', action: 'closeWebView' }],
    };
    const html = await fixture({
      ...layout,
      title: 'Pay',
      body: [header, { type: 'text', text: 'x' }],
    }).html('/customerService');
    // Before #root, not in it: React's root starts empty and the painted frame is never moved.
    const root =
      /<body>\s*(<div class="k-page k-frame"[\s\S]*?)<div id="root"><\/div><script type="application\/json"/.exec(
        html,
      )?.[1] ?? '';
    expect(root).toContain(
      '<h1 class="k-page-header__title">&lt;b&gt;Pay &amp; go&lt;/b&gt; $&amp; $\'</h1>',
    );
    expect(root).not.toContain('<b>');
    expect(root).toContain('k-page-header__chevron'); // the back chevron is drawn (no button before JS)
    expect(root).not.toContain('<button');
    expect(root).toContain('k-frame__block');
    expect(html).toContain('<title>Pay</title>');
  });

  it('never puts a binding in the frame: the layout title is used instead, else no title', async () => {
    const bound = {
      ...layout,
      title: 'Agreement',
      body: [{ type: 'page-header', title: '{{ query.name }}' }],
    };
    const html = await fixture(bound).html('/customerService');
    expect(html).toContain('<h1 class="k-page-header__title">Agreement</h1>');
    expect(html).not.toMatch(/data-kopa-frame[^]*\{\{[^]*<div id="root"><\/div>/);
    const noHeader = await fixture({ ...layout, body: [{ type: 'text', text: 'x' }] }).html(
      '/customerService',
    );
    expect(noHeader).toContain('data-kopa-frame');
    expect(noHeader).not.toContain('k-page-header');
  });
  // npm run bench:page measures each part by cutting it out of this page: it must find each one,
  // take only it, and refuse a page without it (a cut that changed nothing measured nothing).
  it('writes every part the page bench cuts out where the bench finds it', async () => {
    const withAll = {
      ...layout,
      body: [{ type: 'text', text: "{{ t('customerService.intro') }} {{ data.kf.name }}" }],
      dataSources: { kf: { endpoint: 'contactKfInfo', params: { order: '{{ query.orderId }}' } } },
    };
    const html = await fixture(withAll, 'const e=1;fetch("/x"+e);').html('/customerService');
    const markers: Record<PagePart, string[]> = {
      frame: ['data-kopa-frame'],
      early: ['<script>const e=1;', 'id="kopa-early"'],
      texts: ['id="kopa-texts"'],
      preloads: ['rel="modulepreload"'],
    };
    expect(Object.keys(markers).sort()).toEqual(Object.keys(PAGE_PARTS).sort());
    for (const [part, own] of Object.entries(markers) as [PagePart, string[]][]) {
      for (const marker of Object.values(markers).flat()) expect(html).toContain(marker);
      const cut = withoutPart(html, part);
      for (const marker of Object.values(markers).flat()) {
        if (own.includes(marker)) expect(cut, `${part}: ${marker}`).not.toContain(marker);
        else expect(cut, `${part}: ${marker}`).toContain(marker);
      }
      expect(cut).toContain('<div id="root"></div>');
      expect(cut).toContain('id="kopa-layout"');
      expect(cut).toContain('src="/assets/index-1.js"');
      expect(() => withoutPart(cut, part)).toThrow(`the page holds no "${part}"`);
    }
  });
});
