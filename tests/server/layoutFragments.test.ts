/**
 * The server serves layouts with their fragments expanded (server/layouts/fragments.ts, called by
 * servable() in server/layouts/store.ts): the browser never sees a `use`, and a layout without one
 * is served as its own bytes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expandForServing, fragmentsOf } from '../../server/layouts/servedFragments';
import { startServer, type TestServer } from './helpers';

const ROOT = join(import.meta.dirname, '..', '..');
const file = (name: string) => readFileSync(join(ROOT, 'layouts', `${name}.json`), 'utf8');
const fragments = fragmentsOf(join(ROOT, 'layouts'));

describe('expandForServing', () => {
  it('serves a layout without fragments as its own text', () => {
    const text = file('about-us');
    expect(expandForServing(JSON.parse(text), text, fragments()).body).toBe(text);
  });

  it('replaces each use by its fragment', () => {
    const text = file('site-home');
    expect(text).toContain('"use": "site-footer"');
    const served = expandForServing(JSON.parse(text), text, fragments());
    expect(served.body).not.toContain('"use"');
    const body = (served.doc as { body: { id?: string }[] }).body;
    expect(body.map((n) => n.id)).toContain('siteFooter');
  });
});

describe('GET /layouts/<name>.json', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer();
  });
  afterAll(async () => {
    await s.close();
  });

  it('answers the expanded layout: the footer fragment and the confirm back actions in place', async () => {
    const home = await s.inject({ method: 'GET', url: '/layouts/site-home.json' });
    expect(home.statusCode).toBe(200);
    expect(home.body).not.toContain('"use"');
    expect(
      home
        .json<{ body: { id?: string; children?: { id?: string }[] }[] }>()
        .body.find((n) => n.id === 'siteFooter')
        ?.children?.map((c) => c.id),
    ).toEqual([undefined, 'footerPhone', 'footerEmail', 'footerAddress', 'footerCopyright']);
    const confirm = await s.inject({ method: 'GET', url: '/layouts/confirm.json' });
    expect(confirm.json<{ onBack: { type: string; when: string }[] }>().onBack).toEqual([
      expect.objectContaining({ type: 'if', when: '{{ data.confirm.isPopType == 1 }}' }),
    ]);
  });
});
