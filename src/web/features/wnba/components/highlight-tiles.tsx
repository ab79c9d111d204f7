import { Clapperboard, Radio } from 'lucide-react';
import { Button } from '../../../components/ui/button';

const tiles = [
  { name: 'Video Highlights', text: 'Top plays and recaps from every game.', icon: Clapperboard },
  { name: 'Streaming Highlights', text: 'Live look-ins and watch-along streams.', icon: Radio },
] as const;

/** WNBA: placeholder tiles for video and streaming highlights; their buttons do nothing yet. */
export function HighlightTiles() {
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {tiles.map(({ name, text, icon: TileIcon }) => (
        <li
          key={name}
          className="flex flex-col items-start gap-3 rounded-2xl border border-dashed border-ink-600 bg-ink-850 p-5"
        >
          <TileIcon aria-hidden="true" className="size-8 text-slate-400" />
          <div>
            <h3 className="font-bold text-white">{name}</h3>
            <p className="text-sm text-slate-300">{text}</p>
          </div>
          <Button variant="secondary" disabled>
            {name} Coming Soon
          </Button>
        </li>
      ))}
    </ul>
  );
}
