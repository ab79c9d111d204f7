import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminAddEntrySchema,
  adminBoardDetailSchema,
  adminBoardSummarySchema,
  adminBoardsSchema,
  adminDonationsQuerySchema,
  adminDonationsSchema,
  adminEntriesQuerySchema,
  adminEntriesSchema,
  adminEntrySchema,
  adminImportEntriesSchema,
  adminImportResultSchema,
  adminKpisSchema,
  adminMarkCollectedResultSchema,
  adminMarkCollectedSchema,
  auditLogQuerySchema,
  auditLogSchema,
  boardScoringSchema,
  createBoardSchema,
  exportFileName,
  loginAttemptsSchema,
} from '../../../shared/contracts/admin';
import { boardEndPreviewSchema, voidBoardSchema } from '../../../shared/contracts/board-ends';
import { boardViewResponseSchema } from '../../../shared/contracts/board-responses';
import { boardErrorCodes, scoreInputSchema, scorePreviewSchema } from '../../../shared/contracts/boards';
import { adminKpisQuerySchema, ledgerCsvQuerySchema, ledgerFileName } from '../../../shared/contracts/ledger';
import { okResponseSchema } from '../../../shared/contracts/ok';
import { apiPaths } from '../../../shared/contracts/paths';
import { singleLine } from '../../../shared/contracts/text';
import { AppError } from '../../http/errors';
import type { Clock } from '../../platform/clock';
import { actorOf } from '../admin-gate';
import type { AdminService } from './service';

const slugParams = z.object({ slug: singleLine('Board').min(1).max(100) });
const periodParams = slugParams.extend({ period: singleLine('Period').min(1).max(40) });
const idParams = z.object({ id: singleLine('Entry').min(1).max(100) });

/**
 * The admin API (docs/product.md#admin-screens). The /api/admin guard (admin-gate) has already checked the admin session for
 * every one of these; admin data is never cached.
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

  /** Who is acting: the account (if signed in), the admin session and the IP. */
  const actor = (req: FastifyRequest) => actorOf(req, emailOf);

  const download = (reply: FastifyReply, name: string) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('x-content-type-options', 'nosniff');

  type Actor = Awaited<ReturnType<typeof actor>>;

  /** A change to one entry by id, made by the acting admin; answers the entry as it is now. */
  const entryAction = (
    method: 'POST' | 'DELETE',
    url: string,
    change: (who: Actor, id: string) => Promise<z.input<typeof adminEntrySchema>>,
  ) =>
    app.route({
      method,
      url,
      schema: { params: idParams, response: { 200: adminEntrySchema } },
      handler: async (req) => change(await actor(req), req.params.id),
    });

  /** A change to one board by slug, made by the acting admin; answers the board's summary as it is now. */
  const boardAction = (
    url: string,
    change: (who: Actor, slug: string) => Promise<z.input<typeof adminBoardSummarySchema>>,
  ) =>
    app.route({
      method: 'POST',
      url,
      schema: { params: slugParams, response: { 200: adminBoardSummarySchema } },
      handler: async (req) => change(await actor(req), req.params.slug),
    });

  app.get(
    apiPaths.admin.kpis,
    { schema: { querystring: adminKpisQuerySchema, response: { 200: adminKpisSchema } } },
    (req) => service.kpis(req.query),
  );

  app.get(
    apiPaths.admin.donations,
    { schema: { querystring: adminDonationsQuerySchema, response: { 200: adminDonationsSchema } } },
    (req) => service.donations(req.query),
  );

  app.get(
    apiPaths.admin.entries,
    { schema: { querystring: adminEntriesQuerySchema, response: { 200: adminEntriesSchema } } },
    (req) => service.entries(req.query),
  );

  app.post(
    apiPaths.admin.entries,
    { schema: { body: adminAddEntrySchema, response: { 201: adminEntrySchema } } },
    async (req, reply) => reply.code(201).send(await service.addEntry(await actor(req), req.body)),
  );

  // A CSV of many entries at once, all or nothing (400 IMPORT_REFUSED names each line's problem).
  app.post(
    apiPaths.admin.entriesImport,
    { schema: { body: adminImportEntriesSchema, response: { 200: adminImportResultSchema } } },
    async (req) => service.importEntries(await actor(req), req.body),
  );

  app.delete(
    apiPaths.admin.entry.pattern,
    { schema: { params: idParams, response: { 200: okResponseSchema } } },
    async (req) => {
      await service.deleteEntry(await actor(req), req.params.id);
      return { ok: true as const };
    },
  );

  entryAction('POST', apiPaths.admin.entryPaid.pattern, (who, id) => service.markPaid(who, id));

  // 'Refund': the checkout payment refunded in full, the entry kept (listed as Refunded) with its cells free.
  entryAction('POST', apiPaths.admin.entryRefund.pattern, (who, id) => service.refundEntry(who, id));

  // 'Returned': the entry's cash to return was handed back (409 when none is to return).
  entryAction('POST', apiPaths.admin.entryReturned.pattern, (who, id) => service.markCashReturned(who, id));

  // Undo 'Mark collected' (409 when the pledge is not marked collected).
  entryAction('DELETE', apiPaths.admin.entryPaid.pattern, (who, id) => service.unmarkPaid(who, id));

  // 'Mark collected' for many entries at once: answers which changed and why the others did not.
  app.post(
    apiPaths.admin.entriesPaid,
    { schema: { body: adminMarkCollectedSchema, response: { 200: adminMarkCollectedResultSchema } } },
    async (req) => service.markPaidMany(await actor(req), req.body.ids),
  );

  app.get(apiPaths.admin.loginAttempts, { schema: { response: { 200: loginAttemptsSchema } } }, () =>
    service.loginAttempts(),
  );

  app.get(apiPaths.admin.entriesCsv, async (_req, reply) =>
    download(reply, exportFileName('game_entries', clock.now())).send(await service.entriesCsv()),
  );

  // The ledger of money: one board's (404 for a board that does not exist), one organization's, or every board's.
  app.get(apiPaths.admin.ledgerCsv, { schema: { querystring: ledgerCsvQuerySchema } }, async (req, reply) => {
    const { board, organization, demo } = req.query;
    if (board && !(await service.boardExists(board))) {
      throw new AppError(404, boardErrorCodes.notFound, 'We could not find that game board.');
    }
    const csv = await service.ledgerCsv({ board, organization, excludeDemo: demo === 'exclude' });
    return download(reply, ledgerFileName({ board, organization }, clock.now())).send(csv);
  });

  app.get(apiPaths.admin.loginAttemptsCsv, async (_req, reply) =>
    download(reply, exportFileName('login_attempts', clock.now())).send(service.loginAttemptsCsv()),
  );

  app.get(apiPaths.admin.boards, { schema: { response: { 200: adminBoardsSchema } } }, () => service.boards());

  app.post(
    apiPaths.admin.boards,
    { schema: { body: createBoardSchema, response: { 201: adminBoardSummarySchema } } },
    async (req, reply) => reply.code(201).send(await service.createBoard(await actor(req), req.body)),
  );

  app.get(
    apiPaths.admin.board.pattern,
    { schema: { params: slugParams, response: { 200: adminBoardDetailSchema } } },
    (req) => service.board(req.params.slug),
  );

  boardAction(apiPaths.admin.boardLock.pattern, (who, slug) => service.setBoardState(who, slug, 'lock'));
  boardAction(apiPaths.admin.boardOpen.pattern, (who, slug) => service.openBoard(who, slug));
  boardAction(apiPaths.admin.boardCancel.pattern, (who, slug) => service.setBoardState(who, slug, 'cancel'));

  // A board with a scored period is voided, not cancelled: its scored prizes stand (409 otherwise).
  app.post(
    apiPaths.admin.boardVoid.pattern,
    { schema: { params: slugParams, body: voidBoardSchema, response: { 200: adminBoardSummarySchema } } },
    async (req) => service.voidBoard(await actor(req), req.params.slug, req.body.reason),
  );

  // What cancelling, locking or voiding the board would do now, to its money and its people.
  app.get(
    apiPaths.admin.boardEndPreview.pattern,
    { schema: { params: slugParams, response: { 200: boardEndPreviewSchema } } },
    (req) => service.endPreview(req.params.slug),
  );

  app.post(
    apiPaths.admin.boardScores.pattern,
    { schema: { params: slugParams, body: scoreInputSchema, response: { 200: boardViewResponseSchema } } },
    async (req) => service.score(await actor(req), req.params.slug, req.body),
  );

  // The same body as scoring; answers the period's score and winner now and after, changing nothing.
  app.post(
    apiPaths.admin.boardScoresPreview.pattern,
    { schema: { params: slugParams, body: scoreInputSchema, response: { 200: scorePreviewSchema } } },
    async (req) => service.previewScore(req.params.slug, req.body),
  );

  app.post(
    apiPaths.admin.boardResultConfirm.pattern,
    { schema: { params: periodParams, response: { 200: adminBoardDetailSchema } } },
    async (req) => service.confirmResult(await actor(req), req.params.slug, req.params.period),
  );

  app.post(
    apiPaths.admin.boardScoring.pattern,
    { schema: { params: slugParams, body: boardScoringSchema, response: { 200: adminBoardSummarySchema } } },
    async (req) => service.setScoring(await actor(req), req.params.slug, req.body.scoring),
  );

  app.get(
    apiPaths.admin.audit,
    { schema: { querystring: auditLogQuerySchema, response: { 200: auditLogSchema } } },
    (req) => service.audit(req.query.limit),
  );
};
