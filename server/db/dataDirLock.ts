/**
 * PGlite is a database inside one process, kept in <dataDir>/pglite: a second process opening the
 * same directory (`npm run layouts:import` while the server runs, a second server) works on a
 * copy the first never sees, and whichever writes last overwrites the other. So the process that
 * opens it writes its pid to <dataDir>/kopa.pid, and another process finding a live pid there is
 * refused with a message saying who holds the data. The same process may open it again (the
 * tests restart a server in process); a pid file left by a process that died is taken over.
 */
import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const LOCK_FILE = 'kopa.pid';

export class DataDirInUse extends Error {
  constructor(
    readonly pid: number,
    readonly dataDir: string,
  ) {
    super(
      `The data in ${dataDir} is held by a running Kopa server (pid ${pid}). PGlite is one ` +
        "process's database: a change made beside it would never be served and would be lost at " +
        'its next write. Stop the server first, or publish through the studio. (No server ' +
        `running? Then process ${pid} is something else: delete ${join(dataDir, LOCK_FILE)}.)`,
    );
    this.name = 'DataDirInUse';
  }
}

/** How many times this process holds each lock file. */
const held = new Map<string, number>();

/** The pid in the lock file when that process is alive, else null (no file, garbage, a dead process). */
export function liveHolder(file: string): number | null {
  let pid: number;
  try {
    pid = Number(readFileSync(file, 'utf8').trim());
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (e) {
    // EPERM: alive, another user's.
    return (e as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}

function claim(file: string, dataDir: string): void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      return;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    const holder = liveHolder(file);
    if (holder === process.pid) return;
    if (holder !== null) throw new DataDirInUse(holder, dataDir);
    // Left by a process that died: take it over (wx again, so two starting at once cannot both win).
    try {
      unlinkSync(file);
    } catch {
      // Another process took it over first: the next attempt sees its pid.
    }
  }
  const holder = liveHolder(file);
  throw new DataDirInUse(holder ?? 0, dataDir);
}

/** Holds `dataDir` for this process; the function returned lets go of it (once). */
export function holdDataDir(dataDir: string): () => void {
  const dir = resolve(dataDir);
  const file = join(dir, LOCK_FILE);
  const count = held.get(file) ?? 0;
  if (count === 0) claim(file, dataDir);
  held.set(file, count + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (held.get(file) ?? 1) - 1;
    if (left > 0) {
      held.set(file, left);
      return;
    }
    held.delete(file);
    try {
      if (liveHolder(file) === process.pid) unlinkSync(file);
    } catch {
      // Already gone (the directory removed): nothing to let go of.
    }
  };
}
