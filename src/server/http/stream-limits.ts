import { clientKey } from './client-address';

export interface StreamSlot {
  /** Gives the slot back. Only the first call counts, however many paths end the stream. */
  release(): void;
}

export type StreamAdmission = { ok: true; slot: StreamSlot } | { ok: false; limit: 'client' | 'instance' };

/**
 * Caps the long-lived streams (Server-Sent Events) this process holds open: at most `perClient` per
 * client address (see clientKey) and `perInstance` in all. Each open stream holds a socket (a file
 * descriptor) and a subscription, so both caps are about this process's resources: counting in memory
 * per instance is the point, not shared state.
 */
export function createStreamLimits(limits: { perClient: number; perInstance: number }) {
  const byClient = new Map<string, number>();
  let open = 0;
  return {
    admit(ip: string): StreamAdmission {
      const key = clientKey(ip);
      const mine = byClient.get(key) ?? 0;
      if (mine >= limits.perClient) return { ok: false, limit: 'client' };
      if (open >= limits.perInstance) return { ok: false, limit: 'instance' };
      byClient.set(key, mine + 1);
      open += 1;
      let held = true;
      return {
        ok: true,
        slot: {
          release() {
            if (!held) return;
            held = false;
            open -= 1;
            const left = (byClient.get(key) ?? 1) - 1;
            if (left > 0) byClient.set(key, left);
            else byClient.delete(key);
          },
        },
      };
    },
    /** Streams one client may hold open at once. */
    perClient: limits.perClient,
    /** Streams open now, in all. */
    open: () => open,
    /** Streams open now for the client at `ip`. */
    openBy: (ip: string) => byClient.get(clientKey(ip)) ?? 0,
  };
}
export type StreamLimits = ReturnType<typeof createStreamLimits>;
