import { type RefObject, useEffect, useState } from 'react';

/**
 * True once the element has come within `marginPx` of the viewport (or scrolled past it), and from then
 * on. Below-the-fold widgets use it to load their code when the reader heads their way, not with the
 * page. A scroll listener backs the observer up, so a jump past the element (End key, a long fling)
 * counts too. Without IntersectionObserver (old browsers, tests) it is true at once.
 */
export function useNearViewport(ref: RefObject<HTMLElement | null>, marginPx = 600): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const reached = () => element.getBoundingClientRect().top < window.innerHeight + marginPx;
    if (reached()) {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: `${marginPx}px 0px` },
    );
    observer.observe(element);
    const onScroll = () => {
      if (reached()) setNear(true);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      observer.disconnect();
      window.removeEventListener('scroll', onScroll);
    };
  }, [ref, near, marginPx]);
  return near;
}
