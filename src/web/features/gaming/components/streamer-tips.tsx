import { HandCoins, Tv } from 'lucide-react';
import { useState } from 'react';
import type { GamingPage } from '../../../../shared/contracts/pages/gaming';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useToast } from '../../../components/ui/toast';
import { openStream, streamNotice } from '../../../lib/affiliate';
import { TipForm } from './tip-form';

/** Featured streamers with the tip flow (the checkout takes the payment). */
export function StreamerTips({ streamers }: { streamers: GamingPage['streamers'] }) {
  const [tipping, setTipping] = useState<string | null>(null);
  const { toast } = useToast();
  return (
    <>
      <ul className="grid gap-4 sm:grid-cols-3">
        {streamers.map((s) => (
          <li key={s.handle} className="flex flex-col gap-2 rounded-2xl border border-ink-700 bg-ink-850 p-4">
            <p className="font-bold text-white">{s.name}</p>
            <p className="text-sm text-slate-300">
              twitch.tv/{s.handle} · {s.game}
            </p>
            <div className="mt-auto flex gap-2">
              <Button
                size="sm"
                variant="secondary"
                aria-label={`Watch ${s.name} on Twitch`}
                onClick={async () => toast(streamNotice(await openStream('twitch', s.handle), `${s.name}'s stream`))}
              >
                <Tv aria-hidden="true" className="size-4" /> Watch
              </Button>
              <Button size="sm" onClick={() => setTipping(s.name)} aria-label={`Tip ${s.name}`}>
                <HandCoins aria-hidden="true" className="size-4" /> Tip
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {tipping && (
        <Dialog
          open
          onClose={() => setTipping(null)}
          title={`Tip ${tipping}`}
          description="Tips are paid through the secure checkout."
        >
          <TipForm streamer={tipping} />
        </Dialog>
      )}
    </>
  );
}
