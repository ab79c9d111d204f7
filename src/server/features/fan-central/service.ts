import type { FanCentralDeps } from './common';
import { createFanProfileRules } from './fan-profile';
import { createGamingRules } from './gaming';
import { createLocalImport } from './local-import';

/**
 * Fan Central rules for a signed-in fan's own data: the profile card, favorites (empty and
 * duplicate entries ignored, capped per list), the trophy case (fan-profile.ts), the gaming profile with
 * achievements and trophies, the gaming hub's page profile (gaming.ts), and the one-time import of a visitor's
 * local data (local-import.ts). Capped lists are read, checked and written under the fan's list lock (common.ts).
 */
export function createFanCentralService(deps: FanCentralDeps) {
  return {
    ...createFanProfileRules(deps),
    ...createGamingRules(deps),
    ...createLocalImport(deps),
  };
}
export type FanCentralService = ReturnType<typeof createFanCentralService>;
