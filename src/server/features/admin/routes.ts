import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { createBoardSchema, exportFileName, loginAttemptsSchema } from '../../../shared/contracts/admin';
import { apiPaths } from '../../../shared/contracts/paths';
import type { Clock } from '../../platform/clock';
import { actorOf } from '../admin-gate';
import { type BoardOpsPaths, boardOpsRoutes } from './board-ops-routes';
import type { AdminService } from './service';

const admin = apiPaths.admin;

/** The board operations' paths on the platform's admin API. */
export const adminBoardOpsPaths: BoardOpsPaths = {
  kpis: admin.kpis,
  donations: admin.donations,
  entries: admin.entries,
  entry: admin.entry.pattern,
  entryPaid: admin.entryPaid.pattern,
  entryRefund: admin.entryRefund.pattern,
  entryReturned: admin.entryReturned.pattern,
  entriesPaid: admin.entriesPaid,
  entriesImport: admin.entriesImport,
  entriesCsv: admin.entriesCsv,
  ledgerCsv: admin.ledgerCsv,
  boards: admin.boards,
  board: admin.board.pattern,
  boardLock: admin.boardLock.pattern,
  boardOpen: admin.boardOpen.pattern,
  boardCancel: admin.boardCancel.pattern,
  boardVoid: admin.boardVoid.pattern,
  boardEndPreview: admin.boardEndPreview.pattern,
  boardScores: admin.boardScores.pattern,
  boardScoresPreview: admin.boardScoresPreview.pattern,
  boardResultConfirm: admin.boardResultConfirm.pattern,
  boardScoring: admin.boardScoring.pattern,
  audit: admin.audit,
};

/**
 * The platform's admin API (docs/product.md#admin-screens): every board's operations (board-ops-routes.ts) and
 * the sign-in log. The /api/admin guard (admin-gate) has already checked the admin session for every one of
 * these; admin data is never cached.
 */
export const adminRoutes: FastifyPluginAsyncZod<{
  service: AdminService;
  clock: Clock;
  /** The signed-in account's email, when the admin is also signed in. */
  emailOf: (headers: Headers) => Promise<string | null>;
}> = async (app, { service, clock, emailOf }) => {
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });

  await app.register(boardOpsRoutes, {
    paths: adminBoardOpsPaths,
    serviceOf: () => service,
    /** Who is acting: the account (if signed in), the admin session and the IP. */
    actorOf: (req: FastifyRequest) => actorOf(req, emailOf),
    clock,
    createBody: createBoardSchema as z.ZodType,
    newBoard: (_req, body) => body as z.infer<typeof createBoardSchema>,
    scoped: false,
  });

  app.get(apiPaths.admin.loginAttempts, { schema: { response: { 200: loginAttemptsSchema } } }, () =>
    service.loginAttempts(),
  );

  app.get(apiPaths.admin.loginAttemptsCsv, async (_req, reply) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${exportFileName('login_attempts', clock.now())}"`)
      .header('x-content-type-options', 'nosniff')
      .send(service.loginAttemptsCsv()),
  );
};
