/**
 * npm run layouts:import [-- --force]: publishes every layouts/*.json whose text differs from the
 * published version (checked like a publish in the studio; a refused file is listed with its
 * issues). A layout published in the studio after its file's last import is a conflict: listed,
 * not replaced, unless --force (then replaced, with an `import-forced` audit entry). Exit code 1
 * on any refusal or conflict.
 *
 * Database: DATABASE_URL, else PGlite in DATA_DIR (./data by default). PGlite is one process's:
 * while a server holds that directory this refuses (exit 2) and changes nothing
 * (server/db/dataDirLock.ts). On PostgreSQL it writes to the database every server shares, and
 * the running servers serve the new versions within seconds (LISTEN/NOTIFY, then the poll): the
 * database is the one truth there, whoever writes it.
 */
import { resolve } from 'node:path';
import { ROOT } from '../server/core/config';
import { openDb } from '../server/db';
import { DataDirInUse } from '../server/db/dataDirLock';
import { importLayouts, importReport } from '../server/layouts/import';

const force = process.argv.includes('--force');
const actor = process.env.USER ? `import (${process.env.USER})` : 'import';
const dataDir = resolve(ROOT, process.env.DATA_DIR || 'data');
let db;
try {
  db = await openDb({ dataDir, databaseUrl: process.env.DATABASE_URL });
} catch (e) {
  if (!(e instanceof DataDirInUse)) throw e;
  console.error(`REFUSED    nothing imported. ${e.message}`);
  process.exit(2);
}
const report = await importLayouts(db, resolve(ROOT, 'layouts'), 'all', actor, { force })
  .then(importReport)
  .finally(() => db.destroy());
for (const line of report.lines) console.log(line);
process.exit(report.failed ? 1 : 0);
