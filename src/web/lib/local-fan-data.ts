import type { GamingPageProfile, GamingProfile, LocalImportInput } from '../../shared/contracts/fan-central';
import {
  type CleanContext,
  cleanLocalFanData,
  cleanLocalFanProfile,
  cleanLocalGamingPageProfile,
  cleanLocalGamingProfile,
  type LocalFanData,
  type LocalFanProfile,
  localFanKeys,
} from '../../shared/contracts/fan-central-local';
import { readJson, writeJson } from './storage';

/**
 * A visitor's Fan Central data in this browser, under the old app's keys ('fanProfile', 'gamingProfile',
 * 'gamingPageProfile'). Every read is cleaned into the API's shapes (an older app's 'bets' become
 * 'games'), so the screens treat local and account data the same way.
 */

/** A new local id (random UUID where the browser offers one). */
export function newLocalId(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

const context = (): CleanContext => ({ newId: newLocalId, now: new Date().toISOString() });

export const readLocalFanProfile = (): LocalFanProfile =>
  cleanLocalFanProfile(readJson(localFanKeys.fanProfile), context()).value;
export const writeLocalFanProfile = (profile: LocalFanProfile) => writeJson(localFanKeys.fanProfile, profile);

export const readLocalGamingProfile = (): GamingProfile =>
  cleanLocalGamingProfile(readJson(localFanKeys.gamingProfile), context()).value;
export const writeLocalGamingProfile = (profile: GamingProfile) => writeJson(localFanKeys.gamingProfile, profile);

export const readLocalGamingPageProfile = (): GamingPageProfile =>
  cleanLocalGamingPageProfile(readJson(localFanKeys.gamingPageProfile));
export const writeLocalGamingPageProfile = (profile: GamingPageProfile) =>
  writeJson(localFanKeys.gamingPageProfile, profile);

/** Everything at once, with the import request it makes and how many stored items could not be read. */
export function readLocalFanData(): { data: LocalFanData; payload: LocalImportInput; dropped: number } {
  return cleanLocalFanData(
    {
      fanProfile: readJson(localFanKeys.fanProfile),
      gamingProfile: readJson(localFanKeys.gamingProfile),
      gamingPageProfile: readJson(localFanKeys.gamingPageProfile),
    },
    context(),
  );
}
