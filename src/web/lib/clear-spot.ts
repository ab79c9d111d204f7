import { type RefObject, useLayoutEffect, useState } from 'react';

/**
 * Floating things (toasts) never cover what the fan needs: a form's main button, and anything marked
 * `data-keep-visible` (the board grid, the fan's code).
 * A floating element is offered a few fixed spots, in order of preference, and takes the first spot
 * where it covers none of them (or, if every spot covers something, the one that covers least).
 */

/** What a toast must leave visible. */
export const keepVisible = 'form button[type="submit"], [data-keep-visible]';

/** A fixed position, in px from the viewport's edges (the sticky site header is 56 px tall). */
export interface Spot {
  top?: number;
  bottom?: number;
  left?: number;
  right?: number;
}

/** The header's height plus a gap: a spot at the top starts below the sticky site header. */
export const BELOW_HEADER = 64;

interface Box {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

const overlapArea = (a: Box, b: Box) =>
  Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) *
  Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));

/** Where an element of this size would be at this spot (horizontally centred when the spot names no side). */
function boxAt(spot: Spot, width: number, height: number, vw: number, vh: number): Box {
  const top = spot.top ?? vh - (spot.bottom ?? 0) - height;
  const left = spot.left ?? (spot.right !== undefined ? vw - spot.right - width : (vw - width) / 2);
  return { top, left, bottom: top + height, right: left + width };
}

/** The index of the spot where `el` covers least of what matches `avoid` (0 when nothing is in the way). */
export function clearestSpot(el: HTMLElement, spots: readonly Spot[], avoid: string): number {
  const vw = document.documentElement.clientWidth;
  const vh = window.innerHeight;
  const others = [...document.querySelectorAll(avoid)]
    .filter((o) => o !== el && !el.contains(o) && !o.contains(el))
    .map((o) => o.getBoundingClientRect())
    .filter((r) => r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < vh);
  let best = 0;
  let bestArea = Number.POSITIVE_INFINITY;
  spots.forEach((spot, i) => {
    const box = boxAt(spot, el.offsetWidth, el.offsetHeight, vw, vh);
    const area = others.reduce((sum, r) => sum + overlapArea(box, r), 0);
    if (area < bestArea) {
      best = i;
      bestArea = area;
    }
  });
  return best;
}

/**
 * Keeps the fixed element in `ref` at its clearest spot while it is shown: measured when it appears and
 * again when the page scrolls, the window resizes or the page's content changes size.
 */
export function useClearSpot(
  ref: RefObject<HTMLElement | null>,
  spots: readonly Spot[],
  avoid: string,
  shown: unknown,
): Spot {
  const [index, setIndex] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || !shown) return;
    let frame = 0;
    const measure = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setIndex(clearestSpot(el, spots, avoid)));
    };
    setIndex(clearestSpot(el, spots, avoid));
    window.addEventListener('scroll', measure, { passive: true });
    window.addEventListener('resize', measure);
    // Where there is no ResizeObserver (older browsers, jsdom), scrolling and resizing still re-measure.
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    resized?.observe(document.body);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', measure);
      window.removeEventListener('resize', measure);
      resized?.disconnect();
    };
  }, [ref, spots, avoid, shown]);
  return spots[index] ?? spots[0] ?? {};
}

/** The style that puts a fixed element at a spot. */
export const spotStyle = (spot: Spot) => ({
  top: spot.top,
  bottom: spot.bottom,
  left: spot.left ?? (spot.right === undefined ? '50%' : undefined),
  right: spot.right,
  transform: spot.left === undefined && spot.right === undefined ? 'translateX(-50%)' : undefined,
});

/**
 * Scrolls the page (at once) so that all `els` are in view together, below the header and the room a
 * toast takes at the top when they fit; otherwise the first of them at the top.
 */
export function revealTogether(els: readonly Element[], roomAbove = BELOW_HEADER) {
  if (els.length === 0) return;
  const rects = els.map((e) => e.getBoundingClientRect());
  const top = Math.min(...rects.map((r) => r.top));
  const bottom = Math.max(...rects.map((r) => r.bottom));
  const vh = window.innerHeight;
  const margin = 16;
  if (top >= BELOW_HEADER && bottom <= vh - margin) return;
  const above = bottom - top <= vh - roomAbove - margin ? roomAbove : BELOW_HEADER;
  window.scrollBy({ top: top - above, behavior: 'instant' });
}

/** How long after a reveal the page may still move what was revealed (a refetch, a form's reset). */
export const REVEAL_SETTLE_MS = 2000;

/**
 * Reveals the elements `find` names together, now and on every frame while the page settles: content
 * that arrives after the first reveal (a refetched board, a form that resets, the browser's scroll
 * anchoring) can push them out of the window again. Stops after `settleMs`, or at once when the fan
 * scrolls, taps or types, so it never fights the fan. Answers the function that stops it early.
 */
export function revealAndHold(
  find: () => readonly Element[],
  roomAbove = BELOW_HEADER,
  settleMs = REVEAL_SETTLE_MS,
): () => void {
  const started = performance.now();
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of fanInput) window.removeEventListener(type, stop, true);
  };
  const tick = () => {
    revealTogether(find(), roomAbove);
    if (performance.now() - started < settleMs) frame = requestAnimationFrame(tick);
    else stop();
  };
  for (const type of fanInput) window.addEventListener(type, stop, { capture: true, passive: true });
  tick();
  return stop;
}

/** What the fan does that ends a held reveal. */
const fanInput = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
