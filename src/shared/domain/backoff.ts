/** How long to wait between reconnection attempts: `baseMs` doubling per failed attempt up to `capMs`. */
export interface BackoffPolicy {
  baseMs: number;
  capMs: number;
}

/**
 * The wait before reconnection attempt `attempt` (0 = the first one after a drop): the policy's ceiling
 * for that attempt (`baseMs * 2^attempt`, at most `capMs`), jittered by `random` to between half of it and
 * all of it, so processes that lost the same server do not all come back in the same instant, and none
 * retries sooner than half the ceiling. `random` is a source of numbers in [0, 1); anything outside
 * (or not a number) is clamped, so a bad source can neither stop the backoff nor stretch it past the cap.
 */
export function backoffDelay(attempt: number, random: () => number, policy: BackoffPolicy): number {
  const n = Number.isFinite(attempt) ? Math.max(0, Math.floor(attempt)) : 0;
  // 2^30 already exceeds any sensible cap; stopping there keeps the arithmetic finite.
  const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** Math.min(n, 30));
  const r = random();
  const jitter = Number.isFinite(r) ? Math.min(1, Math.max(0, r)) : 0;
  return Math.round(ceiling / 2 + (ceiling / 2) * jitter);
}
