/** The layout store: one read per file version shared by concurrent requests; a file that cannot be read is not a 500. */
import { mkdirSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../../server/errorHandler';
import { registerLayouts } from '../../server/layouts';
import { createLayoutStore } from '../../server/layoutStore';

const VALID = readFileSync(join(import.meta.dirname, '../../layouts/customer-service.json'), 'utf8');

function app(files: Record<string, string>, dirs: string[] = []) {
  const dir = mkdtempSync(join(tmpdir(), 'kopa-layouts-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  for (const d of dirs) mkdirSync(join(dir, d));
  const a = Fastify();
  registerErrorHandling(a);
  registerLayouts(a, createLayoutStore(dir, a.log));
  return Object.assign(a, { dir });
}

/** Replaces a file with a new version the store will notice (a later mtime, whatever the clock's grain). */
function replaceFile(dir: string, name: string, text: string, secondsLater: number) {
  const file = join(dir, name);
  writeFileSync(file, text);
  const when = new Date(Date.now() + secondsLater * 1000);
  utimesSync(file, when, when);
}

/** Written as text: JSON.stringify itself runs out of stack on very deep values. */
function deepLayout(levels: number): string {
  const node = `${'{"type":"container","children":['.repeat(levels)}{"type":"text","text":"deep"}${']}'.repeat(levels)}`;
  return `{"id":"customer-service","version":1,"title":"Deep","body":[${node}]}`;
}

describe('layout store', () => {
  it('two concurrent first requests for a valid layout both get 200 with the same ETag', async () => {
    const a = app({ 'customer-service.json': VALID });
    const res = await Promise.all([1, 2, 3].map(() => a.inject({ method: 'GET', url: '/layouts/customer-service.json' })));
    expect(res.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(res.map((r) => r.headers.etag)).size).toBe(1);
    expect(res[0]?.body).toBe(VALID);
  });

  it('concurrent first requests for an invalid layout all get the 503 envelope', async () => {
    const a = app({ 'broken.json': '{ not json' });
    const res = await Promise.all([1, 2].map(() => a.inject({ method: 'GET', url: '/layouts/broken.json' })));
    expect(res.map((r) => r.statusCode)).toEqual([503, 503]);
    expect(res[1]?.json()).toMatchObject({ code: '503' });
  });

  it('a file that stats but cannot be read is a 404 envelope, not a 500', async () => {
    const a = app({}, ['weird.json']); // a directory: stat succeeds, readFile fails
    const res = await a.inject({ method: 'GET', url: '/layouts/weird.json' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: '404' });
  });

  // Issue 7.13: the validators recurse once per level and overflowed the stack at ~1,500 levels,
  // which made the layout route answer 500. The depth limit is checked first (src/schema/layoutLimits.ts).
  it.each([1_500, 100_000])('a %i-deep layout file is refused: the last good version keeps being served (200, same ETag)', async (levels) => {
    const a = app({ 'customer-service.json': VALID });
    const good = await a.inject({ method: 'GET', url: '/layouts/customer-service.json' });
    expect(good.statusCode).toBe(200);
    replaceFile(a.dir, 'customer-service.json', deepLayout(levels), 5);
    for (let i = 0; i < 2; i += 1) {
      const res = await a.inject({ method: 'GET', url: '/layouts/customer-service.json' });
      expect(res.statusCode).toBe(200);
      expect(res.headers.etag).toBe(good.headers.etag);
      expect(res.body).toBe(VALID);
    }
    // Fixed again: the new version is served.
    const fixed = VALID.replace('"version": 1', '"version": 2');
    expect(fixed).not.toBe(VALID);
    replaceFile(a.dir, 'customer-service.json', fixed, 10);
    expect((await a.inject({ method: 'GET', url: '/layouts/customer-service.json' })).body).toBe(fixed);
  });

  // JSON.parse keeps the last of two equal keys, so an edit could silently lose the first: refused.
  it('a layout file with a key written twice is refused: the last good version keeps being served', async () => {
    const a = app({ 'customer-service.json': VALID });
    const good = await a.inject({ method: 'GET', url: '/layouts/customer-service.json' });
    const twice = VALID.replace('"version": 1', '"version": 2, "version": 3');
    expect(twice).not.toBe(VALID);
    replaceFile(a.dir, 'customer-service.json', twice, 5);
    const res = await a.inject({ method: 'GET', url: '/layouts/customer-service.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBe(good.headers.etag);
    expect(res.body).toBe(VALID);
  });

  it.each([1_500, 100_000])('a %i-deep layout on first start is the 503 envelope, never a 500', async (levels) => {
    const a = app({ 'deep.json': deepLayout(levels).replace('"customer-service"', '"deep"') });
    const res = await Promise.all([1, 2].map(() => a.inject({ method: 'GET', url: '/layouts/deep.json' })));
    expect(res.map((r) => r.statusCode)).toEqual([503, 503]);
    expect(res[0]?.json()).toMatchObject({ code: '503', message: expect.stringContaining('no previous valid version') });
  });

  it('a layout with more than 100,000 values is refused the same way', async () => {
    const huge = VALID.replace('"body": [', `"state": { "list": [${'0,'.repeat(150_000)}0] }, "body": [`);
    expect(huge).not.toBe(VALID);
    const a = app({ 'customer-service.json': VALID, 'huge.json': huge.replace('"customer-service"', '"huge"') });
    const good = await a.inject({ method: 'GET', url: '/layouts/customer-service.json' });
    replaceFile(a.dir, 'customer-service.json', huge, 5);
    const res = await a.inject({ method: 'GET', url: '/layouts/customer-service.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBe(good.headers.etag);
    expect((await a.inject({ method: 'GET', url: '/layouts/huge.json' })).statusCode).toBe(503);
  });
});
