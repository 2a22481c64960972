/**
 * npm run layouts:import: publishes every layouts/*.json whose text differs from the published
 * version (checked like a publish in the studio; a refused file is listed with its issues and the
 * exit code is 1). Database: DATABASE_URL, else PGlite in ./data (stop the server first: PGlite is
 * one process's). A running server on PostgreSQL sees the new versions within seconds.
 */
import { join } from 'node:path';
import { ROOT } from '../server/core/config';
import { openDb } from '../server/db';
import { importLayouts } from '../server/layouts/import';

const actor = process.env.USER ? `import (${process.env.USER})` : 'import';
const db = await openDb({ dataDir: join(ROOT, 'data'), databaseUrl: process.env.DATABASE_URL });
let refused = 0;
try {
  for (const o of await importLayouts(db, join(ROOT, 'layouts'), 'all', actor)) {
    if (o.result === 'published') console.log(`published  ${o.name} v${o.version}`);
    if (o.result === 'unchanged') console.log(`unchanged  ${o.name} v${o.version}`);
    if (o.result === 'refused') {
      refused += 1;
      console.log(`REFUSED    ${o.name}`);
      for (const i of o.issues ?? []) console.log(`  ${i.file}:${i.line}:${i.column}: ${i.pointer || '/'}: ${i.code}: ${i.message}`);
    }
  }
} finally {
  await db.destroy();
}
process.exit(refused > 0 ? 1 : 0);
