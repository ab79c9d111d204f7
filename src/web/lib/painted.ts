import { startTransition, useEffect, useState } from 'react';

/**
 * False on a component's first render, true once the browser has painted it: the next frame's callback asks for a
 * task, which runs after that frame's paint. Set in a transition, so that what it then shows renders in the
 * background, yielding every few milliseconds. For the parts of a screen that can come after its heading: their
 * code is asked for only then, and does not share the network or the main thread with what the heading needs.
 */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let task: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      task = setTimeout(() => startTransition(() => setPainted(true)));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(task);
    };
  }, []);
  return painted;
}
