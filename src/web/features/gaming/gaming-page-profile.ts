import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type GamingPageProfile,
  type GamingPageProfileInput,
  gamingPageProfileInputSchema,
} from '../../../shared/contracts/fan-central';
import { parseOrThrow } from '../../lib/local-errors';
import { readLocalGamingPageProfile, writeLocalGamingPageProfile } from '../../lib/local-fan-data';
import { type DataOwner, ownerKey } from '../../lib/owner';
import { fetchGamingPageProfile, saveGamingPageProfile } from './api';

/**
 * Gaming page profile (the gaming hub's handles and player name): edited on /gaming, read by Fan
 * Central's 'import from the gaming page profile' and its stream links. Server for a signed-in fan,
 * this browser for a visitor.
 */
export const gamingPageProfileQuery = (owner: DataOwner) =>
  queryOptions({
    queryKey: ['gaming-page-profile', ownerKey(owner)] as const,
    queryFn: async ({ signal }): Promise<GamingPageProfile> =>
      owner.kind === 'local' ? readLocalGamingPageProfile() : fetchGamingPageProfile(signal),
  });

export function useSaveGamingPageProfile(owner: DataOwner) {
  const queryClient = useQueryClient();
  const { queryKey } = gamingPageProfileQuery(owner);
  return useMutation({
    mutationFn: async (input: GamingPageProfileInput): Promise<GamingPageProfile> => {
      if (owner.kind === 'local') {
        const profile = parseOrThrow(gamingPageProfileInputSchema, input);
        writeLocalGamingPageProfile(profile);
        return profile;
      }
      return saveGamingPageProfile(input);
    },
    onSuccess: (profile) => queryClient.setQueryData(queryKey, profile),
  });
}
