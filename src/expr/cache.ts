import { LIMITS } from './limits';

/**
 * Least-recently-used map from source text to its parse result, so that a re-render does not
 * re-parse every binding of the page. Bounded in entries and in key length, so a server that
 * sends ever-changing or huge strings cannot grow it without limit.
 */
export class SourceCache<V> {
  private readonly map = new Map<string, V>();

  constructor(private readonly maxEntries: number = LIMITS.cacheSize) {}

  get(source: string): V | undefined {
    const value = this.map.get(source);
    if (value !== undefined) {
      // Re-insert to mark it as recently used: Map keeps insertion order.
      this.map.delete(source);
      this.map.set(source, value);
    }
    return value;
  }

  set(source: string, value: V): void {
    if (source.length > LIMITS.maxCachedSourceLength) return;
    this.map.delete(source);
    this.map.set(source, value);
    if (this.map.size > this.maxEntries) {
      const oldest = this.map.keys().next();
      if (!oldest.done) this.map.delete(oldest.value);
    }
  }

  get size(): number {
    return this.map.size;
  }

  clear(): void {
    this.map.clear();
  }
}
