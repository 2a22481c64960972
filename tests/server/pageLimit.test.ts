/**
 * The app's pages need no session, so each address may open a limited number a minute
 * (server/page/pageLimit.ts); past it the answer is a 429 page that says how long to wait.
 * Every spelling of a page counts (the path guard refuses the ones the router would read
 * differently); the app's files and the API do not count against it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeClock, startServer, type TestServer } from './helpers';

let s: TestServer;
let dir: string;
const clock = fakeClock();

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kopa-page-limit-'));
  mkdirSync(join(dir, 'dist', 'assets'), { recursive: true });
  writeFileSync(
    join(dir, 'dist', 'index.html'),
    '<!doctype html><html lang="en"><head><title>Kopa</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dir, 'dist', 'assets', 'app-Ab12Cd34.js'), 'export {};');
  s = await startServer({ distDir: join(dir, 'dist'), pageRateLimit: 5, now: clock.now });
});
afterAll(async () => {
  await s.close();
  rmSync(dir, { recursive: true, force: true });
});

const page = (url: string, remoteAddress = '10.1.1.1') =>
  s.inject({ method: 'GET', url, headers: { accept: 'text/html' }, remoteAddress });

describe('the page limit per address', () => {
  it('five pages a minute here, spelt any way; the sixth is a 429 page with the wait; another address is not refused', async () => {
    for (const url of ['/repay?orderId=1', '/repay?orderId=2', '/Repay', '/no/such/page', '/'])
      expect((await page(url)).statusCode, url).toBe(url === '/no/such/page' ? 404 : 200);
    // A spelling the router would read differently is refused before it can be a page.
    expect((await page('/%72epay')).statusCode).toBe(400);
    const refused = await page('/repay?orderId=3');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toMatch(/^text\/html/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body).toContain(
      `Too many pages were opened from your network in the last minute. Please wait ${String(refused.headers['retry-after'])} seconds, then try again.`,
    );
    expect((await page('/repay', '10.1.1.2')).statusCode).toBe(200);
  });

  it("the app's files and the API are not counted, nor refused by it", async () => {
    for (let i = 0; i < 10; i++) {
      expect(
        (
          await s.inject({
            method: 'GET',
            url: '/assets/app-Ab12Cd34.js',
            remoteAddress: '10.1.1.3',
          })
        ).statusCode,
      ).toBe(200);
      expect(
        (
          await s.inject({
            method: 'POST',
            url: '/vexed/v3/personal-center/contact-kf-info',
            payload: { overall: 30 },
            remoteAddress: '10.1.1.3',
          })
        ).statusCode,
      ).toBe(200);
    }
    expect((await page('/repay', '10.1.1.3')).statusCode).toBe(200);
    // And the address that was refused may open pages again once its minute is over.
    clock.advance(61_000);
    expect((await page('/repay')).statusCode).toBe(200);
  });
});
