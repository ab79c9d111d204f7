import { useSyncExternalStore } from 'react';

/** True while the media query matches; follows the window live (false where there is no window). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia?.(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => window.matchMedia?.(query).matches ?? false,
    () => false,
  );
}

/** The phone layout: windows up to 640 px wide. */
export const phoneQuery = '(max-width: 640px)';

/** True on a phone-sized window (see `phoneQuery`). */
export function usePhoneLayout(): boolean {
  return useMediaQuery(phoneQuery);
}
