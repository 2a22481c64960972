/**
 * layouts/*.json from the repository into the database. Three uses:
 * - `seed`: at every start, a layout the database does not have yet is imported (a fresh
 *   database gets every screen; a screen added to the repository appears);
 * - `changed`: at start in development and tests, also every file changed since it was last
 *   imported (source_hash), so a developer's edit shows after a restart; a version an operator
 *   published in the studio is kept until its file changes;
 * - `all`: `npm run layouts:import`, the explicit command: every file whose text differs from
 *   the published version is published.
 * Each import is checked like a publish (refused with its issues) and is an audit entry.
 * Fragments are read from `<dir>/_fragments` and count as part of each layout that uses them: a
 * changed fragment is a changed file for `changed`, and a new version for `all`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../db';
import type { LocatedIssue } from './check';
import { fragmentsOf, servedText } from './fragments';
import { hashText, publishText } from './repo';
import { LAYOUT_NAME } from './store';

export type ImportMode = 'seed' | 'changed' | 'all';

export interface ImportOutcome {
  name: string;
  result: 'published' | 'unchanged' | 'refused' | 'skipped';
  version?: number;
  issues?: LocatedIssue[];
}

export async function importLayouts(db: Db, dir: string, mode: ImportMode, actor = 'import'): Promise<ImportOutcome[]> {
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
  } catch {
    return []; // no layouts directory: nothing to seed
  }
  const fragments = fragmentsOf(dir)();
  const known = new Map((await db.selectFrom('layouts').select(['name', 'source_hash', 'published_version']).execute()).map((r) => [r.name, r]));
  const out: ImportOutcome[] = [];
  for (const file of files) {
    const name = file.slice(0, -'.json'.length);
    if (!LAYOUT_NAME.test(name)) continue;
    let text: string;
    try {
      text = readFileSync(join(dir, file), 'utf8');
    } catch {
      continue; // a directory named *.json, or gone meanwhile
    }
    // The file and what its uses expand to now: editing a fragment changes every layout using it.
    const sourceHash = hashText(`${text}\n${servedText(text, fragments)}`);
    const row = known.get(name);
    const wanted = !row || row.published_version === null
      || (mode === 'changed' && row.source_hash !== sourceHash)
      || mode === 'all';
    if (!wanted) {
      out.push({ name, result: 'skipped' });
      continue;
    }
    const res = await publishText(db, { name, text, fragments, actor, note: `layouts/${file} from the repository`, action: 'import', sourceHash });
    if (!res.ok) out.push({ name, result: 'refused', issues: res.issues });
    else out.push({ name, result: res.changed ? 'published' : 'unchanged', version: res.to });
  }
  return out;
}
