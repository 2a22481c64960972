/**
 * The app matches a location to its page by a lookup in the route table (src/app/shell/pageForPath.ts),
 * as React Router's Routes matched it: any letter case, trailing slashes, percent-escapes.
 */
import { describe, expect, it } from 'vitest';
import routes from '../../config/routes.json';
import { pageForPath } from '../../src/app/shell/pageForPath';

const pages = Object.values(routes.pages);

describe('pageForPath', () => {
  it('every path of the route table is a plain path (no parameter, no splat), unique in any letter case', () => {
    for (const page of pages)
      expect(page.path, page.layout).toMatch(/^\/([A-Za-z0-9._~-]+(\/[A-Za-z0-9._~-]+)*)?$/);
    expect(new Set(pages.map((page) => page.path.toLowerCase())).size).toBe(pages.length);
  });

  it('finds each page by its own path', () => {
    for (const page of pages) expect(pageForPath(page.path), page.path).toBe(page);
  });

  it('ignores letter case and trailing slashes, and decodes escapes', () => {
    expect(pageForPath('/REPAY')?.path).toBe('/repay');
    expect(pageForPath('/repay/')?.path).toBe('/repay');
    expect(pageForPath('/repay//')?.path).toBe('/repay');
    expect(pageForPath('/about')?.path).toBe('/About');
    expect(pageForPath('/re%70ay')?.path).toBe('/repay');
    expect(pageForPath('/')?.path).toBe('/');
  });

  it('has no page for anything else: the not-found screen', () => {
    for (const path of [
      '/repay/1',
      '/nope',
      '//repay',
      '/repay%2F',
      '/%E0%A4%A',
      '/constructor',
      '/__proto__',
    ])
      expect(pageForPath(path), path).toBeUndefined();
  });
});
