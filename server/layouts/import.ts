/**
 * layouts/*.json from the repository into the database. Three uses:
 * - `seed`: at every start, a layout the database does not have yet is imported (a fresh
 *   database gets every screen; a screen added to the repository appears);
 * - `changed`: at start in development and tests, also every file changed since it was last
 *   imported (source_hash), so a developer's edit shows after a restart; under the same conflict
 *   rule as `all`: a version published (or rolled back to) in the studio after the file's last
 *   import is kept, and the start says so, whatever the file says now;
 * - `all`: `npm run layouts:import`, the explicit command: every file whose text differs from
 *   the published version is published, except over a version published (or rolled back to) in
 *   the studio after the file's last import: that is a conflict, listed and left alone, unless
 *   `force`, which replaces it with an `import-forced` audit entry naming what it replaced.
 * Each import is checked like a publish (refused with its issues) and is an audit entry.
 * Fragments are read from `<dir>/_fragments` and count as part of each layout that uses them: a
 * changed fragment is a changed file for `changed`, and a new version for `all`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../db';
import type { LocatedIssue } from './check';
import { fragmentsOf, servedText } from './servedFragments';
import { hashText, publishText, versionHash } from './publish';
import { LAYOUT_NAME } from './store';

export type ImportMode = 'seed' | 'changed' | 'all';

/** A studio publish after the file's last import, which the file would replace. */
interface ImportConflict {
  version: number;
  actor: string;
  at: Date;
  action: string;
  /** The version the file's last import made (null: never imported). */
  imported: number | null;
}

export interface ImportOutcome {
  name: string;
  result: 'published' | 'unchanged' | 'refused' | 'skipped' | 'conflict';
  version?: number;
  issues?: LocatedIssue[];
  conflict?: ImportConflict;
}

/**
 * The studio's last publish or rollback of `name` after its last import, when that is what
 * borrowers get now (a later import already settled any earlier one).
 */
async function studioChangeSinceImport(
  db: Db,
  name: string,
  published: number | null,
): Promise<ImportConflict | null> {
  const lastImport = await db
    .selectFrom('layout_audit')
    .select(['id', 'to_version'])
    .where('layout', '=', name)
    .where('action', 'in', ['import', 'import-forced'])
    .orderBy('id', 'desc')
    .executeTakeFirst();
  const studio = await db
    .selectFrom('layout_audit')
    .select(['actor', 'at', 'action', 'to_version'])
    .where('layout', '=', name)
    .where('action', 'in', ['publish', 'rollback'])
    .where('id', '>', lastImport?.id ?? 0)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!studio || published === null) return null;
  return {
    version: published,
    actor: studio.actor,
    at: studio.at,
    action: studio.action,
    imported: lastImport?.to_version ?? null,
  };
}

export async function importLayouts(
  db: Db,
  dir: string,
  mode: ImportMode,
  actor = 'import',
  opts: { force?: boolean } = {},
): Promise<ImportOutcome[]> {
  let files: string[];
  try {
    files = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort();
  } catch {
    return []; // no layouts directory: nothing to seed
  }
  const fragments = fragmentsOf(dir)();
  const known = new Map(
    (
      await db.selectFrom('layouts').select(['name', 'source_hash', 'published_version']).execute()
    ).map((r) => [r.name, r]),
  );
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
    const wanted =
      !row ||
      row.published_version === null ||
      (mode === 'changed' && row.source_hash !== sourceHash) ||
      mode === 'all';
    if (!wanted) {
      out.push({ name, result: 'skipped' });
      continue;
    }
    let note = `layouts/${file} from the repository`;
    let action: 'import' | 'import-forced' = 'import';
    // The conflict rule, for the command and for a start alike: a start never silently replaces
    // what an operator published.
    if (mode !== 'seed' && row && row.published_version !== null) {
      const current = await db
        .selectFrom('layout_versions')
        .select('hash')
        .where('layout', '=', name)
        .where('version', '=', row.published_version)
        .executeTakeFirst();
      const conflict =
        current?.hash === versionHash(text, servedText(text, fragments))
          ? null
          : await studioChangeSinceImport(db, name, row.published_version);
      if (conflict && !opts.force) {
        out.push({ name, result: 'conflict', version: row.published_version, conflict });
        continue;
      }
      if (conflict) {
        action = 'import-forced';
        note += ` (--force: replaced v${conflict.version}, ${conflict.action === 'rollback' ? 'rolled back to' : 'published'} in the studio by ${conflict.actor})`;
      }
    }
    const res = await publishText(db, { name, text, fragments, actor, note, action, sourceHash });
    if (!res.ok) out.push({ name, result: 'refused', issues: res.issues });
    else out.push({ name, result: res.changed ? 'published' : 'unchanged', version: res.to });
  }
  return out;
}

function conflictFacts(name: string, c: ImportConflict): string {
  const how = c.action === 'rollback' ? 'rolled back to' : 'published';
  return `v${c.version} was ${how} in the studio by ${c.actor} at ${c.at.toISOString()}, after this file's last import (${c.imported === null ? 'never imported' : `v${c.imported}`})`;
}

/** What a start logs for a changed file it did not import: the rule by name, and how to settle it. */
export function startConflictLine(o: ImportOutcome): string {
  const facts = o.conflict ? conflictFacts(o.name, o.conflict) : `v${o.version} is the studio's`;
  return `import conflict: layouts/${o.name}.json changed, but ${facts}; the studio's version stays published. Bring its change into the file, or run npm run layouts:import -- --force to replace it (audited).`;
}

/** What `npm run layouts:import` prints for the outcomes (also the test-only route's answer). */
export function importReport(outcomes: ImportOutcome[]): { lines: string[]; failed: boolean } {
  const lines: string[] = [];
  for (const o of outcomes) {
    if (o.result === 'published') lines.push(`published  ${o.name} v${o.version}`);
    if (o.result === 'unchanged') lines.push(`unchanged  ${o.name} v${o.version}`);
    if (o.result === 'refused') {
      lines.push(`REFUSED    ${o.name}`);
      for (const i of o.issues ?? [])
        lines.push(
          `  ${i.file}:${i.line}:${i.column}: ${i.pointer || '/'}: ${i.code}: ${i.message}`,
        );
    }
    if (o.result === 'conflict' && o.conflict)
      lines.push(
        `CONFLICT   ${o.name}: ${conflictFacts(o.name, o.conflict)}; not replaced. Bring the studio's change into layouts/${o.name}.json, or run with --force to replace it (audited).`,
      );
  }
  return { lines, failed: outcomes.some((o) => o.result === 'refused' || o.result === 'conflict') };
}
