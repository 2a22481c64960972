/** An encoded or otherwise respelt API path is rate limited like the plain path, or refused. */
import { describe, expect, it } from 'vitest';
import { startServer } from './helpers';

describe('encoded API paths are rate limited like the plain path, or refused (item 6)', () => {
  const plain = '/vexed/service/new/union-error-info';
  it.each([
    ['%76exed', '/%76exed/service/new/union-error-info'],
    ['%2e%2e', '/vexed/%2e%2e/vexed/service/new/union-error-info'],
    ['dot segment', '/vexed/./service/new/union-error-info'],
    ['double slash', '//vexed/service/new/union-error-info'],
    ['inner double slash', '/vexed//service/new/union-error-info'],
    ['upper case', '/VEXED/service/new/union-error-info'],
    ['mixed case', '/Vexed/service/new/union-error-info'],
    ['encoded slash', '/vexed%2Fservice%2Fnew%2Funion-error-info'],
    ['encoded letter in the middle', '/vexed/service/new/union-error-inf%6F'],
    ['backslash', '/vexed\\service/new/union-error-info'],
  ])('%s', async (_n, variant) => {
    const n = await startServer({ apiRateLimit: 3 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await n.inject({ method: 'GET', url: plain })).statusCode);
      expect(statuses).toEqual([200, 200, 200]);
      for (let i = 0; i < 5; i++) {
        const res = await n.inject({ method: 'GET', url: variant });
        expect(res.statusCode, `${variant}: ${res.body.slice(0, 200)}`).not.toBe(200);
        expect(res.statusCode).toBeLessThan(500);
        expect([400, 404, 429]).toContain(res.statusCode);
      }
    } finally {
      await n.close();
    }
  });

  it('a variant alone gets no more than the limit', async () => {
    const n = await startServer({ apiRateLimit: 3 });
    try {
      const ok: number[] = [];
      for (const v of [
        '/%76exed/service/new/union-error-info',
        '/vexed/%2e/service/new/union-error-info',
        '/VEXED/service/new/union-error-info',
      ]) {
        for (let i = 0; i < 5; i++) ok.push((await n.inject({ method: 'GET', url: v })).statusCode);
      }
      expect(ok.filter((x) => x === 200).length).toBeLessThanOrEqual(3);
    } finally {
      await n.close();
    }
  });
});
