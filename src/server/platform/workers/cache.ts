/**
 * An in-memory cache of built documents (sheets, QR codes) by a key that changes when what they show changes.
 * Bounded: at most `maxEntries`, the least recently used dropped first. Concurrent requests for one key share
 * one build (in-flight dedup); a failed build is not kept, so the next request tries again. Each instance has
 * its own: it is a cache, never the truth (a key names the content, so two instances serve the same bytes'
 * meaning under the same ETag).
 */
export interface BuildCache<V> {
  /** The value for `key`, built by `build` unless cached or already being built. */
  get(key: string, build: () => Promise<V>): Promise<V>;
  readonly size: number;
}

export function createBuildCache<V>(options: { maxEntries: number }): BuildCache<V> {
  const max = Math.max(1, Math.floor(options.maxEntries));
  const done = new Map<string, V>();
  const building = new Map<string, Promise<V>>();
  return {
    get(key, build) {
      const hit = done.get(key);
      if (hit !== undefined) {
        // Most recently used last: a Map iterates in insertion order.
        done.delete(key);
        done.set(key, hit);
        return Promise.resolve(hit);
      }
      const running = building.get(key);
      if (running) return running;
      const started = (async () => {
        try {
          const value = await build();
          done.set(key, value);
          while (done.size > max) {
            const oldest = done.keys().next().value;
            if (oldest === undefined) break;
            done.delete(oldest);
          }
          return value;
        } finally {
          building.delete(key);
        }
      })();
      building.set(key, started);
      return started;
    },
    get size() {
      return done.size;
    },
  };
}
