/**
 * npm run studio:user -- <command>: the studio's named operator accounts.
 *   add NAME --role editor|publisher [--password-stdin]   create, or set a new password and role
 *                                                         (ends that account's open sessions)
 *   disable NAME                                          turn off, ending its sessions at once
 *   list                                                  every account and its role
 * Without --password-stdin a random password is made and printed once. Passwords are stored as
 * scrypt hashes (server/layouts/studio/operators.ts). Database: DATABASE_URL, else PGlite in ./data (stop
 * the server first: PGlite is one process's).
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { ROOT } from '../server/core/config';
import { openDb } from '../server/db';
import {
  disableOperator,
  listOperators,
  ROLES,
  saveOperator,
  type OperatorRole,
} from '../server/layouts/studio/operators';

const USAGE =
  'usage: npm run studio:user -- add NAME --role editor|publisher [--password-stdin] | disable NAME | list';

async function stdinLine(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) text += String(chunk);
  return text.split(/\r?\n/)[0] ?? '';
}

const [command, name, ...rest] = process.argv.slice(2);
const roleAt = rest.indexOf('--role');
const role = roleAt >= 0 ? rest[roleAt + 1] : undefined;
if (
  !command ||
  (command !== 'list' && !name) ||
  (command === 'add' && !ROLES.includes(role as OperatorRole))
) {
  console.error(command === 'add' ? `--role: one of ${ROLES.join(', ')}\n${USAGE}` : USAGE);
  process.exit(2);
}

const db = await openDb({ dataDir: join(ROOT, 'data'), databaseUrl: process.env.DATABASE_URL });
let code = 0;
try {
  if (command === 'add' && name) {
    const given = rest.includes('--password-stdin') ? await stdinLine() : null;
    const password = given ?? randomBytes(12).toString('base64url');
    const done = await saveOperator(db, name, role as OperatorRole, password);
    console.log(
      `${done} ${name} (${role})${given === null ? `; password: ${password} (shown once: hand it over safely)` : ''}`,
    );
  } else if (command === 'disable' && name) {
    if (await disableOperator(db, name)) console.log(`disabled ${name}; its sessions ended`);
    else {
      console.error(`no active account named ${name}`);
      code = 1;
    }
  } else if (command === 'list') {
    for (const o of await listOperators(db))
      console.log(
        `${o.name.padEnd(20)} ${o.role.padEnd(10)} ${o.disabled_at ? 'disabled' : 'active'}`,
      );
  } else {
    console.error(USAGE);
    code = 2;
  }
} catch (e) {
  console.error((e as Error).message);
  code = 1;
} finally {
  await db.destroy();
}
process.exit(code);
