import { getAtPath, parseStatePath, setAtPathDraft, type PathSegment } from '@kopa/expr';
import type { PageStorage } from './pageRuntime';
import type { RuntimeEnv } from './env';
import type { PageStore } from './pageStore';

/** Same rule as the schemas (storage action key, persist key): checked again for layouts built in code. */
export const STORAGE_KEY = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;
/** Typing writes at most about three times a second. */
export const PERSIST_DEBOUNCE_MS = 300;

export interface PersistEntry {
  key: string;
  path: string;
}

export interface OwnedPageStorage extends PageStorage {
  /** Writes pending persist changes now (the page is hidden or left). */
  flush(): void;
}

interface Watched {
  key: string;
  segments: PathSegment[];
  pointer: string;
}

function kind(v: unknown): string {
  if (Array.isArray(v)) return 'array';
  return v === null ? 'null' : typeof v;
}

/**
 * What a kept value restores to. A value of another kind than the layout's initial one (a string
 * where the draft is an object) is stale or foreign and ignored. An object is laid over the
 * initial object, so a field the layout added since the value was kept still has its default.
 */
function restored(initial: unknown, kept: unknown): { ok: true; value: unknown } | { ok: false } {
  if (initial === undefined || initial === null) return { ok: true, value: kept };
  if (kind(initial) !== kind(kept)) return { ok: false };
  if (kind(initial) === 'object')
    return { ok: true, value: { ...(initial as object), ...(kept as object) } };
  return { ok: true, value: kept };
}

/** The layout's persist entries that name a valid key and state path; the others are reported. */
function watchedEntries(persist: readonly PersistEntry[], env: RuntimeEnv): Watched[] {
  const watched: Watched[] = [];
  persist.forEach((entry, i) => {
    const pointer = `/persist/${i}`;
    const path = parseStatePath(entry.path);
    if (!STORAGE_KEY.test(entry.key))
      env.report({
        pointer: `${pointer}/key`,
        message: `Invalid storage key "${entry.key}"`,
        kind: 'storage',
      });
    else if (!path.ok)
      env.report({ pointer: `${pointer}/path`, message: path.error, kind: 'state-path' });
    else watched.push({ key: entry.key, segments: path.segments, pointer });
  });
  return watched;
}

/** Puts each kept value back at its state path (before the first render); one that does not fit is reported. */
function restoreKept(store: PageStore, env: RuntimeEnv, watched: readonly Watched[]): void {
  for (const w of watched) {
    const kept = store.getSnapshot().local[w.key];
    if (kept === undefined) continue;
    const next = restored(getAtPath(store.getSnapshot().state, w.segments), kept);
    if (next.ok) store.update((d) => setAtPathDraft(d.state, w.segments, next.value));
    else
      env.report({
        pointer: w.pointer,
        message: `Kept value of "${w.key}" does not fit state path; ignored`,
        kind: 'storage',
      });
  }
}

/**
 * The page's local storage: the storage action's writes and the layout's persist entries. Persisted
 * paths are restored at once (call this before the first render) and written back 300 ms after
 * they last changed; removing a key cancels a pending write of it, so a draft cleared after a save
 * is not written back by a keystroke's late timer.
 */
export function createPageStorage(
  store: PageStore,
  env: RuntimeEnv,
  persist: readonly PersistEntry[] = [],
): OwnedPageStorage {
  const watched = watchedEntries(persist, env);
  restoreKept(store, env, watched);

  const write = (key: string, value: unknown, pointer: string) => {
    const result = env.local.set(key, value);
    // A refused write (quota, storage disabled) is reported, never shown: the page goes on, and
    // local.* still reads what this page wrote.
    if (!result.ok)
      env.report({
        pointer,
        message: `Could not keep "${key}" on the device: ${result.reason}`,
        kind: 'storage',
      });
    store.update((d) => {
      if (value === undefined) delete d.local[key];
      else d.local[key] = value;
    });
  };

  const last = new Map<string, unknown>();
  const pending = new Set<Watched>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  for (const w of watched) last.set(w.key, getAtPath(store.getSnapshot().state, w.segments));

  const flush = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    const due = [...pending];
    pending.clear();
    for (const w of due) write(w.key, getAtPath(store.getSnapshot().state, w.segments), w.pointer);
  };

  if (watched.length > 0) {
    store.subscribe(() => {
      const state = store.getSnapshot().state;
      let changed = false;
      for (const w of watched) {
        const value = getAtPath(state, w.segments);
        if (value === last.get(w.key)) continue;
        last.set(w.key, value);
        pending.add(w);
        changed = true;
      }
      if (!changed) return;
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(flush, PERSIST_DEBOUNCE_MS);
    });
  }

  const checkKey = (key: string, pointer: string): boolean => {
    if (STORAGE_KEY.test(key)) return true;
    env.report({
      pointer: `${pointer}/key`,
      message: `Invalid storage key "${key}"`,
      kind: 'storage',
    });
    return false;
  };

  return {
    set(key, value, pointer) {
      if (checkKey(key, pointer)) write(key, value, pointer);
    },
    remove(key, pointer) {
      if (!checkKey(key, pointer)) return;
      for (const w of pending) if (w.key === key) pending.delete(w);
      env.local.remove(key);
      store.update((d) => {
        delete d.local[key];
      });
    },
    flush,
  };
}
