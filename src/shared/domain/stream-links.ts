/**
 * Stream links, built from a handle of the gaming page profile for four sites: a live-streaming
 * site, a video site (@handle), a short-video site (@handle) and a photo site. Every stream link in the
 * app is made by `streamLinkHref`, so clicks can later be routed through one affiliate endpoint.
 */
import { normalizeHandle, type StreamHandleKey } from './gaming-profile';

export const streamSites = ['twitch', 'youtube', 'tiktok', 'instagram'] as const;
export type StreamSite = (typeof streamSites)[number];

export const streamSiteInfo: Record<StreamSite, { name: string; handleKey: StreamHandleKey }> = {
  twitch: { name: 'Twitch', handleKey: 'twitchHandle' },
  youtube: { name: 'YouTube', handleKey: 'youtubeHandle' },
  tiktok: { name: 'TikTok', handleKey: 'tiktokHandle' },
  instagram: { name: 'Instagram', handleKey: 'instagramHandle' },
};

/** The public page of `handle` on `site` (a leading '@' in the handle is ignored). */
export function streamLinkHref(site: StreamSite, handle: string): string {
  const name = encodeURIComponent(normalizeHandle(handle));
  switch (site) {
    case 'twitch':
      return `https://www.twitch.tv/${name}`;
    case 'youtube':
      return `https://www.youtube.com/@${name}`;
    case 'tiktok':
      return `https://www.tiktok.com/@${name}`;
    case 'instagram':
      return `https://www.instagram.com/${name}`;
  }
}

/** The stream links a profile's handles give, in the sites' order; sites without a handle are left out. */
export function streamLinksOf(
  handles: Partial<Record<StreamHandleKey, string | null>>,
): Array<{ site: StreamSite; name: string; handle: string; href: string }> {
  return streamSites.flatMap((site) => {
    const { name, handleKey } = streamSiteInfo[site];
    const handle = handles[handleKey];
    return handle ? [{ site, name, handle: normalizeHandle(handle), href: streamLinkHref(site, handle) }] : [];
  });
}
