/**
 * The chunks a first screen runs at once start with V8's compile hint, so Chromium
 * compiles them while they stream in instead of function by function on the main thread.
 */
import type { OutputBundle } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { addCompileHint, COMPILE_HINT } from '../../../scripts/build/compileHints';

function chunk(
  fileName: string,
  facadeModuleId: string | null,
  isEntry: boolean,
  name = '',
  imports: string[] = [],
) {
  return {
    type: 'chunk',
    fileName,
    name,
    facadeModuleId,
    isEntry,
    imports,
    code: 'const a=1;\nexport{a};',
  };
}

describe('compileHints (build)', () => {
  it("puts the hint on the first line of the chunks a first screen runs at once (entry and its static imports, shared widgets, response checks), and moves the entry's source map down a line", () => {
    const bundle = {
      'assets/index-1.js': chunk('assets/index-1.js', '/app/index.html', true, 'index', [
        'assets/messages-1.js',
      ]),
      'assets/index-1.js.map': {
        type: 'asset',
        fileName: 'assets/index-1.js.map',
        source: JSON.stringify({ version: 3, mappings: 'AAAA' }),
      },
      'assets/early-1.js': chunk('assets/early-1.js', '/app/src/app/shell/early.ts', true),
      'assets/QrView-1.js': chunk(
        'assets/QrView-1.js',
        '/app/src/react/widgets/qr-view/QrView.tsx',
        false,
        'QrView',
      ),
      'assets/widgets-1.js': chunk('assets/widgets-1.js', null, false, 'widgets'),
      'assets/installment-plan-1.js': chunk(
        'assets/installment-plan-1.js',
        '/app/src/contract/schema/generated/validators/responses/installment-plan.js',
        false,
        'installment-plan',
      ),
      'assets/app-1.js': chunk(
        'assets/app-1.js',
        '/app/src/contract/schema/generated/validators/app.js',
        false,
        'app',
      ),
      'assets/messages-1.js': chunk('assets/messages-1.js', null, false, 'messages'),
      'assets/shared-1.js': chunk('assets/shared-1.js', null, false, 'shared'),
    } as unknown as OutputBundle;
    addCompileHint(bundle);
    const code = (name: string) => (bundle[name] as unknown as { code: string }).code;
    expect(code('assets/index-1.js').startsWith(`${COMPILE_HINT}const a=1;`)).toBe(true);
    expect(COMPILE_HINT).toBe('//# allFunctionsCalledOnLoad\n');
    expect(code('assets/early-1.js').startsWith(`${COMPILE_HINT}const a=1;`)).toBe(true);
    for (const name of [
      'assets/widgets-1.js',
      'assets/installment-plan-1.js',
      'assets/messages-1.js',
    ])
      expect(code(name).startsWith(`${COMPILE_HINT}const a=1;`)).toBe(true);
    // Lazy chunks used by few screens, the layout validators (loaded after the first screen) and
    // shared chunks the entry does not import: no hint.
    for (const name of ['assets/QrView-1.js', 'assets/app-1.js', 'assets/shared-1.js'])
      expect(code(name)).toBe('const a=1;\nexport{a};');
    const map = JSON.parse(
      (bundle['assets/index-1.js.map'] as unknown as { source: string }).source,
    ) as { mappings: string };
    expect(map.mappings).toBe(';AAAA');
  });
});
