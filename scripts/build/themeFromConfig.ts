/**
 * Vite plugin: the configured theme (config/app.json `theme`) is written into the stylesheet's
 * `:root` at build time (and in `npm run dev`), instead of onto `<html style>` by the app as it
 * starts. Those writes came after the server's frame had been laid out and painted, and a custom
 * property on the root restyles every element: on a 4x slower CPU the browser then redid the
 * frame's style and layout (about 20 ms) right where the app's own code runs.
 * Only `#rrggbb` values are taken (the config schema's rule, checked here again): nothing but a
 * colour reaches the CSS.
 */
import type { Plugin } from 'vite';

/** The stylesheet that declares the theme's custom properties (`--k-<name>`) in its `:root`. */
export const THEME_STYLESHEET = /\/src\/app\/shell\/app\.css$/;

/**
 * `css` with each `--k-<name>` declaration of its first `:root` rule set to the theme's value.
 * Throws for a theme key the rule does not declare: a colour that would silently not apply.
 */
export function applyTheme(css: string, theme: Readonly<Record<string, string>>): string {
  const rule = /:root\s*\{[^}]*\}/.exec(css);
  if (!rule) throw new Error('themeFromConfig: the stylesheet has no :root rule');
  let body = rule[0];
  for (const [name, value] of Object.entries(theme)) {
    if (!/^#[0-9a-fA-F]{6}$/.test(value))
      throw new Error(
        `themeFromConfig: theme.${name} must be #rrggbb, not ${JSON.stringify(value)}`,
      );
    const declaration = new RegExp(`(--k-${name}\\s*:)[^;}]*`);
    if (!declaration.test(body))
      throw new Error(
        `themeFromConfig: :root declares no --k-${name} (config/app.json theme.${name})`,
      );
    body = body.replace(declaration, (_, head: string) => `${head} ${value}`);
  }
  return css.slice(0, rule.index) + body + css.slice(rule.index + rule[0].length);
}

export function themeFromConfig(theme: Readonly<Record<string, string>>): Plugin {
  return {
    name: 'kopa-theme-from-config',
    enforce: 'pre',
    transform(code, id) {
      if (!THEME_STYLESHEET.test(id.split('?')[0] ?? id)) return null;
      return { code: applyTheme(code, theme), map: null };
    },
  };
}
