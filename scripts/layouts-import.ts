/**
 * npm run layouts:import [-- --force]: publishes every layouts/*.json whose text differs from the
 * published version (checked like a publish in the studio; a refused file is listed with its
 * issues). A layout published in the studio after its file's last import is a conflict: listed,
 * not replaced, unless --force (then replaced, with an `import-forced` audit entry). Exit code 1
 * on any refusal or conflict. Database: DATABASE_URL, else PGlite in ./data (stop the server
 * first: PGlite is one process's). A running server on PostgreSQL sees the new versions within
 * seconds.
 */
import { join } from 'node:path';
import { ROOT } from '../server/core/config';
import { openDb } from '../server/db';
import { importLayouts, importReport } from '../server/layouts/import';

const force = process.argv.includes('--force');
const actor = process.env.USER ? `import (${process.env.USER})` : 'import';
const db = await openDb({ dataDir: join(ROOT, 'data'), databaseUrl: process.env.DATABASE_URL });
const report = await importLayouts(db, join(ROOT, 'layouts'), 'all', actor, { force })
  .then(importReport)
  .finally(() => db.destroy());
for (const line of report.lines) console.log(line);
process.exit(report.failed ? 1 : 0);
