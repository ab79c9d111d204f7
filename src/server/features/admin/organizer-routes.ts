import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type CreateOrgBoardInput, createOrgBoardSchema } from '../../../shared/contracts/admin';
import { organizerPaths } from '../../../shared/contracts/api-paths/organizer';
import { orgErrorCodes, orgMessages } from '../../../shared/contracts/orgs';
import { AppError } from '../../http/errors';
import type { Clock } from '../../platform/clock';
import { orgAccessOf, organizerActorOf } from '../orgs';
import { type BoardOpsPaths, boardOpsRoutes } from './board-ops-routes';
import type { AdminService } from './service';

const o = organizerPaths;

/** The board operations' paths on the organizer API, under /api/orgs/:org. */
export const organizerBoardOpsPaths: BoardOpsPaths = {
  kpis: o.kpis.pattern,
  donations: o.donations.pattern,
  entries: o.entries.pattern,
  entry: o.entry.pattern,
  entryPaid: o.entryPaid.pattern,
  entryRefund: o.entryRefund.pattern,
  entryReturned: o.entryReturned.pattern,
  entriesPaid: o.entriesPaid.pattern,
  entriesImport: o.entriesImport.pattern,
  entriesCsv: o.entriesCsv.pattern,
  ledgerCsv: o.ledgerCsv.pattern,
  boards: o.boards.pattern,
  board: o.board.pattern,
  boardLock: o.boardLock.pattern,
  boardOpen: o.boardOpen.pattern,
  boardCancel: o.boardCancel.pattern,
  boardVoid: o.boardVoid.pattern,
  boardEndPreview: o.boardEndPreview.pattern,
  boardScores: o.boardScores.pattern,
  boardScoresPreview: o.boardScoresPreview.pattern,
  boardResultConfirm: o.boardResultConfirm.pattern,
  boardScoring: o.boardScoring.pattern,
  audit: o.audit.pattern,
};

/**
 * The organizer API: the admin API's board operations inside the organization of the path, for its members by
 * role (the organization guard, orgs/guard.ts, has checked the membership and the route's permission). Every
 * read and change is of that organization's boards only; a new board is the organization's, named after it.
 */
export const organizerRoutes: FastifyPluginAsyncZod<{
  /** The admin service of one organization. */
  serviceFor: (organizationId: string) => AdminService;
  clock: Clock;
  emailOf: (headers: Headers) => Promise<string | null>;
}> = async (app, { serviceFor, clock, emailOf }) => {
  await app.register(boardOpsRoutes, {
    paths: organizerBoardOpsPaths,
    serviceOf: (req) => serviceFor(orgAccessOf(req).organization.id),
    // The member, their role in the organization, and the IP.
    actorOf: (req) => organizerActorOf(req, emailOf),
    clock,
    createBody: createOrgBoardSchema,
    newBoard: (req, body) => ({ ...(body as CreateOrgBoardInput), organization: orgAccessOf(req).organization.name }),
    scoped: true,
    // A suspended organization opens no board; its locked boards play to the end.
    mayOpen: (req) => {
      if (orgAccessOf(req).organization.status === 'suspended') {
        throw new AppError(409, orgErrorCodes.suspended, orgMessages.suspended);
      }
    },
  });
};
