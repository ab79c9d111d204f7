import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../shared/contracts/paths';
import {
  claimCodeSchema,
  markPaidBodySchema,
  markPaidResultSchema,
  markReviewedResultSchema,
  paidInCashBodySchema,
  payoutsCsvColumns,
  payoutsQuerySchema,
  payoutsSchema,
  prizeIdParamsSchema,
} from '../../../shared/contracts/prizes';
import type { Clock } from '../../platform/clock';
import { CSV_BOM, csvLine, dollars } from '../admin';
import { actorOf } from '../admin-gate';
import type { PrizesService } from './service';

/** `payouts_{date}.csv`, or `payouts_{board}_{date}.csv` for one board (a board address is letters, digits, dashes). */
function payoutsFileName(board: string | undefined, now: Date): string {
  const day = now.toISOString().slice(0, 10);
  return board && /^[a-z0-9-]+$/.test(board) ? `payouts_${board}_${day}.csv` : `payouts_${day}.csv`;
}

/**
 * The payout ledger, admin routes: their paths are under `apiPaths.admin` (/api/admin), so the admin gate's one
 * guard (registerAdminGuard) checks the admin session before each; every change names its actor (actorOf).
 */
export const prizeAdminRoutes: FastifyPluginAsyncZod<{
  service: PrizesService;
  clock: Clock;
  /** The signed-in account's email, when the admin is also signed in. */
  emailOf: (headers: Headers) => Promise<string | null>;
}> = async (app, { service, clock, emailOf }) => {
  const actor = (req: FastifyRequest) => actorOf(req, emailOf);

  app.get(
    apiPaths.admin.payouts,
    { schema: { querystring: payoutsQuerySchema, response: { 200: payoutsSchema } } },
    (req) => service.payouts(req.query),
  );

  app.post(
    apiPaths.admin.payoutPaid.pattern,
    { schema: { params: prizeIdParamsSchema, body: markPaidBodySchema, response: { 200: markPaidResultSchema } } },
    async (req) => service.markPaid(await actor(req), req.params.id, req.body.reference),
  );

  app.post(
    apiPaths.admin.payoutReviewed.pattern,
    { schema: { params: prizeIdParamsSchema, response: { 200: markReviewedResultSchema } } },
    async (req) => service.markReviewed(await actor(req), req.params.id),
  );

  // The organizer's claim code of an unclaimed prize, with its link and QR, to read out or print (audited).
  app.post(
    apiPaths.admin.payoutClaimCode.pattern,
    { schema: { params: prizeIdParamsSchema, response: { 200: claimCodeSchema } } },
    async (req) => service.showClaimCode(await actor(req), req.params.id),
  );

  // Paid in cash at the venue, from unclaimed or claimed, with who received it (audited).
  app.post(
    apiPaths.admin.payoutPaidInCash.pattern,
    { schema: { params: prizeIdParamsSchema, body: paidInCashBodySchema, response: { 200: markPaidResultSchema } } },
    async (req) => service.payInCash(await actor(req), req.params.id, req.body.receivedBy),
  );

  // The CSV takes the list's query: a board's download holds that board's prizes only, filtered as the screen is.
  app.get(apiPaths.admin.payoutsCsv, { schema: { querystring: payoutsQuerySchema } }, async (req, reply) => {
    const rows = await service.ledger(req.query);
    const body =
      CSV_BOM +
      csvLine(payoutsCsvColumns) +
      rows
        .map((p) =>
          csvLine([
            p.boardSlug,
            p.periodLabel,
            p.code,
            p.winnerNickname,
            dollars(p.prizeCents),
            p.state,
            p.method,
            p.claimedAt,
            p.paidAt,
            p.paidReference,
            p.needsReview ? 'yes' : 'no',
            p.taxReportable ? 'yes' : 'no',
            p.handle,
            p.receivedBy,
          ]),
        )
        .join('');
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${payoutsFileName(req.query.board, clock.now())}"`)
      .header('x-content-type-options', 'nosniff')
      .send(body);
  });
};
