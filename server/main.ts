/**
 * Starts the reference server: PORT (8080), HOST (127.0.0.1), DATABASE_URL (PGlite in DATA_DIR,
 * ./data by default, when unset), LOG_LEVEL (one JSON line per request from `info`, the default
 * in production; warn otherwise), SHUTDOWN_GRACE_MS; METRICS_PORT and METRICS_TOKEN are read by
 * the app (/metrics). Prints the address, the database, the studio login and, in demo mode only
 * (`--demo` or KOPA_DEMO=1: server/demo/mode.ts), one link per screen with the demo session.
 * `--dev` marks development mode (SMS codes printed, one line each).
 * Run from the sources (`tsx server/main.ts`) or compiled (`node dist-server/main.js`, npm run serve).
 */
import { buildServer } from './app';
import { DEMO } from './demo/seedData';
import { demoModeFrom, DemoRefused } from './demo/mode';
import { DEMO_SCREENS, demoQuery, NO_LOAN_SCREENS, noLoanQuery } from './demo/demoScreens';
import { SHUTDOWN_GRACE_MS, stopOnSignals } from './http/shutdown';
import { studioCredentials, studioLoginHint } from './layouts/studio/auth';
import { logLevelFromEnv } from './http/requestLog';

if (process.argv.includes('--dev') && !process.env.NODE_ENV) process.env.NODE_ENV = 'development';

const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST ?? '127.0.0.1';

function links(base: string): string[] {
  const out = DEMO_SCREENS.map(
    ([title, path, extra]) => `  ${title.padEnd(38)} ${base}${path}?${demoQuery(extra)}`,
  );
  for (const [title, path] of NO_LOAN_SCREENS)
    out.push(`  ${title.padEnd(38)} ${base}${path}?${noLoanQuery()}`);
  out.push(`  ${'Official site'.padEnd(38)} ${base}/`);
  return out;
}

/** The database in words, without the password a URL may carry. */
function databaseLabel(url: string | undefined, dataDir: string): string {
  if (!url)
    return `PGlite (PostgreSQL in process), data in ${dataDir} (stop, then rm -rf ${dataDir} to start again)`;
  try {
    const u = new URL(url);
    return `PostgreSQL ${u.hostname}${u.port ? `:${u.port}` : ''}${u.pathname} (DATABASE_URL)`;
  } catch {
    return 'PostgreSQL (DATABASE_URL)';
  }
}

async function main(): Promise<void> {
  const mode = demoModeFrom(process.argv, process.env);
  const dataDir = process.env.DATA_DIR || './data';
  const app = await buildServer({
    databaseUrl: process.env.DATABASE_URL,
    dataDir,
    demo: mode.demo,
    logger: { level: logLevelFromEnv(process.env) },
  });
  stopOnSignals(app, Number(process.env.SHUTDOWN_GRACE_MS ?? SHUTDOWN_GRACE_MS), (line) =>
    console.log(line),
  );
  await app.listen({ port, host });
  const base = `http://${host}:${port}`;
  console.log(`\nKopa reference server on ${base}  (health: ${base}/healthz, ${base}/readyz)`);
  console.log(`Database: ${databaseLabel(process.env.DATABASE_URL, dataDir)}`);
  console.log(studioLoginHint(`${base}/studio`, studioCredentials(process.env)));
  if (mode.note) console.log(mode.note);
  if (app.kopaDemo)
    console.log(
      `Demo borrower ${DEMO.userId} / session ${DEMO.sessionId}. Screens:\n${links(base).join('\n')}\n`,
    );
  else console.log('Demo data: off (no demo borrower, no demo session; npm start runs the demo).');
  if (process.env.NODE_ENV !== 'production')
    console.log(
      `SMS codes are printed here, one line each: SMS to <phone>: <code>. Request logs: LOG_LEVEL=info.\n`,
    );
}

main().catch((err: unknown) => {
  console.error(err instanceof DemoRefused ? err.message : err);
  process.exit(1);
});
