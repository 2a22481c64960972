/**
 * A read built and compiled once per database handle, then run with each call's values. Kysely
 * otherwise builds and compiles the query tree on every call: in the server bench's profile
 * that was the largest part of our own cost per request on the hot read paths.
 * `build` gets a placeholder for each argument; the compiled query's parameters that are
 * placeholders are replaced by the call's values (constants the builder added, such as a
 * `limit`, stay as compiled).
 */
import type { Compilable, CompiledQuery } from 'kysely';
import type { Db } from './index';

export function prepared<A extends unknown[], R>(
  build: (db: Db, ...args: A) => Compilable<R>,
): (db: Db, ...args: A) => Promise<R[]> {
  const compiled = new WeakMap<Db, CompiledQuery<R>>();
  const marks = Array.from({ length: build.length - 1 }, (_, i) => `\u0000kopa-arg-${i}\u0000`);
  return async (db, ...args) => {
    let q = compiled.get(db);
    if (!q) {
      q = build(db, ...(marks as A)).compile();
      compiled.set(db, q);
    }
    const parameters = q.parameters.map((p) => {
      const i = typeof p === 'string' ? marks.indexOf(p) : -1;
      return i < 0 ? p : args[i];
    });
    return (await db.executeQuery<R>({ ...q, parameters })).rows;
  };
}
