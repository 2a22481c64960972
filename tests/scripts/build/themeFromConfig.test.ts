/**
 * The configured theme is in the stylesheet's :root from the build, so the app writes
 * nothing onto <html style> as it starts (a write there restyled and laid out the server's
 * painted frame again on a slow phone).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import appConfig from '../../../config/app.json';
import { applyTheme } from '../../../scripts/build/themeFromConfig';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const css = readFileSync(join(ROOT, 'src', 'app', 'shell', 'app.css'), 'utf8');
const rootRule = (text: string) => /:root\s*\{[^}]*\}/.exec(text)?.[0] ?? '';

describe('themeFromConfig (build)', () => {
  it("writes every configured colour into app.css's :root, and nothing else of the file changes", () => {
    const theme = {
      primary: '#123456',
      primaryText: '#abcdef',
      danger: '#ff0000',
      muted: '#00ff00',
      background: '#0000ff',
    };
    const out = applyTheme(css, theme);
    for (const [name, value] of Object.entries(theme))
      expect(rootRule(out)).toContain(`--k-${name}: ${value};`);
    expect(out.slice(out.indexOf(rootRule(out)) + rootRule(out).length)).toBe(
      css.slice(css.indexOf(rootRule(css)) + rootRule(css).length),
    );
    // --k-primary is not --k-primaryText: each declaration gets its own colour.
    expect(rootRule(out)).not.toContain('--k-primaryText: #123456');
  });

  it("leaves the shipped stylesheet as it is for the shipped config (its defaults are the config's colours)", () => {
    expect(applyTheme(css, appConfig.theme)).toBe(css.replace(/(--k-\w+):\s*/g, '$1: '));
  });

  it('refuses a theme key :root does not declare, and a value that is not #rrggbb', () => {
    expect(() => applyTheme(css, { accent: '#123456' })).toThrow(/declares no --k-accent/);
    expect(() => applyTheme(css, { primary: 'red; } body { display: none' })).toThrow(
      /theme.primary must be #rrggbb/,
    );
  });
});
