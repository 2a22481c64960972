import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { layoutOf, renderLayout } from '../support/renderLayout';
import { everyAttribute, renderHtml, richTextBody } from '../support/renderRichText';
import { XSS_IMG, XSS_SVG, expectNoInjectedElements } from '../support/noInjection';
import example from '../../layouts/_examples/rich-text.json';
import { sanitizeHtml, type LinkCheck } from '../../src/react/widgets/rich-text/sanitizeHtml';

const body = richTextBody;

describe('rich-text', () => {
  it('keeps the allowed structure: headings, paragraphs, lists, tables, safe links and images', async () => {
    await renderHtml(
      '<h2>Loan agreement</h2><p>Late penalty <b>10%</b> per <em>month</em>.</p>' +
        '<ol><li>One</li><li>Two</li></ol>' +
        '<table><tr><th>Fee</th><td colspan="2">TZS 1.000</td></tr></table>' +
        '<p><a href="https://kopa.example/terms">terms</a> <a href="/Policy">policy</a></p>' +
        '<img src="https://cdn.kopa.example/sign.png" alt="signature">',
      { allowHosts: ['kopa.example'] },
    );
    await screen.findByRole('heading', { name: 'Loan agreement' });
    expect(body().querySelector('b')?.textContent).toBe('10%');
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['One', 'Two']);
    expect(body().querySelector('td')?.getAttribute('colspan')).toBe('2');
    const external = screen.getByRole('link', { name: 'terms' });
    expect(external.getAttribute('href')).toBe('https://kopa.example/terms');
    expect(external.getAttribute('target')).toBe('_blank');
    expect(external.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByRole('link', { name: 'policy' }).getAttribute('href')).toBe('/Policy');
    expect(screen.getByRole('img', { name: 'signature' }).getAttribute('src')).toBe(
      'https://cdn.kopa.example/sign.png',
    );
  });

  it('drops SECURITY 1/2 payloads: no handler attribute, no script, svg or iframe element', async () => {
    const { container } = await renderHtml(
      `<p>a ${XSS_IMG} b</p><a href="javascript:alert(1)">js link</a>` +
        '<iframe src="https://evil.tld"></iframe><script>alert(1)</script><style>p{}</style>' +
        '<img src="https://cdn.kopa.example/ok.png" onerror="alert(1)" style="x" alt="ok">' +
        '<p onclick="alert(1)" style="color:red" class="k-page" id="terms">styled</p>' +
        '<form action="/x"><input name="pin"><button>Send</button></form><object data="x.swf"></object>' +
        '<math><mi xlink:href="javascript:alert(1)">m</mi></math>' +
        '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></p></noscript>' +
        `<p>before svg</p>${XSS_SVG}<p>after svg</p>`,
    );
    screen.getByText('before svg');
    await screen.findByText('styled');
    expect(
      container.querySelector(
        'script, svg, iframe, style, form, input, button, object, math, noscript',
      ),
    ).toBeNull();
    expectNoInjectedElements(container);
    const attributes = everyAttribute(body());
    expect(
      attributes.filter(
        (a) => /\[(on\w+|style|class|id|xlink:href)=/.test(a) && !a.startsWith('div['),
      ),
    ).toEqual([]);
    expect(screen.getByText('js link').getAttribute('href')).toBeNull();
    expect(body().textContent).not.toContain('alert(1)</script>');
    expect(body().textContent).not.toContain('p{}');
    expect(screen.getByRole('img', { name: 'ok' }).getAttribute('onerror')).toBeNull();
  });

  it.each([
    'JaVaScRiPt:alert(1)',
    '\tjava\nscript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    '//evil.tld',
    '/\\evil.tld',
    '/\t/evil.tld',
  ])('refuses the link %j', async (href) => {
    await renderHtml(`<a href="${href.replace(/"/g, '&quot;')}">bad</a>`);
    expect((await screen.findByText('bad')).getAttribute('href')).toBeNull();
  });

  // The runtime's env.checkUrl decides (src/app/security/url.ts): control characters anywhere, hosts
  // off the allowlist (default here: pay.kopa.example) and over-long URLs are all refused.
  it.each([
    ['NUL inside the scheme', 'java\u0000script:alert(1)'],
    ['NUL inside the host', 'https://pay.kopa.example\u0000.evil.tld'],
    ['C0 control inside the host', 'https://pay.kopa.example\u0001.evil.tld'],
    ['C0 control inside a path', '/Policy\u0001/x'],
    ['C1 control inside a path', '/Policy\u0085'],
    ['a host off the allowlist', 'https://evil.tld/pay'],
    ['an allowlisted name as userinfo', 'https://pay.kopa.example@evil.tld/'],
    ['a fragment-only link', '#section'],
    ['a 9,000-character URL', `https://pay.kopa.example/${'a'.repeat(9000)}`],
    ['a 9,000-character path', `/${'a'.repeat(9000)}`],
  ])('refuses a link with %s, keeping its text', async (_label, href) => {
    await renderHtml(
      `<p>before <a href="${href.replace(/"/g, '&quot;')}" title="t">bad</a> after</p>`,
    );
    const link = await screen.findByText('bad');
    expect(link.localName).toBe('a');
    expect(link.getAttribute('href')).toBeNull();
    expect(link.getAttribute('target')).toBeNull();
    expect(body().querySelector('p')?.textContent).toBe('before bad after');
  });

  it('opens allowlisted hosts in a new tab and keeps same-origin links in the app', async () => {
    await renderHtml(
      '<p><a href="https://pay.kopa.example/repay?x=1">pay</a> <a href="http://localhost:3000/Policy#top">own</a> ' +
        `<a href="https://pay.kopa.example/${'a'.repeat(8000)}">long but within the cap</a></p>`,
    );
    const pay = await screen.findByRole('link', { name: 'pay' });
    expect(pay.getAttribute('href')).toBe('https://pay.kopa.example/repay?x=1');
    expect(pay.getAttribute('target')).toBe('_blank');
    expect(pay.getAttribute('rel')).toBe('noopener noreferrer');
    const own = screen.getByRole('link', { name: 'own' });
    expect(own.getAttribute('href')).toBe('/Policy#top');
    expect(own.getAttribute('target')).toBeNull();
    expect(own.getAttribute('rel')).toBeNull();
    expect(
      screen.getByRole('link', { name: 'long but within the cap' }).getAttribute('target'),
    ).toBe('_blank');
  });

  it('sanitizeHtml leaves every URL decision to the checks it is given', () => {
    const links: string[] = [];
    const images: string[] = [];
    const checkLink = (raw: string): LinkCheck => {
      links.push(raw);
      if (raw === 'ext') return { ok: true, url: 'https://x.example/', external: true };
      if (raw === 'int') return { ok: true, url: '/in', external: false };
      return { ok: false, reason: 'no' };
    };
    const checkImage = (raw: string) => {
      images.push(raw);
      return raw === 'good' ? '/img.png' : null;
    };
    const tree = sanitizeHtml(
      '<a href="ext">e</a><a href="int">i</a><a href="/ab">c</a><a>none</a><img src="good" alt="g"><img src="bad"><img alt="nosrc">',
      { checkLink, checkImage },
    );
    // The raw attribute values, untouched: no private pre-filter runs before the checks.
    expect(links).toEqual(['ext', 'int', '/ab']);
    expect(images).toEqual(['good', 'bad']);
    expect(tree).toEqual([
      {
        tag: 'a',
        attrs: { href: 'https://x.example/', target: '_blank', rel: 'noopener noreferrer' },
        children: ['e'],
      },
      { tag: 'a', attrs: { href: '/in' }, children: ['i'] },
      { tag: 'a', attrs: {}, children: ['c'] },
      { tag: 'a', attrs: {}, children: ['none'] },
      { tag: 'img', attrs: { src: '/img.png', alt: 'g' }, children: [] },
    ]);
  });

  it.each([
    'x',
    'http://cdn.kopa.example/a.png',
    'data:image/svg+xml,<svg onload=alert(1)>',
    'javascript:alert(1)',
    '//evil.tld/a.png',
  ])('drops the image %j', async (src) => {
    await renderHtml(`<p>text</p><img src="${src.replace(/"/g, '&quot;')}" alt="pic">`);
    await screen.findByText('text');
    expect(body().querySelector('img')).toBeNull();
  });

  it('survives 5,000 nested elements (SECURITY 6)', async () => {
    await renderHtml(
      `<p>before</p>${'<div>'.repeat(5000)}deep${'</div>'.repeat(5000)}<p>after</p>`,
    );
    await screen.findByText('before');
    // Cut where the nesting passed the limit: the rest is gone, the page is alive.
    expect(screen.queryByText('deep')).toBeNull();
  });

  it('keeps long flat documents with unclosed paragraphs and list items', async () => {
    await renderHtml(`${'<p>clause'.repeat(600)}<ul>${'<li>item'.repeat(600)}</ul><p>the end`);
    await screen.findByText('the end');
    expect(body().querySelectorAll('p')).toHaveLength(601);
    expect(body().querySelectorAll('li')).toHaveLength(600);
  });

  it('shows plain text as paragraphs split on blank lines, never as markup', async () => {
    await renderLayout(
      layoutOf([
        {
          type: 'rich-text',
          id: 'terms',
          text: `About us\n\nKopa lends money.\nSecond line\n\n\n${XSS_IMG}`,
        },
      ]),
    );
    const paragraphs = [...body().querySelectorAll('p')];
    expect(paragraphs.map((p) => p.textContent)).toEqual([
      'About us',
      'Kopa lends money.Second line',
      XSS_IMG,
    ]);
    expect(paragraphs[1]?.querySelectorAll('br')).toHaveLength(1);
    expectNoInjectedElements(body());
  });

  it('dangerouslySetInnerHTML and other HTML sinks appear in no source file (SECURITY 2)', () => {
    const root = join(import.meta.dirname, '..', '..', 'src');
    const files = (function walk(dir: string): string[] {
      return readdirSync(dir).flatMap((n) =>
        statSync(join(dir, n)).isDirectory()
          ? walk(join(dir, n))
          : /\.tsx?$/.test(n)
            ? [join(dir, n)]
            : [],
      );
    })(root);
    const sinks =
      /dangerouslySetInnerHTML|\.innerHTML\s*=|outerHTML\s*=|insertAdjacentHTML|document\.write/;
    const allowed = new Set(['react/widgets/rich-text/sanitizeHtml.ts']);
    const offenders = files
      .filter((f) => sinks.test(readFileSync(f, 'utf8')))
      .map((f) => relative(root, f).split('\\').join('/'));
    expect(offenders.filter((f) => !allowed.has(f))).toEqual([]);
  });

  it('renders the example layout', async () => {
    await renderLayout(example);
    screen.getByRole('heading', { name: 'Loan agreement' });
    expect(screen.getByRole('link', { name: 'privacy policy' }).getAttribute('href')).toBe(
      '/Policy',
    );
    screen.getByText('About us');
  });
});
