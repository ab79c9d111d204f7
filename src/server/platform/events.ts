import { EVENTS_CHANNEL } from '../../shared/contracts/board-events';
import type { Database } from '../db/client';
import type { ListenerState } from '../db/listener';

// The one NOTIFY channel (its name and message shape live in shared/contracts/board-events.ts), so a process
// LISTENs once. Writers NOTIFY inside their transaction (see boards/events.ts), so only commits announce.

export interface Subscriber {
  /** A payload published on the subscribed topic, with the event name the message gave (if any). */
  data(data: unknown, event: unknown): void;
  /**
   * The LISTEN connection came back after being down: whatever was published meanwhile never arrived,
   * so the subscriber must re-read the state it follows.
   */
  resync(): void;
}

/**
 * Live updates across server instances: PostgreSQL LISTEN/NOTIFY in, per-topic subscribers out
 * (Server-Sent Events connections subscribe here). One LISTEN per process, started with the app
 * (`start`), so `state()` says from the first request whether this process hears other instances.
 */
export function createEventHub(
  database: Pick<Database, 'listen'>,
  opts: { onStateChange?: (state: ListenerState) => void } = {},
) {
  const subscribers = new Map<string, Set<Subscriber>>();
  let state: ListenerState = 'down';
  let started: Promise<() => Promise<void>> | undefined;

  const dispatch = (payload: string) => {
    let message: unknown;
    try {
      message = JSON.parse(payload);
    } catch {
      return;
    }
    if (typeof message !== 'object' || message === null) return;
    const { topic, event, data } = message as { topic?: unknown; event?: unknown; data?: unknown };
    if (typeof topic !== 'string') return;
    for (const s of [...(subscribers.get(topic) ?? [])]) s.data(data, event);
  };

  const onState = (next: ListenerState) => {
    const recovered = state === 'down' && next === 'ok';
    const changed = state !== next;
    state = next;
    if (changed) opts.onStateChange?.(next);
    if (recovered) for (const set of [...subscribers.values()]) for (const s of [...set]) s.resync();
  };

  const start = () => {
    started ??= database.listen(EVENTS_CHANNEL, dispatch, onState);
    return started;
  };

  return {
    /** LISTENs now. Resolves once the first connection attempt has finished, successful or not. */
    async start(): Promise<void> {
      await start();
    },
    /** `ok` while this process hears every NOTIFY; `down` while its LISTEN connection reconnects. */
    state: (): ListenerState => state,
    async subscribe(topic: string, subscriber: Subscriber): Promise<() => void> {
      await start();
      const set = subscribers.get(topic) ?? new Set();
      subscribers.set(topic, set);
      set.add(subscriber);
      let subscribed = true;
      return () => {
        if (!subscribed) return;
        subscribed = false;
        set.delete(subscriber);
        if (set.size === 0 && subscribers.get(topic) === set) subscribers.delete(topic);
      };
    },
    async close() {
      if (started) await (await started)();
    },
  };
}
export type EventHub = ReturnType<typeof createEventHub>;
