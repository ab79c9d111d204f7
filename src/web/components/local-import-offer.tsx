import { useQuery } from '@tanstack/react-query';
import { type ComponentType, useEffect, useState } from 'react';
import { meQuery } from '../lib/session';

/**
 * In the app shell: when a fan signs in with Fan Central data saved in this browser, loads the import
 * dialog and offers the import once. The check and the dialog are chunks of their own, loaded only for a
 * signed-in fan, so a visitor's first load stays small.
 */
export function LocalImportOffer() {
  const me = useQuery(meQuery);
  const userId = me.data?.id;
  const [Prompt, setPrompt] = useState<ComponentType<{ userId: string }> | null>(null);
  useEffect(() => {
    if (!userId) return;
    let live = true;
    void import('./local-import-check')
      .then((m) => m.importPromptFor(userId))
      .then((Loaded) => {
        if (live && Loaded) setPrompt(() => Loaded);
      });
    return () => {
      live = false;
    };
  }, [userId]);
  return userId && Prompt ? <Prompt key={userId} userId={userId} /> : null;
}
