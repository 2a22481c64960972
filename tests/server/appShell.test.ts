import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { createAppShell } from '../../server/appShell';
import { createLayoutStore } from '../../server/layoutStore';
import { collectTypes } from '../../src/schema/collectTypes';

vi.mock('../../src/schema/collectTypes', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/schema/collectTypes')>();
  return { ...real, collectTypes: vi.fn(real.collectTypes) };
});

function fixture(customer: unknown) {
  const dist = mkdtempSync(join(tmpdir(), 'kopa-shell-'));
  const layouts = mkdtempSync(join(tmpdir(), 'kopa-layouts-'));
  mkdirSync(join(dist, '.vite'));
  writeFileSync(join(dist, 'index.html'), '<html><head><title>Kopa</title><script type="module" src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>');
  writeFileSync(
    join(dist, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-1.js', imports: ['_react.js'] },
      '_react.js': { file: 'assets/react-1.js' },
      'src/schema/generated/validators/app.js': { file: 'assets/app-1.js' },
      'src/widgets/text/Text.tsx': { file: 'assets/Text-1.js', imports: ['_binding.js'] },
      '_binding.js': { file: 'assets/binding-1.js', imports: ['_react.js'] },
      'src/widgets/button/Button.tsx': { file: 'assets/Button-1.js' },
      'src/schema/generated/validators/responses/contact-kf-info.js': { file: 'assets/contact-kf-info-1.js' },
      'src/schema/generated/validators/responses/get-sms.js': { file: 'assets/get-sms-1.js' },
    }),
  );
  writeFileSync(join(layouts, 'customer-service.json'), JSON.stringify(customer));
  return Object.assign(createAppShell(dist, createLayoutStore(layouts, Fastify().log)), { layoutsDir: layouts });
}

describe('app shell', () => {
  const layout = { id: 'customer-service', version: 1, title: 'Online service', body: [{ type: 'text', text: '</script><script>alert(1)</script><!--' }] };

  it('puts the layout in the page as inert JSON that no text can close, and preloads its chunks', async () => {
    const html = await fixture(layout).html('/customerService');
    const block = /<script type="application\/json" id="kopa-layout" data-name="customer-service"[^>]*>([\s\S]*?)<\/script>/.exec(html);
    expect(block).not.toBeNull();
    expect(block?.[1]).not.toContain('<');
    expect(JSON.parse(block?.[1] ?? '')).toEqual(layout);
    // The widget used (text) and its shared chunk, plus the validators; not the entry's own chunks, not unused widgets.
    expect(html).toContain('<link rel="modulepreload" href="/assets/Text-1.js">');
    expect(html).toContain('<link rel="modulepreload" href="/assets/binding-1.js">');
    expect(html).toContain('<link rel="modulepreload" href="/assets/app-1.js">');
    expect(html).not.toContain('Button-1.js');
    expect(html).not.toContain('href="/assets/react-1.js"');
  });

  it('serves the plain page for paths without a layout and for a layout that never was valid', async () => {
    expect(await fixture(layout).html('/no/such/page')).not.toContain('kopa-layout');
    expect(await fixture({ id: 'customer-service', version: 'x' }).html('/customerService')).not.toContain('kopa-layout');
  });

  it('never inlines a too-deep layout: the last good version, or the plain page on first start (issue 7.13)', async () => {
    const deep = `{"id":"customer-service","version":1,"title":"Deep","body":[${'{"type":"container","children":['.repeat(5000)}{"type":"text","text":"deep"}${']}'.repeat(5000)}]}`;
    const shell = fixture(layout);
    const good = await shell.html('/customerService');
    expect(good).toContain('id="kopa-layout"');
    const file = join(shell.layoutsDir, 'customer-service.json');
    writeFileSync(file, deep);
    const later = new Date(Date.now() + 5000);
    utimesSync(file, later, later);
    expect(await shell.html('/customerService')).toBe(good);

    const fresh = fixture(layout);
    writeFileSync(join(fresh.layoutsDir, 'customer-service.json'), deep);
    const plain = await fresh.html('/customerService');
    expect(plain).not.toContain('kopa-layout');
    expect(plain).toContain('<div id="root"></div>');
  });

  it('builds the page once per layout version (name + ETag) and rebuilds when the layout changes', async () => {
    const shell = fixture(layout);
    vi.mocked(collectTypes).mockClear();
    const first = await shell.html('/customerService');
    expect(await shell.html('/customerService')).toBe(first);
    expect(collectTypes).toHaveBeenCalledTimes(1);
    const changed = { ...layout, title: 'Changed title, longer than before' };
    writeFileSync(join(shell.layoutsDir, 'customer-service.json'), JSON.stringify(changed));
    const second = await shell.html('/customerService');
    expect(second).toContain('Changed title');
    expect(collectTypes).toHaveBeenCalledTimes(2);
  });

  it('preloads the response validators of the sources the page loads at once, not of manual ones (issue 10)', async () => {
    const withSources = { ...layout, dataSources: { kf: { endpoint: 'contactKfInfo' }, sms: { endpoint: 'getSms', load: 'manual' } } };
    const html = await fixture(withSources).html('/customerService');
    expect(html).toContain('<link rel="modulepreload" href="/assets/contact-kf-info-1.js">');
    expect(html).not.toContain('get-sms-1.js');
  });

  // Issue 10: the screen's frame paints before any script runs.
  it('paints the header with the title (escaped text) and a skeleton inside #root, and titles the document', async () => {
    const header = { type: 'page-header', title: '<b>Pay & go</b> $& $\'', onBack: [{ type: 'bridge', action: 'closeWebView' }] };
    const html = await fixture({ ...layout, title: 'Pay', body: [header, { type: 'text', text: 'x' }] }).html('/customerService');
    const root = /<div id="root">([\s\S]*?)<\/div><script type="application\/json"/.exec(html)?.[1] ?? '';
    expect(root).toContain('<h1 class="k-page-header__title">&lt;b&gt;Pay &amp; go&lt;/b&gt; $&amp; $\'</h1>');
    expect(root).not.toContain('<b>');
    expect(root).toContain('k-page-header__chevron'); // the back chevron is drawn (no button before JS)
    expect(root).not.toContain('<button');
    expect(root).toContain('k-frame__block');
    expect(html).toContain('<title>Pay</title>');
  });

  it('never puts a binding in the frame: the layout title is used instead, else no title', async () => {
    const bound = { ...layout, title: 'Agreement', body: [{ type: 'page-header', title: '{{ query.name }}' }] };
    const html = await fixture(bound).html('/customerService');
    expect(html).toContain('<h1 class="k-page-header__title">Agreement</h1>');
    expect(html).not.toMatch(/<div id="root">[^]*\{\{[^]*<\/div><script type="application\/json"/);
    const noHeader = await fixture({ ...layout, body: [{ type: 'text', text: 'x' }] }).html('/customerService');
    expect(noHeader).toContain('data-kopa-frame');
    expect(noHeader).not.toContain('k-page-header');
  });
});
