import { ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import type { StreamHandleKey } from '../../shared/domain/gaming-profile';
import { streamLinksOf } from '../../shared/domain/stream-links';
import { openStream, streamNotice } from '../lib/affiliate';
import { useToast } from './ui/toast';

/**
 * Stream links from the gaming page profile's handles (Twitch, YouTube, TikTok, Instagram). A
 * click is an affiliate click: FanGrid records it, then opens the stream with the referral parameter in
 * a new tab ('Redirecting to stream'). The href stays the plain link for copying or middle-clicks.
 */
export function StreamLinks({
  handles,
  label = 'Stream links',
  empty,
}: {
  handles: Partial<Record<StreamHandleKey, string | null>>;
  label?: string;
  /** Shown when no site has a handle (nothing is rendered when omitted). */
  empty?: ReactNode;
}) {
  const links = streamLinksOf(handles);
  const { toast } = useToast();
  if (links.length === 0) return empty ?? null;
  return (
    <ul aria-label={label} className="flex flex-wrap gap-2">
      {links.map((link) => (
        <li key={link.site} className="min-w-0">
          <a
            href={link.href}
            target="_blank"
            rel="noopener noreferrer"
            onClick={async (e) => {
              e.preventDefault();
              toast(streamNotice(await openStream(link.site, link.handle), link.name));
            }}
            className="inline-flex min-h-11 max-w-full items-center gap-2 rounded-xl border border-ink-600 px-3 text-sm font-semibold text-slate-100 hover:border-brand-400 hover:text-brand-300"
          >
            <span className="truncate">
              {link.name} <span className="font-normal text-slate-300">@{link.handle}</span>
            </span>
            <ExternalLink aria-hidden="true" className="size-4 shrink-0" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
