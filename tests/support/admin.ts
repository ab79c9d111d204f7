import type { AdminBoardSummary } from '../../src/shared/contracts/admin';
import { freeToPlayLegal } from './boards';

/**
 * An organizer's board summary for the web tests, as the admin API answers it: an open free-to-play 1v99 board of
 * Hawks vs Celtics, scored by hand, with no entries; `patch` changes any field.
 */
export const adminBoardSummary = (patch: Partial<AdminBoardSummary> = {}): AdminBoardSummary => ({
  slug: 'hawks-celtics',
  game: {
    id: '0f0f0f0f-0f0f-4f0f-8f0f-0f0f0f0f0f0f',
    slug: 'hawks-celtics-game',
    league: 'NBA',
    teamA: 'Hawks',
    teamB: 'Celtics',
    startsAt: '2030-01-30T00:00:00Z',
    venue: 'State Farm Arena',
  },
  sequence: 1,
  format: '1v99',
  status: 'open',
  paymentRequired: false,
  entryCount: 0,
  capacity: 100,
  organization: 'Hawks Foundation',
  mode: 'free-to-play',
  legal: freeToPlayLegal,
  scoring: 'manual',
  feedGame: false,
  feedProblem: null,
  claimWindowDays: 30,
  payoutMethods: ['pickup'],
  ...patch,
});
