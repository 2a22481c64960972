/** The layout store: one read per file version shared by concurrent requests; a file that cannot be read is not a 500. */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
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
  return a;
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
});
