/**
 * Every binding a widget writes itself is compiled with the layouts that use the widget
 * (WIDGET_TEMPLATES): the borrower's app has no parser, so one missing from the list would show
 * as "did not come compiled" wherever the widget renders.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WIDGET_TEMPLATES } from '../../src/contract/layout/widgetTemplates';

const WIDGETS = join(import.meta.dirname, '../../src/react/widgets');

describe('the bindings widgets write themselves', () => {
  for (const dir of readdirSync(WIDGETS, { withFileTypes: true }).filter((d) => d.isDirectory())) {
    it(`${dir.name}: every {{ }} literal in its code is compiled with it`, () => {
      const code = readdirSync(join(WIDGETS, dir.name))
        .filter((f) => /\.tsx?$/.test(f))
        .map((f) => readFileSync(join(WIDGETS, dir.name, f), 'utf8'))
        .join('\n')
        // Comments may quote bindings; only code writes them.
        .replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
      const literals = [...code.matchAll(/'(\{\{[^']*\}\})'/g)].map((m) => m[1]);
      const listed: string[] = Object.values(
        (WIDGET_TEMPLATES as Record<string, Record<string, string>>)[dir.name] ?? {},
      );
      for (const literal of literals) expect(listed).toContain(literal);
    });
  }
});
