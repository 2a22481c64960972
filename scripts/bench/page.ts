/**
 * npm run bench:page -- <part> [<part> ...]: what each part the server writes into /repay's page
 * costs (or saves) a cold load. The page as built, then the page without each part (frame, early,
 * bindings, texts, preloads: pageParts.ts), then the bare page, loads interleaved as in npm run
 * bench:ab (compare.ts), each from a server of its own over one build (BENCH_DIST, default
 * dist-bench). BENCH_LOADS (default 25) and BENCH_LIST_RUNS (default 0: the 1000 rows skipped).
 * Each page without a part is the shell's own page with that markup cut out and compressed again
 * as the shell compresses a kept page (brotli 11; the shell sends its per-query block uncompressed,
 * about 100 bytes more), so no page is served differently but for the part.
 * Why: a part's cost is a few ms at 4x, and each earlier estimate of the frame's (parts
 * 8, 9 and 12) came from a scratch switch and 30-60 loads; this makes it one command.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServer } from '../../server/app';
import { compareBuilds } from './compare';
import { rewritePages } from './pageCodec';
import { BENCH_QUERY } from './sizes';
import { isPagePart, withoutPart, type PagePart } from './pageParts';

const ROOT = join(import.meta.dirname, '..', '..');
const parts = process.argv.slice(2);
if (parts.length === 0 || !parts.every(isPagePart))
  throw new Error(
    'usage: npm run bench:page -- <part> [...]   parts: frame, early, bindings, texts, preloads',
  );
const DIST = process.env.BENCH_DIST ?? 'dist-bench';
const LOADS = Number(process.env.BENCH_LOADS ?? 25);
const LIST_RUNS = Number(process.env.BENCH_LIST_RUNS ?? 0);

const pages: { name: string; part?: PagePart }[] = [
  { name: 'page as built' },
  ...parts.map((part) => ({ name: `without ${part}`, part })),
];
const apps = await Promise.all(
  pages.map(async ({ part }) => {
    const app = await buildServer({
      demo: true,
      dataDir: mkdtempSync(join(tmpdir(), 'kopa-page-')),
      distDir: join(ROOT, DIST),
      layoutsDir: join(ROOT, 'layouts'),
      logger: false,
    });
    if (part) rewritePages(app, (html) => withoutPart(html, part));
    return app;
  }),
);
try {
  const addresses = await Promise.all(apps.map((a) => a.listen({ port: 0, host: '127.0.0.1' })));
  // Before any load: each part is in /repay's page as built (withoutPart says which one is not),
  // rather than a server error in the middle of the loads.
  const asBuilt = await (await fetch(`${addresses[0] ?? ''}/repay${BENCH_QUERY}`)).text();
  for (const part of parts) withoutPart(asBuilt, part);
  await compareBuilds(
    pages.map((p, i) => ({ name: p.name, origin: addresses[i] ?? '' })),
    addresses[0] ?? '',
    LOADS,
    LIST_RUNS,
  );
} finally {
  await Promise.all(apps.map((a) => a.close()));
}
