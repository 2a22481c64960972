import { expect } from 'vitest';

/** SECURITY 1 payloads: they must come out as text, never as elements or handler attributes. */
export const XSS_IMG = '<img src=x onerror=alert(1)>';
export const XSS_SVG = '"><svg onload=alert(1)>';

/** No element was created from a payload: no handler attribute, no img pointing at "x", no script. */
export function expectNoInjectedElements(root: ParentNode): void {
  expect(root.querySelector('[onerror], [onload], [onclick], script, iframe')).toBeNull();
  expect(root.querySelector('img[src="x"]')).toBeNull();
}
