/**
 * A dynamic import's preload list leaves out the chunks its importer already has (they
 * were loaded before it ran), so Vite's preload helper does no work for them at the first screen.
 */
import type { OutputBundle } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { depsToPreload, preloadDeps, staticClosure } from '../../../scripts/build/preloadDeps';

function chunk(fileName: string, imports: string[]) {
  return { type: 'chunk', fileName, imports, code: '' };
}

// index imports messages statically; widgets imports messages; form imports widgets and messages.
const bundle = {
  'assets/index.js': chunk('assets/index.js', ['assets/messages.js']),
  'assets/messages.js': chunk('assets/messages.js', []),
  'assets/widgets.js': chunk('assets/widgets.js', ['assets/messages.js']),
  'assets/form.js': chunk('assets/form.js', ['assets/widgets.js', 'assets/messages.js']),
  'assets/style.css': { type: 'asset', fileName: 'assets/style.css', source: '' },
} as unknown as OutputBundle;

describe('preloadDeps (build)', () => {
  it('finds what a chunk imports statically, through other chunks', () => {
    expect([...staticClosure(bundle, 'assets/form.js')].sort()).toEqual([
      'assets/form.js',
      'assets/messages.js',
      'assets/widgets.js',
    ]);
    expect([...staticClosure(bundle, 'assets/index.js')].sort()).toEqual([
      'assets/index.js',
      'assets/messages.js',
    ]);
  });

  it('drops what the importer has, and the whole list when only the imported chunk is left', () => {
    const fromEntry = staticClosure(bundle, 'assets/index.js');
    expect(
      depsToPreload('assets/widgets.js', ['assets/widgets.js', 'assets/messages.js'], fromEntry),
    ).toEqual([]);
    // A chunk that needs another not yet loaded: both start together, as before.
    expect(
      depsToPreload(
        'assets/form.js',
        ['assets/form.js', 'assets/widgets.js', 'assets/messages.js'],
        fromEntry,
      ),
    ).toEqual(['assets/form.js', 'assets/widgets.js']);
    // From a chunk that has the widgets already, only the form itself is left: nothing to preload.
    expect(
      depsToPreload(
        'assets/form.js',
        ['assets/form.js', 'assets/widgets.js', 'assets/messages.js'],
        staticClosure(bundle, 'assets/widgets.js'),
      ),
    ).toEqual([]);
  });

  it('answers Vite with the bundle its plugin saw, and leaves lists alone before that and for the HTML', () => {
    const { plugin, resolveDependencies } = preloadDeps();
    const deps = ['assets/widgets.js', 'assets/messages.js'];
    expect(
      resolveDependencies('assets/widgets.js', deps, { hostId: 'assets/index.js', hostType: 'js' }),
    ).toEqual(deps);
    const hook = plugin.generateBundle as {
      handler: (options: unknown, bundle: OutputBundle) => void;
    };
    hook.handler({}, bundle);
    expect(
      resolveDependencies('assets/widgets.js', deps, { hostId: 'assets/index.js', hostType: 'js' }),
    ).toEqual([]);
    expect(
      resolveDependencies('assets/widgets.js', deps, { hostId: 'index.html', hostType: 'html' }),
    ).toEqual(deps);
  });
});
