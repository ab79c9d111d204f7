import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
  prizeErrorCodes,
  prizeIdParamsSchema,
} from '../../../shared/contracts/prizes';
import type { OrgPermission } from '../../../shared/domain/org-roles';
import { AppError } from '../../http/errors';
import type { Clock } from '../../platform/clock';
import { CSV_BOM, csvLine, dollars } from '../admin';
import type { PrizesService } from './service';

/** `payouts_{date}.csv`, or `payouts_{board}_{date}.csv` for one board (a board address is letters, digits, dashes). */
function payoutsFileName(board: string | undefined, now: Date): string {
  const day = now.toISOString().slice(0, 10);
  return board && /^[a-z0-9-]+$/.test(board) ? `payouts_${board}_${day}.csv` : `payouts_${day}.csv`;
}

/** The payout ledger's route patterns: the admin API's (/api/admin) or the organizer API's (/api/orgs/:org). */
export interface PayoutPaths {
  payouts: string;
  payoutPaid: string;
  payoutReviewed: string;
  payoutClaimCode: string;
  payoutPaidInCash: string;
  payoutsCsv: string;
}

export const adminPayoutPaths: PayoutPaths = {
  payouts: apiPaths.admin.payouts,
  payoutPaid: apiPaths.admin.payoutPaid.pattern,
  payoutReviewed: apiPaths.admin.payoutReviewed.pattern,
  payoutClaimCode: apiPaths.admin.payoutClaimCode.pattern,
  payoutPaidInCash: apiPaths.admin.payoutPaidInCash.pattern,
  payoutsCsv: apiPaths.admin.payoutsCsv,
};

const o = apiPaths.organizer;
export const organizerPayoutPaths: PayoutPaths = {
  payouts: o.payouts.pattern,
  payoutPaid: o.payoutPaid.pattern,
  payoutReviewed: o.payoutReviewed.pattern,
  payoutClaimCode: o.payoutClaimCode.pattern,
  payoutPaidInCash: o.payoutPaidInCash.pattern,
  payoutsCsv: o.payoutsCsv.pattern,
};

/** A prize id, and an organizer path's `:org` (the organization guard checks it). */
const prizeParams = prizeIdParamsSchema.extend({ org: z.string().optional() });

/**
 * The payout ledger, on the platform's admin API (the admin gate checks the admin session before each) and on
 * the organizer API (the organization guard checks the member's role: `config.orgPermission`). On the organizer
 * API the ledger is the organization's prizes, and a prize of another organization is one that does not exist.
 * Every change names its actor.
 */
export const prizeAdminRoutes: FastifyPluginAsyncZod<{
  service: PrizesService;
  clock: Clock;
  paths: PayoutPaths;
  actorOf(req: FastifyRequest): Promise<string>;
  /** The organizer API: the organization of the request. Without it, every board's prizes (the admin API). */
  organizationOf?: (req: FastifyRequest) => string;
}> = async (app, { service, clock, paths, actorOf, organizationOf }) => {
  const permit = (orgPermission: OrgPermission) => ({ orgPermission });
  const scoped = <Q extends object>(req: FastifyRequest, query: Q) =>
    organizationOf ? { ...query, organizationId: organizationOf(req) } : query;
  /** 404 for a prize of another organization (organizer API), as for one that does not exist. */
  const own = async (req: FastifyRequest, id: string) => {
    if (organizationOf && (await service.organizationOf(id)) !== organizationOf(req)) {
      throw new AppError(404, prizeErrorCodes.prizeNotFound, 'We could not find that prize.');
    }
    return id;
  };

  app.get(
    paths.payouts,
    { config: permit('claim:read'), schema: { querystring: payoutsQuerySchema, response: { 200: payoutsSchema } } },
    (req) => service.payouts(scoped(req, req.query)),
  );

  app.post(
    paths.payoutPaid,
    {
      config: permit('claim:manage'),
      schema: { params: prizeParams, body: markPaidBodySchema, response: { 200: markPaidResultSchema } },
    },
    async (req) => service.markPaid(await actorOf(req), await own(req, req.params.id), req.body.reference),
  );

  app.post(
    paths.payoutReviewed,
    { config: permit('claim:manage'), schema: { params: prizeParams, response: { 200: markReviewedResultSchema } } },
    async (req) => service.markReviewed(await actorOf(req), await own(req, req.params.id)),
  );

  // The organizer's claim code of an unclaimed prize, with its link and QR, to read out or print (audited).
  app.post(
    paths.payoutClaimCode,
    { config: permit('claim:manage'), schema: { params: prizeParams, response: { 200: claimCodeSchema } } },
    async (req) => service.showClaimCode(await actorOf(req), await own(req, req.params.id)),
  );

  // Paid in cash at the venue, from unclaimed or claimed, with who received it (audited).
  app.post(
    paths.payoutPaidInCash,
    {
      config: permit('claim:manage'),
      schema: { params: prizeParams, body: paidInCashBodySchema, response: { 200: markPaidResultSchema } },
    },
    async (req) => service.payInCash(await actorOf(req), await own(req, req.params.id), req.body.receivedBy),
  );

  // The CSV takes the list's query: a board's download holds that board's prizes only, filtered as the screen is.
  app.get(
    paths.payoutsCsv,
    { config: permit('export:read'), schema: { querystring: payoutsQuerySchema } },
    async (req, reply) => {
      const rows = await service.ledger(scoped(req, req.query));
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
    },
  );
};
