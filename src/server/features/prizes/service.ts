import type { Db } from '../../db/client';
import { type BoardPrizes, qrSvg } from '../boards';
import { createPrizeAwards } from './award';
import { createPrizeClaims } from './claim';
import { claimUrlOf, type PrizesDeps, present } from './common';
import { createPrizeLedger } from './ledger';
import { createPrizeNotices } from './notify';
import { createVenuePayouts } from './venue';

/**
 * Prizes (docs/product.md#prizes-and-claims): made when a period is scored with a winner, kept in step with
 * corrections (award.ts), claimed through a signed link (claim.ts), paid out by an organizer (ledger.ts,
 * venue.ts), expired by the scheduler (jobs.ts). Every text goes through the sms outbox under a key unique per
 * entry and event, so each is sent once (notify.ts).
 */
export function createPrizesService(deps: PrizesDeps) {
  const claimUrl = claimUrlOf(deps);
  const notices = createPrizeNotices(deps);
  const awardsIn = createPrizeAwards(deps, { claimUrl, text: notices.text });

  /** The port the boards service calls, bound to the database handle (or transaction) that service uses. */
  const boardPrizesIn = (qdb: Db): BoardPrizes => ({ ...awardsIn(qdb), ...notices.boardNoticesIn(qdb) });

  const venue = createVenuePayouts({
    db: deps.db,
    repo: deps.repo,
    clock: deps.clock,
    secret: deps.secret,
    claimUrl,
    present,
    audit: deps.audit,
    qr: deps.qr ?? (async (link) => (await qrSvg(link)).svg),
  });

  return {
    boardPrizesIn,
    claimUrl,
    ...venue,
    ...createPrizeClaims(deps),
    ...createPrizeLedger(deps),
  };
}
export type PrizesService = ReturnType<typeof createPrizesService>;
