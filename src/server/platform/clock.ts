/** Time comes from here, never from `new Date()` inside rules, so tests can pin it. */
export interface Clock {
  now(): Date;
  /**
   * Calls `fn` once, `ms` from now on this clock; the returned function cancels it. The system clock uses
   * a real timer that never keeps the process alive; a test clock fires it when the test moves time on.
   */
  setTimer(ms: number, fn: () => unknown): () => void;
}

export const systemClock: Clock = {
  now: () => new Date(),
  setTimer(ms, fn) {
    const timer = setTimeout(fn, Math.max(0, ms));
    timer.unref();
    return () => clearTimeout(timer);
  },
};

export interface FixedClock extends Clock {
  set(at: Date | string): void;
  /** Moves time on and nothing else: timers that became due wait for `tick`. */
  advance(ms: number): void;
  /**
   * Moves time on by `ms` (0: stays) and runs every timer that is due, earliest deadline first, awaiting
   * what each returns; timers those set that are due by then run too. Resolves once nothing due is left.
   */
  tick(ms?: number): Promise<void>;
}

export function fixedClock(at: Date | string): FixedClock {
  let current = new Date(at);
  let seq = 0;
  const timers = new Map<number, { at: number; seq: number; fn: () => unknown }>();
  return {
    now: () => new Date(current),
    set(next) {
      current = new Date(next);
    },
    advance(ms) {
      current = new Date(current.getTime() + ms);
    },
    setTimer(ms, fn) {
      const id = seq++;
      timers.set(id, { at: current.getTime() + Math.max(0, ms), seq: id, fn });
      return () => timers.delete(id);
    },
    async tick(ms = 0) {
      current = new Date(current.getTime() + ms);
      // A timer that keeps re-arming itself at no delay would never let time settle: stop it loudly.
      for (let round = 0; round < 10_000; round++) {
        const due = [...timers.entries()]
          .filter(([, t]) => t.at <= current.getTime())
          .sort(([, a], [, b]) => a.at - b.at || a.seq - b.seq);
        const first = due[0];
        if (!first) return;
        timers.delete(first[0]);
        await first[1].fn();
      }
      throw new Error('fixedClock.tick: timers keep coming due without time passing');
    },
  };
}
