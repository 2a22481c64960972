// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../../src/studio/plainMarkdown';

// The studio's schema editor shows descriptions and errors through codemirror-json-schema, which
// puts this function's answer into innerHTML (scripts/build/studio.ts aliases its markdown module).
describe('the studio editor markdown stand-in', () => {
  it('shows markup in a description as text: no element, no markdown', () => {
    const host = document.createElement('div');
    host.innerHTML = renderMarkdown('Amount <img src=x onerror=alert(1)> & **fees** < 5');
    expect(host.querySelector('img')).toBeNull();
    expect(host.textContent).toBe('Amount <img src=x onerror=alert(1)> & **fees** < 5');
  });
});
