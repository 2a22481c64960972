import type { LocalStore } from '@kopa/runtime';

/** Every key the app writes starts with this, so other scripts' entries are never read or touched. */
export const LOCAL_PREFIX = 'kopa:';

/**
 * localStorage behind the LocalStore interface. `getStorage` is called on each use because merely
 * touching window.localStorage throws in some webviews (storage disabled, private mode): then
 * everything reads as absent and writes report why instead of throwing at the borrower.
 */
export function createLocalStore(getStorage: () => Storage): LocalStore {
  const storage = (): Storage | null => {
    try {
      return getStorage();
    } catch {
      return null;
    }
  };
  return {
    readAll() {
      const out: Record<string, unknown> = {};
      const s = storage();
      if (!s) return out;
      try {
        for (let i = 0; i < s.length; i += 1) {
          const name = s.key(i);
          if (!name?.startsWith(LOCAL_PREFIX)) continue;
          const raw = s.getItem(name);
          if (raw === null) continue;
          try {
            out[name.slice(LOCAL_PREFIX.length)] = JSON.parse(raw) as unknown;
          } catch {
            // A corrupt entry (hand-edited, truncated) reads as absent.
          }
        }
      } catch {
        // Storage became unavailable while reading: what was read so far stands.
      }
      return out;
    },
    set(key, value) {
      const s = storage();
      if (!s) return { ok: false, reason: 'localStorage is not available' };
      try {
        if (value === undefined) s.removeItem(LOCAL_PREFIX + key);
        else s.setItem(LOCAL_PREFIX + key, JSON.stringify(value));
        return { ok: true };
      } catch (e) {
        return { ok: false, reason: e instanceof Error ? `${e.name}: ${e.message}` : String(e) };
      }
    },
    remove(key) {
      try {
        storage()?.removeItem(LOCAL_PREFIX + key);
      } catch {
        // Nothing to clear when storage is unavailable.
      }
    },
  };
}
