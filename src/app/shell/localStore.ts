import type { LocalStore } from '@kopa/runtime';

/** Every key the app writes starts with this, so other scripts' entries are never read or touched. */
export const LOCAL_PREFIX = 'kopa:';

/**
 * Keys the product spec names (section 3: "Repayment info (kept in local storage as
 * repaymentInfo)"): other pages of the product (the native app's webviews, an older H5) read and
 * write them under that very name, so the app does too. A value an older build kept under the
 * prefix is still read while the spec's key is absent, and dropped at the next write.
 */
export const SPEC_KEYS: ReadonlySet<string> = new Set(['repaymentInfo']);

/** The localStorage name of a key (without prefix for the spec's own keys). */
const storageName = (key: string): string => (SPEC_KEYS.has(key) ? key : LOCAL_PREFIX + key);

/** The app's key of a localStorage name, or null when the entry is not the app's to read. */
function appKey(name: string): { key: string; spec: boolean } | null {
  if (SPEC_KEYS.has(name)) return { key: name, spec: true };
  return name.startsWith(LOCAL_PREFIX)
    ? { key: name.slice(LOCAL_PREFIX.length), spec: false }
    : null;
}

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
      const fromSpecKey = new Set<string>();
      const s = storage();
      if (!s) return out;
      try {
        for (let i = 0; i < s.length; i += 1) {
          const name = s.key(i);
          const at = name === null ? null : appKey(name);
          // The spec's own key wins over an older build's prefixed copy, in whatever order they come.
          if (!at || fromSpecKey.has(at.key)) continue;
          const raw = s.getItem(name!);
          if (raw === null) continue;
          try {
            out[at.key] = JSON.parse(raw) as unknown;
            if (at.spec) fromSpecKey.add(at.key);
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
        if (value === undefined) s.removeItem(storageName(key));
        else s.setItem(storageName(key), JSON.stringify(value));
        if (SPEC_KEYS.has(key)) s.removeItem(LOCAL_PREFIX + key);
        return { ok: true };
      } catch (e) {
        return { ok: false, reason: e instanceof Error ? `${e.name}: ${e.message}` : String(e) };
      }
    },
    remove(key) {
      try {
        storage()?.removeItem(storageName(key));
        if (SPEC_KEYS.has(key)) storage()?.removeItem(LOCAL_PREFIX + key);
      } catch {
        // Nothing to clear when storage is unavailable.
      }
    },
  };
}
