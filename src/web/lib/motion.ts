import { useEffect, useState } from 'react';
import { useMediaQuery } from './media';

/** True while the viewer asks for reduced motion; follows the setting live. */
export function usePrefersReducedMotion(): boolean {
  return useMediaQuery('(prefers-reduced-motion: reduce)');
}

/**
 * Cycles an index through `length` values every `intervalMs` (the colour-cycling cards). Stays
 * on the first value under prefers-reduced-motion, and while `paused`.
 */
export function useCyclingIndex(length: number, intervalMs: number, paused = false): number {
  const reduced = usePrefersReducedMotion();
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (reduced || paused || length < 2) {
      setIndex(0);
      return;
    }
    const timer = setInterval(() => setIndex((i) => (i + 1) % length), intervalMs);
    return () => clearInterval(timer);
  }, [reduced, paused, length, intervalMs]);
  return index;
}
