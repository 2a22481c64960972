/**
 * The bench's studio line: the studio is a build of its own (dist/studio/), so its
 * bytes are printed apart, and every chunk of the app (what any borrower route may load) is
 * scanned for CodeMirror's editor class, which would be there if any of it leaked into the app.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export function studioLine(dist: string): string {
  const studio = join(dist, 'studio', 'assets');
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  let raw = 0;
  let br = 0;
  if (existsSync(studio)) {
    for (const f of readdirSync(studio).filter((n) => n.endsWith('.js'))) {
      raw += statSync(join(studio, f)).size;
      br += existsSync(join(studio, `${f}.br`)) ? statSync(join(studio, `${f}.br`)).size : 0;
    }
  }
  const app = join(dist, 'assets');
  const leaked = readdirSync(app).filter(
    (f) => f.endsWith('.js') && readFileSync(join(app, f), 'utf8').includes('cm-editor'),
  );
  return `  studio (/studio, a build of its own): ${kb(raw)} raw, ${kb(br)} br; app chunks holding any of it: ${leaked.length === 0 ? 'none, so every route above is unchanged by it' : `${leaked.join(', ')} (LEAKED)`}`;
}
