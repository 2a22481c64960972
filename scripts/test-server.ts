/**
 * Runs the server test suite on PGlite and, when TEST_DATABASE_URL is set, on that PostgreSQL
 * (each test file works in its own schema). Within a run the files go one after another; the two
 * runs go side by side, one per core, which takes about a minute and a half off CI on two cores.
 * Each run's output is printed whole once it ends, so the log reads as two separate runs.
 * Exits non-zero if either run fails.
 */
import { spawn } from 'node:child_process';

interface Run {
  label: string;
  ok: boolean;
  output: string;
}

function run(label: string, env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn('npx', ['vitest', 'run', '--project', 'server'], {
      env: { ...env, NODE_ENV: 'test', FORCE_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => chunks.push(d));
    child.stderr.on('data', (d: Buffer) => chunks.push(d));
    child.on('error', (e) =>
      resolve({ label, ok: false, output: `could not start vitest: ${e.message}` }),
    );
    child.on('close', (code) =>
      resolve({ label, ok: code === 0, output: Buffer.concat(chunks).toString('utf8') }),
    );
  });
}

const base = { ...process.env };
delete base.DATABASE_URL;
const pgUrl = process.env.TEST_DATABASE_URL;
const runs = [run('PGlite', base)];
if (pgUrl) runs.push(run('PostgreSQL', { ...base, DATABASE_URL: pgUrl }));
const results = await Promise.all(runs);
for (const r of results) {
  console.log(`\n== server tests on ${r.label} ==`);
  process.stdout.write(r.output);
}
if (!pgUrl)
  console.log(
    '\n(TEST_DATABASE_URL not set: PostgreSQL run skipped; see scripts/start-test-postgres.sh)',
  );
for (const r of results) console.log(`server tests on ${r.label}: ${r.ok ? 'passed' : 'FAILED'}`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
