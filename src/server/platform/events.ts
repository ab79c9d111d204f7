import type { Database } from '../db/client';

/**
 * The one NOTIFY channel FanGrid uses; payloads are `{ topic, data }` JSON, so a process LISTENs once.
 * Writers NOTIFY inside their transaction (see boards/repo.ts insertAndClaim), so only commits announce.
 */
export const EVENTS_CHANNEL = 'fangrid_events';

/**
 * Live updates across server instances: PostgreSQL LISTEN/NOTIFY in, per-topic subscribers out
 * (Server-Sent Events connections subscribe here). One LISTEN per process, started on first use.
 */
export function createEventHub(database: Pick<Database, 'listen'>) {
  const subscribers = new Map<string, Set<(data: unknown) => void>>();
  let started: Promise<() => Promise<void>> | undefined;

  const start = () => {
    started ??= database.listen(EVENTS_CHANNEL, (payload) => {
      let message: { topic?: string; data?: unknown };
      try {
        message = JSON.parse(payload);
      } catch {
        return;
      }
      for (const cb of subscribers.get(message.topic ?? '') ?? []) cb(message.data);
    });
    return started;
  };

  return {
    async subscribe(topic: string, callback: (data: unknown) => void): Promise<() => void> {
      await start();
      let set = subscribers.get(topic);
      if (!set) {
        set = new Set();
        subscribers.set(topic, set);
      }
      set.add(callback);
      return () => {
        set?.delete(callback);
        if (set?.size === 0) subscribers.delete(topic);
      };
    },
    async close() {
      if (started) await (await started)();
    },
  };
}
export type EventHub = ReturnType<typeof createEventHub>;
