import { describe, expect, it } from 'vitest';
import { newIdempotencyKey } from '../../../src/app/http/idempotency';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newIdempotencyKey', () => {
  it('uses crypto.randomUUID when present', () => {
    expect(newIdempotencyKey({ randomUUID: () => 'from-random-uuid' })).toBe('from-random-uuid');
    expect(newIdempotencyKey()).toMatch(UUID_V4);
  });

  it('falls back to getRandomValues and still makes a v4 UUID', () => {
    const key = newIdempotencyKey({ getRandomValues: (a: Uint8Array) => a.fill(0xff) });
    expect(key).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
  });

  it('works without Web Crypto, and keys differ', () => {
    const keys = new Set(Array.from({ length: 100 }, () => newIdempotencyKey({})));
    expect(keys.size).toBe(100);
    for (const k of keys) expect(k).toMatch(UUID_V4);
  });
});
