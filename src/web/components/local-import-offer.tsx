import { useQuery } from '@tanstack/react-query';
import { type ComponentType, useEffect, useState } from 'react';
import { hasLocalFanRecords, wasOffered } from '../lib/local-fan-records';
import { meQuery } from '../lib/session';

/**
 * In the app shell: when a fan signs in with Fan Central data saved in this browser, loads the import
 * dialog (its own chunk, so the first load stays small) and offers the import once.
 */
export function LocalImportOffer() {
  const me = useQuery(meQuery);
  const userId = me.data?.id;
  const [Prompt, setPrompt] = useState<ComponentType<{ userId: string }> | null>(null);
  useEffect(() => {
    if (!userId || wasOffered(userId) || !hasLocalFanRecords()) return;
    let live = true;
    void import('./local-import-dialog').then((m) => {
      if (live) setPrompt(() => m.LocalImportPrompt);
    });
    return () => {
      live = false;
    };
  }, [userId]);
  return userId && Prompt ? <Prompt key={userId} userId={userId} /> : null;
}
