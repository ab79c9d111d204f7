import { affiliatePaths } from '../../shared/contracts/api-paths/affiliate';
import { affiliateRedirectSchema } from '../../shared/contracts/payment-responses';
import type { StreamSite } from '../../shared/domain/stream-links';
import { apiPost } from './api-client';

/**
 * Affiliate click: FanGrid records the click, then the stream opens in a new tab with the
 * referral parameter. The tab is opened at once (inside the click, so no popup blocker stops it) and
 * pointed at the stream when the server answers; it closes again if the click cannot be recorded.
 */
export async function openStream(site: StreamSite, handle: string): Promise<boolean> {
  const tab = window.open('about:blank', '_blank');
  if (tab) tab.opener = null;
  try {
    const { url } = await apiPost(affiliatePaths.affiliateClicks, { site, handle }, affiliateRedirectSchema);
    if (tab) tab.location.href = url;
    else window.location.assign(url);
    return true;
  } catch {
    tab?.close();
    return false;
  }
}

/** What the viewer is told after `openStream` ('Redirecting to stream', noting the commission). */
export function streamNotice(opened: boolean, name: string) {
  return opened
    ? {
        title: 'Redirecting to stream',
        description: `Opening ${name}. FanGrid earns a small commission from this link.`,
      }
    : { title: 'Could not open the stream', description: 'Please try again.', variant: 'error' as const };
}
