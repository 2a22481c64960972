/**
 * Runs the server test suite once on PGlite, then, when TEST_DATABASE_URL is set, again on that
 * PostgreSQL (each test file works in its own schema). Exits non-zero if either run fails.
 */
import { spawnSync } from 'node:child_process';

function run(label: string, env: NodeJS.ProcessEnv): boolean {
  console.log(`\n== server tests on ${label} ==`);
  const res = spawnSync('npx', ['vitest', 'run', '--project', 'server'], { stdio: 'inherit', env: { ...env, NODE_ENV: 'test' } });
  return res.status === 0;
}

const base = { ...process.env };
delete base.DATABASE_URL;
let ok = run('PGlite', base);
const pgUrl = process.env.TEST_DATABASE_URL;
if (pgUrl) ok = run('PostgreSQL', { ...base, DATABASE_URL: pgUrl }) && ok;
else console.log('\n(TEST_DATABASE_URL not set: PostgreSQL run skipped; see scripts/start-test-postgres.sh)');
process.exit(ok ? 0 : 1);
