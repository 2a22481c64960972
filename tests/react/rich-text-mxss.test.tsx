import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { everyAttribute, renderHtml, richTextBody } from '../support/renderRichText';
import { expectNoInjectedElements } from '../support/noInjection';
import { sanitizeHtml, type SafeNode } from '../../src/react/widgets/rich-text/sanitizeHtml';
import { ALLOWED_TAGS, ATTRIBUTES_OF } from '../../src/react/widgets/rich-text/richTextPolicy';

// SECURITY 1, 2, 11 and 24 against the sanitiser's known escape routes: mutation XSS (markup that
// parses differently the second time), namespace confusion, DOM clobbering and attributes that
// load from another origin. Images point at an allowed host, so only the sanitiser stands between
// each payload and the page.
const OK_IMG = 'https://cdn.kopa.example/a.png';

/** Only these attribute names may appear under the widget (besides its own div). */
const ALLOWED_ATTRIBUTES =
  /^(a\[(href|title|target|rel)|img\[(src|alt|width|height)|t[dh]\[(colspan|rowspan)|ol\[start)=/;

/** The sanitiser's own output, with URL checks that allow everything: only its policy filters. */
function forbiddenInTree(html: string): string[] {
  const tree = sanitizeHtml(html, {
    checkLink: (raw) => ({ ok: true, url: raw, external: true }),
    checkImage: (raw) => raw,
  });
  const added: Record<string, string[]> = { a: ['target', 'rel'] };
  const walk = (nodes: SafeNode[]): string[] =>
    nodes.flatMap((n) =>
      typeof n === 'string'
        ? []
        : [
            ...(ALLOWED_TAGS.includes(n.tag) ? [] : [n.tag]),
            ...Object.keys(n.attrs)
              .filter(
                (a) => ![...(ATTRIBUTES_OF[n.tag] ?? []), ...(added[n.tag] ?? [])].includes(a),
              )
              .map((a) => `${n.tag}[${a}]`),
            ...walk(n.children),
          ],
    );
  return walk(tree);
}

function expectOnlyAllowedAttributes() {
  const attributes = everyAttribute(richTextBody()).filter((a) => !a.startsWith('div['));
  expect(attributes.filter((a) => !ALLOWED_ATTRIBUTES.test(a))).toEqual([]);
}

describe('rich-text against mutation XSS and clobbering', () => {
  it.each([
    `<svg><style><img src="${OK_IMG}" onerror=alert(1)>`,
    `<math><mtext><table><mglyph><style><img src="${OK_IMG}" onerror=alert(1)>`,
    `<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;/mglyph&gt;&lt;img src=1 onerror=alert(1)&gt;">`,
    `<form><math><mtext></form><form><mglyph><style></math><img src="${OK_IMG}" onerror=alert(1)>`,
    `<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">`,
    `<math><mi><mglyph><svg><mtext><textarea><path id="</textarea><img onerror=alert(1) src=1>">`,
    `<noscript><p title="</noscript><img src="${OK_IMG}" onerror=alert(1)>"></p></noscript>`,
    `<xmp><p title="</xmp><img src="${OK_IMG}" onerror=alert(1)>"></xmp>`,
    `<template><img src="${OK_IMG}" onerror=alert(1)></template>`,
    `<a href="https://pay.kopa.example/" onmouseover=alert(1)>x</a>`,
  ])('%s: no handler, no foreign element, only allowed attributes', async (payload) => {
    expect(forbiddenInTree(payload)).toEqual([]);
    await renderHtml(`<p>before</p>${payload}<p>after</p>`);
    await screen.findByText('before');
    const root = richTextBody();
    expectNoInjectedElements(root);
    expect(
      root.querySelector('svg, math, style, template, textarea, xmp, noscript, form'),
    ).toBeNull();
    expect(
      [...root.querySelectorAll('*')].every((el) => el.namespaceURI === root.namespaceURI),
    ).toBe(true);
    expect(root.innerHTML).not.toMatch(/\son\w+=/i);
    expectOnlyAllowedAttributes();
  });

  it('drops attributes that would load or send from another origin', async () => {
    const html =
      `<p style="background:url(https://evil.tld/x)">styled</p>` +
      `<img src="${OK_IMG}" srcset="https://evil.tld/x.png 2x" alt="pic">` +
      `<a href="https://pay.kopa.example/" ping="https://evil.tld/p" target="_self">pay</a>` +
      `<table background="https://evil.tld/t.png"><tr><td>cell</td></tr></table>` +
      `<div data-x="1" aria-label="a" class="k-page" id="terms">div</div>`;
    expect(forbiddenInTree(html)).toEqual([]);
    await renderHtml(html);
    await screen.findByText('styled');
    expectOnlyAllowedAttributes();
    expect(screen.getByRole('img', { name: 'pic' }).getAttribute('src')).toBe(OK_IMG);
    expect(screen.getByRole('link', { name: 'pay' }).getAttribute('target')).toBe('_blank');
  });

  it('refuses an image that would carry the session to another origin (SECURITY 24)', async () => {
    await renderHtml(`<p>text</p><img src="${OK_IMG}?sid=sess-7f3a9c" alt="leak">`, {
      query: { userId: '10001', sessionId: 'sess-7f3a9c' },
    });
    await screen.findByText('text');
    expect(richTextBody().querySelector('img')).toBeNull();
  });

  it('leaves no name or id that could clobber document properties', async () => {
    await renderHtml(
      `<img src="${OK_IMG}" name="cookie" alt="c"><a id="location" name="forms">l</a><p>end</p>`,
    );
    await screen.findByText('end');
    expect(richTextBody().querySelector('[name], [id]')).toBeNull();
    expect(typeof document.cookie).toBe('string');
  });
});
