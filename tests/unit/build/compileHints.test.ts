/**
 * Issue 10: the app's entry chunk starts with V8's compile hint, so Chromium compiles it while it
 * streams in instead of function by function on the main thread; no other chunk gets it.
 */
import type { OutputBundle } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { addCompileHint, COMPILE_HINT } from '../../../scripts/build/compileHints';

function chunk(fileName: string, facadeModuleId: string | null, isEntry: boolean) {
  return { type: 'chunk', fileName, facadeModuleId, isEntry, code: 'const a=1;\nexport{a};' };
}

describe('compileHints (build)', () => {
  it('puts the hint on the first line of the index.html entry only, and moves its source map down a line', () => {
    const bundle = {
      'assets/index-1.js': chunk('assets/index-1.js', '/app/index.html', true),
      'assets/index-1.js.map': { type: 'asset', fileName: 'assets/index-1.js.map', source: JSON.stringify({ version: 3, mappings: 'AAAA' }) },
      'assets/early-1.js': chunk('assets/early-1.js', '/app/src/shell/early.ts', true),
      'assets/Repeat-1.js': chunk('assets/Repeat-1.js', '/app/src/widgets/repeat/Repeat.tsx', false),
    } as unknown as OutputBundle;
    addCompileHint(bundle);
    const code = (name: string) => (bundle[name] as unknown as { code: string }).code;
    expect(code('assets/index-1.js').startsWith(`${COMPILE_HINT}const a=1;`)).toBe(true);
    expect(COMPILE_HINT).toBe('//# allFunctionsCalledOnLoad\n');
    expect(code('assets/early-1.js')).toBe('const a=1;\nexport{a};');
    expect(code('assets/Repeat-1.js')).toBe('const a=1;\nexport{a};');
    const map = JSON.parse((bundle['assets/index-1.js.map'] as unknown as { source: string }).source) as { mappings: string };
    expect(map.mappings).toBe(';AAAA');
  });
});
