/**
 * The layout store over its source (the database in the server): one read per published version
 * shared by concurrent requests, a new version seen after invalidate/refresh, a failed read a 503
 * envelope that is not remembered, drafts only with a valid preview token.
 * Publishing rules (checks, refusals, versions) are tested in layoutStudio.test.ts.
 */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../../server/http/errorHandler';
import { registerLayouts } from '../../server/layouts/routes';
import { createLayoutStore, type LayoutSource } from '../../server/layouts/store';
import { LAYOUT_SCHEMA_VERSION } from '../../src/contract/schema/generated/validators/layoutSchemaVersion';

const V1 = '{"id":"customer-service","version":1,"title":"One","body":[]}';
const V2 = '{"id":"customer-service","version":2,"title":"Two","body":[]}';

function fakeSource() {
  const state = {
    version: 1,
    content: V1,
    draft: null as string | null,
    reads: 0,
    failNext: false,
  };
  const source: LayoutSource = {
    published: async (name) => {
      state.reads += 1;
      await new Promise((r) => setTimeout(r, 5));
      if (state.failNext) {
        state.failNext = false;
        throw new Error('connection refused');
      }
      return name === 'customer-service'
        ? { version: state.version, content: state.content, served: state.content }
        : null;
    },
    draft: async (name) => (name === 'customer-service' ? (state.draft ?? state.content) : null),
    versions: async () => new Map([['customer-service', state.version]]),
  };
  return { state, source };
}

function app(source: LayoutSource) {
  const a = Fastify();
  registerErrorHandling(a);
  const store = createLayoutStore(source, a.log, {
    fragments: () => ({}),
    verifyPreview: (token, name) => token === `ok-${name}`,
  });
  registerLayouts(a, store);
  return Object.assign(a, { store });
}

const get = (a: ReturnType<typeof app>, headers: Record<string, string> = {}) =>
  a.inject({ method: 'GET', url: '/layouts/customer-service.json', headers });

describe('layout store', () => {
  it('concurrent first requests share one read and get the same body and ETag; 304 after', async () => {
    const { state, source } = fakeSource();
    const a = app(source);
    const res = await Promise.all([1, 2, 3].map(() => get(a)));
    expect(res.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(res.map((r) => r.body)).toEqual([V1, V1, V1]);
    expect(new Set(res.map((r) => r.headers.etag)).size).toBe(1);
    expect(state.reads).toBe(1);
    expect((await get(a, { 'if-none-match': String(res[0]?.headers.etag) })).statusCode).toBe(304);
    expect(state.reads).toBe(1);
  });

  it('a new published version is served after refresh() notices it (the poll) or invalidate() (a notification)', async () => {
    const { state, source } = fakeSource();
    const a = app(source);
    const first = await get(a);
    Object.assign(state, { version: 2, content: V2 });
    expect((await get(a)).body).toBe(V1); // cached until told
    await a.store.refresh();
    const second = await get(a);
    expect(second.body).toBe(V2);
    expect(second.headers.etag).not.toBe(first.headers.etag);
    Object.assign(state, { version: 3, content: V1 });
    a.store.invalidate('customer-service');
    expect((await get(a)).body).toBe(V1);
  });

  it("marks a body that passes this build's strict schema as checked (header on 200 and 304); not one an older schema let through", async () => {
    const { state, source } = fakeSource();
    const a = app(source);
    const good = await get(a);
    expect(good.headers['x-kopa-layout-checked']).toBe(LAYOUT_SCHEMA_VERSION);
    const revalidated = await get(a, { 'if-none-match': String(good.headers.etag) });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers['x-kopa-layout-checked']).toBe(LAYOUT_SCHEMA_VERSION);
    Object.assign(state, {
      version: 2,
      content:
        '{"id":"customer-service","version":2,"title":"Two","body":[{"type":"no-such-widget"}]}',
    });
    await a.store.refresh();
    const stale = await get(a);
    expect(stale.statusCode).toBe(200);
    expect(stale.headers['x-kopa-layout-checked']).toBeUndefined();
  });

  it('a failed read is a 503 envelope with a reason, and the next request reads again', async () => {
    const { state, source } = fakeSource();
    const a = app(source);
    state.failNext = true;
    const failed = await get(a);
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toEqual({
      code: '503',
      message: 'The page layout is unavailable right now; please try again.',
    });
    expect((await get(a)).statusCode).toBe(200);
  });

  it('an unknown layout is a 404 envelope, and is not remembered as missing', async () => {
    const { source } = fakeSource();
    const a = app(source);
    const res = await a.inject({ method: 'GET', url: '/layouts/nothing.json' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: '404' });
  });

  it('the draft only for a valid preview token of that layout', async () => {
    const { state, source } = fakeSource();
    state.draft = V2;
    const a = app(source);
    expect((await a.store.load('customer-service'))?.body).toBe(V1);
    expect((await a.store.load('customer-service', 'forged'))?.body).toBe(V1);
    expect((await a.store.load('customer-service', 'ok-repay'))?.body).toBe(V1);
    const preview = await a.store.load('customer-service', 'ok-customer-service');
    expect(preview).toMatchObject({ body: V2, preview: true });
    // The preview is not cached in place of the published version.
    expect((await a.store.load('customer-service'))?.body).toBe(V1);
  });
});
