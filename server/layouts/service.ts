/**
 * Wires the layouts of one server instance: the store over the database, the import of the
 * repository's layouts at start (a fresh database is seeded; in development and tests a changed
 * file is imported again), and the sync with other instances. Called once by buildServer.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db';
import { importLayouts, importReport, startConflictLine } from './import';
import { dbLayoutSource } from './reads';
import { fragmentsOf, type FragmentSource } from './servedFragments';
import { createLayoutStore, type LayoutStore } from './store';
import { compileAhead } from './compiled';
import { startLayoutSync } from './sync';
import { previewAllows } from './studio/auth';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The layout store, the fragments beside the layouts directory (studio checks and publishes
     * expand with them), and the seed from the repository again (the test-only reset empties the tables).
     */
    kopaLayouts: {
      store: LayoutStore;
      fragments: FragmentSource;
      reseed: () => Promise<void>;
      importAll: (actor: string, force: boolean) => Promise<{ lines: string[]; failed: boolean }>;
    };
  }
}

/** How long after a start its published layouts are compiled ahead. */
const COMPILE_AFTER_START_MS = 2000;

export interface LayoutServiceOptions {
  db: Db;
  secret: string;
  now: () => Date;
  layoutsDir: string;
  databaseUrl?: string;
  pgSchema?: string;
  pollMs?: number;
  /** Also import files changed since their last import (development and tests). */
  importChanged: boolean;
}

export async function startLayouts(
  app: FastifyInstance,
  opts: LayoutServiceOptions,
): Promise<LayoutStore> {
  const fragments = fragmentsOf(opts.layoutsDir);
  const source = dbLayoutSource(opts.db);
  const store = createLayoutStore(source, app.log, {
    fragments,
    verifyPreview: (token, name) => previewAllows(opts.secret, token, name, opts.now().getTime()),
  });
  const runImport = async (mode: 'seed' | 'changed') => {
    const outcomes = await importLayouts(opts.db, opts.layoutsDir, mode);
    for (const o of outcomes) {
      if (o.result === 'published')
        app.log.info({ layout: o.name, version: o.version }, 'layout imported from the repository');
      // The import conflict rule (import.ts): the studio's version stays; the line says how to settle it.
      if (o.result === 'conflict')
        app.log.warn(
          { layout: o.name, version: o.version, rule: 'import conflict' },
          startConflictLine(o),
        );
      if (o.result === 'refused')
        app.log.error(
          { layout: o.name, issues: o.issues?.slice(0, 10) },
          'layout file refused; the published version stays',
        );
    }
    store.invalidate();
  };
  await runImport(opts.importChanged ? 'changed' : 'seed');
  // Every published layout compiled ahead, a moment after the start: the first borrower does not
  // wait for a compile, and neither does the start. A server closed before then skips it (most
  // of the test suite's servers: compiling on each of their starts cost the suite minutes).
  let closing = false;
  let ahead: Promise<void> = Promise.resolve();
  const aheadTimer = setTimeout(() => {
    ahead = source
      .versions()
      .then((versions) => compileAhead(store, versions.keys(), app.log, () => closing))
      .catch((e: unknown) =>
        app.log.warn({ reason: (e as Error).message }, 'layouts not compiled ahead'),
      );
  }, COMPILE_AFTER_START_MS);
  aheadTimer.unref();
  const stop = await startLayoutSync({
    store,
    log: app.log,
    databaseUrl: opts.databaseUrl,
    pgSchema: opts.pgSchema,
    pollMs: opts.pollMs ?? (opts.databaseUrl ? 5000 : 2000),
  });
  // Before the database closes (onClose hooks): the compiling ahead stops and is waited for.
  app.addHook('preClose', async () => {
    closing = true;
    clearTimeout(aheadTimer);
    await ahead;
  });
  app.addHook('onClose', async () => {
    await stop();
  });
  // What `npm run layouts:import` does, in this process (its test-only route: the browser tests' conflict case).
  const importAll = async (actor: string, force: boolean) => {
    const outcomes = await importLayouts(opts.db, opts.layoutsDir, 'all', actor, { force });
    store.invalidate();
    await compileAhead(store, (await source.versions()).keys(), app.log);
    return importReport(outcomes);
  };
  app.decorate('kopaLayouts', { store, fragments, reseed: () => runImport('seed'), importAll });
  return store;
}
