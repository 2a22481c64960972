/**
 * Starts the reference server: PORT (8080), HOST (127.0.0.1), DATABASE_URL (PGlite in ./data
 * when unset). Prints one link per screen with the demo session. `--dev` marks development mode
 * (SMS codes are logged).
 */
import { buildServer } from './app';
import { DEMO } from './demo/seedData';
import { DEMO_SCREENS, demoQuery } from './demo/demoScreens';
import { studioCredentials, studioLoginHint } from './layouts/studio/auth';

if (process.argv.includes('--dev') && !process.env.NODE_ENV) process.env.NODE_ENV = 'development';

const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST ?? '127.0.0.1';

function links(base: string): string[] {
  const out = DEMO_SCREENS.map(([title, path, extra]) => `  ${title.padEnd(38)} ${base}${path}?${demoQuery(extra)}`);
  out.push(`  ${'Official site'.padEnd(38)} ${base}/`);
  return out;
}

async function main(): Promise<void> {
  const app = await buildServer({ databaseUrl: process.env.DATABASE_URL, logger: true });
  const close = async () => { await app.close(); process.exit(0); };
  process.on('SIGINT', close);
  process.on('SIGTERM', close);
  await app.listen({ port, host });
  const base = `http://${host}:${port}`;
  console.log(`\nKopa reference server on ${base} (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite in ./data'})`);
  console.log(`Demo borrower ${DEMO.userId} / session ${DEMO.sessionId}. Screens:\n${links(base).join('\n')}\n`);
  console.log(studioLoginHint(`${base}/studio`, studioCredentials(process.env)));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
