/** The bench's own schema on the throwaway PostgreSQL of scripts/start-test-postgres.sh, emptied first. */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import pg from 'pg';

export async function benchPostgres(schema: string, { fresh = true } = {}): Promise<string> {
  const out = execFileSync(
    'bash',
    [join(import.meta.dirname, '..', '..', 'start-test-postgres.sh')],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const url = out.trim().split('\n').pop() ?? '';
  if (fresh) {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      await c.query(`drop schema if exists ${schema} cascade`);
    } finally {
      await c.end();
    }
  }
  return url;
}
