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
  adminErrorCodes,
  adminImportEntriesSchema,
  adminImportResultSchema,
  adminKpisSchema,
  adminMarkCollectedResultSchema,
  adminMarkCollectedSchema,
  auditLogQuerySchema,
  auditLogSchema,
  boardScoringSchema,
  type CreateBoardInput,
  exportFileName,
} from '../../../shared/contracts/admin';
import { boardEndPreviewSchema, voidBoardSchema } from '../../../shared/contracts/board-ends';
import { boardViewResponseSchema } from '../../../shared/contracts/board-responses';
import { boardErrorCodes, scoreInputSchema, scorePreviewSchema } from '../../../shared/contracts/boards';
import { adminKpisQuerySchema, ledgerCsvQuerySchema, ledgerFileName } from '../../../shared/contracts/ledger';
import { okResponseSchema } from '../../../shared/contracts/ok';
import { singleLine } from '../../../shared/contracts/text';
import type { OrgPermission } from '../../../shared/domain/org-roles';
import { AppError } from '../../http/errors';
import type { Clock } from '../../platform/clock';
import type { AdminService } from './service';

/** The board operations' route patterns: the admin API's (/api/admin) or the organizer API's (/api/orgs/:org). */
export interface BoardOpsPaths {
  kpis: string;
  donations: string;
  entries: string;
  entry: string;
  entryPaid: string;
  entryRefund: string;
  entryReturned: string;
  entriesPaid: string;
  entriesImport: string;
  entriesCsv: string;
  ledgerCsv: string;
  boards: string;
  board: string;
  boardLock: string;
  boardOpen: string;
  boardCancel: string;
  boardVoid: string;
  boardEndPreview: string;
  boardScores: string;
  boardScoresPreview: string;
  boardResultConfirm: string;
  boardScoring: string;
  audit: string;
}

/** An organizer path's `:org`, the organization's address (absent on the admin API's); its guard checks it. */
const org = z.string().optional();
const orgParams = z.object({ org });
const slugParams = z.object({ org, slug: singleLine('Board').min(1).max(100) });
const periodParams = slugParams.extend({ period: singleLine('Period').min(1).max(40) });
const idParams = z.object({ org, id: singleLine('Entry').min(1).max(100) });

export interface BoardOpsRoutesOptions<Body extends z.ZodType> {
  paths: BoardOpsPaths;
  /** The service a request works with: every board's (the platform's admin) or one organization's. */
  serviceOf(req: FastifyRequest): AdminService;
  /** Who is acting, as the audit log names them. */
  actorOf(req: FastifyRequest): Promise<string>;
  clock: Clock;
  /** The body of a new board, and the board it makes (the organizer API names the organization from its path). */
  createBody: Body;
  newBoard(req: FastifyRequest, body: z.infer<Body>): CreateBoardInput & { organizationId?: string };
  /**
   * The organizer API: a board, entry or board named in a body that is not the organization's answers 404, as
   * one that does not exist does. Without it every board is in reach (the admin API).
   */
  scoped: boolean;
  /** Before a board is created or opened early: throws when it may not be (a suspended organization). */
  mayOpen?: (req: FastifyRequest) => void;
}

/**
 * The board operations, one route table for the platform's admin API and the organizer API: boards, entries,
 * KPIs, gifts, CSV exports and the audit log. Each route declares the organization permission it needs
 * (`config.orgPermission`, which the organization guard checks on organizer paths; the admin gate guards the
 * admin paths). Neither is ever cached.
 */
/** A CSV download's headers. */
const download = (reply: FastifyReply, name: string) =>
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('x-content-type-options', 'nosniff');

/** What every board operation checks: its permission, and (organizer API) that what it names is the organization's. */
function guards(opts: BoardOpsRoutesOptions<z.ZodType>) {
  const { serviceOf } = opts;
  const permit = (orgPermission: OrgPermission) => ({ orgPermission });

  const boardNotFound = () => new AppError(404, boardErrorCodes.notFound, 'We could not find that game board.');
  /** 404 for a board outside the organization (organizer API), as for one that does not exist. */
  const ownBoard = async (req: FastifyRequest, slug: string) => {
    if (opts.scoped && !(await serviceOf(req).boardExists(slug))) throw boardNotFound();
  };
  const ownEntry = async (req: FastifyRequest, id: string) => {
    if (opts.scoped && !(await serviceOf(req).hasEntry(id))) {
      throw new AppError(404, adminErrorCodes.entryNotFound, 'That entry does not exist (it may have been deleted).');
    }
  };

  return { permit, ownBoard, ownEntry, boardNotFound };
}

/** The boards' operations: list, create, read, lock, open, cancel, void, score and confirm. */
const boardRoutes: FastifyPluginAsyncZod<BoardOpsRoutesOptions<z.ZodType>> = async (app, opts) => {
  const { paths, serviceOf } = opts;
  const { permit, ownBoard } = guards(opts);

  /** A change to one board by slug, made by the acting admin; answers the board's summary as it is now. */
  const boardAction = (
    url: string,
    orgPermission: OrgPermission,
    change: (service: AdminService, who: string, slug: string) => Promise<z.input<typeof adminBoardSummarySchema>>,
    /** Refuses the change first (throws) when it may not be made. */
    may?: (req: FastifyRequest) => void,
  ) =>
    app.route({
      method: 'POST',
      url,
      config: permit(orgPermission),
      schema: { params: slugParams, response: { 200: adminBoardSummarySchema } },
      handler: async (req) => {
        may?.(req);
        await ownBoard(req, req.params.slug);
        return change(serviceOf(req), await opts.actorOf(req), req.params.slug);
      },
    });

  app.get(
    paths.boards,
    { config: permit('board:read'), schema: { params: orgParams, response: { 200: adminBoardsSchema } } },
    (req) => serviceOf(req).boards(),
  );

  app.post(
    paths.boards,
    {
      config: permit('board:create'),
      schema: { params: orgParams, body: opts.createBody, response: { 201: adminBoardSummarySchema } },
    },
    async (req, reply) => {
      opts.mayOpen?.(req);
      return reply
        .code(201)
        .send(await serviceOf(req).createBoard(await opts.actorOf(req), opts.newBoard(req, req.body)));
    },
  );

  app.get(
    paths.board,
    { config: permit('board:read'), schema: { params: slugParams, response: { 200: adminBoardDetailSchema } } },
    (req) => serviceOf(req).board(req.params.slug),
  );

  boardAction(paths.boardLock, 'board:lock', (s, who, slug) => s.setBoardState(who, slug, 'lock'));
  boardAction(paths.boardOpen, 'board:open', (s, who, slug) => s.openBoard(who, slug), opts.mayOpen);
  boardAction(paths.boardCancel, 'board:cancel', (s, who, slug) => s.setBoardState(who, slug, 'cancel'));

  // A board with a scored period is voided, not cancelled: its scored prizes stand (409 otherwise).
  app.post(
    paths.boardVoid,
    {
      config: permit('board:cancel'),
      schema: { params: slugParams, body: voidBoardSchema, response: { 200: adminBoardSummarySchema } },
    },
    async (req) => {
      await ownBoard(req, req.params.slug);
      return serviceOf(req).voidBoard(await opts.actorOf(req), req.params.slug, req.body.reason);
    },
  );

  // What cancelling, locking or voiding the board would do now, to its money and its people.
  app.get(
    paths.boardEndPreview,
    { config: permit('board:read'), schema: { params: slugParams, response: { 200: boardEndPreviewSchema } } },
    async (req) => {
      await ownBoard(req, req.params.slug);
      return serviceOf(req).endPreview(req.params.slug);
    },
  );

  app.post(
    paths.boardScores,
    {
      config: permit('board:score'),
      schema: { params: slugParams, body: scoreInputSchema, response: { 200: boardViewResponseSchema } },
    },
    async (req) => {
      await ownBoard(req, req.params.slug);
      return serviceOf(req).score(await opts.actorOf(req), req.params.slug, req.body);
    },
  );

  // The same body as scoring; answers the period's score and winner now and after, changing nothing.
  app.post(
    paths.boardScoresPreview,
    {
      config: permit('board:score'),
      schema: { params: slugParams, body: scoreInputSchema, response: { 200: scorePreviewSchema } },
    },
    async (req) => {
      await ownBoard(req, req.params.slug);
      return serviceOf(req).previewScore(req.params.slug, req.body);
    },
  );

  app.post(
    paths.boardResultConfirm,
    { config: permit('board:score'), schema: { params: periodParams, response: { 200: adminBoardDetailSchema } } },
    async (req) => {
      await ownBoard(req, req.params.slug);
      return serviceOf(req).confirmResult(await opts.actorOf(req), req.params.slug, req.params.period);
    },
  );

  app.post(
    paths.boardScoring,
    {
      config: permit('board:score'),
      schema: { params: slugParams, body: boardScoringSchema, response: { 200: adminBoardSummarySchema } },
    },
    async (req) => {
      await ownBoard(req, req.params.slug);
      return serviceOf(req).setScoring(await opts.actorOf(req), req.params.slug, req.body.scoring);
    },
  );
};

export const boardOpsRoutes: FastifyPluginAsyncZod<BoardOpsRoutesOptions<z.ZodType>> = async (app, opts) => {
  const { paths, serviceOf, clock } = opts;
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });
  await app.register(boardRoutes, opts);
  const { permit, ownBoard, ownEntry, boardNotFound } = guards(opts);
  /** A change to one entry by id, made by the acting admin; answers the entry as it is now. */
  const entryAction = (
    method: 'POST' | 'DELETE',
    url: string,
    orgPermission: OrgPermission,
    change: (service: AdminService, who: string, id: string) => Promise<z.input<typeof adminEntrySchema>>,
  ) =>
    app.route({
      method,
      url,
      config: permit(orgPermission),
      schema: { params: idParams, response: { 200: adminEntrySchema } },
      handler: async (req) => {
        await ownEntry(req, req.params.id);
        return change(serviceOf(req), await opts.actorOf(req), req.params.id);
      },
    });

  app.get(
    paths.kpis,
    {
      config: permit('board:read'),
      schema: { params: orgParams, querystring: adminKpisQuerySchema, response: { 200: adminKpisSchema } },
    },
    (req) => serviceOf(req).kpis(req.query),
  );

  app.get(
    paths.donations,
    {
      config: permit('money:read'),
      schema: { params: orgParams, querystring: adminDonationsQuerySchema, response: { 200: adminDonationsSchema } },
    },
    (req) => serviceOf(req).donations(req.query),
  );

  app.get(
    paths.entries,
    {
      config: permit('entry:read'),
      schema: { params: orgParams, querystring: adminEntriesQuerySchema, response: { 200: adminEntriesSchema } },
    },
    (req) => serviceOf(req).entries(req.query),
  );

  app.post(
    paths.entries,
    {
      config: permit('entry:create'),
      schema: { params: orgParams, body: adminAddEntrySchema, response: { 201: adminEntrySchema } },
    },
    async (req, reply) => {
      await ownBoard(req, req.body.boardSlug);
      return reply.code(201).send(await serviceOf(req).addEntry(await opts.actorOf(req), req.body));
    },
  );

  // A CSV of many entries at once, all or nothing (400 IMPORT_REFUSED names each line's problem).
  app.post(
    paths.entriesImport,
    {
      config: permit('entry:create'),
      schema: { params: orgParams, body: adminImportEntriesSchema, response: { 200: adminImportResultSchema } },
    },
    async (req) => {
      await ownBoard(req, req.body.boardSlug);
      return serviceOf(req).importEntries(await opts.actorOf(req), req.body);
    },
  );

  app.delete(
    paths.entry,
    { config: permit('entry:delete'), schema: { params: idParams, response: { 200: okResponseSchema } } },
    async (req) => {
      await ownEntry(req, req.params.id);
      await serviceOf(req).deleteEntry(await opts.actorOf(req), req.params.id);
      return { ok: true as const };
    },
  );

  entryAction('POST', paths.entryPaid, 'entry:collect', (s, who, id) => s.markPaid(who, id));

  // 'Refund': the checkout payment refunded in full, the entry kept (listed as Refunded) with its cells free.
  entryAction('POST', paths.entryRefund, 'entry:delete', (s, who, id) => s.refundEntry(who, id));

  // 'Returned': the entry's cash to return was handed back (409 when none is to return).
  entryAction('POST', paths.entryReturned, 'entry:collect', (s, who, id) => s.markCashReturned(who, id));

  // Undo 'Mark collected' (409 when the pledge is not marked collected).
  entryAction('DELETE', paths.entryPaid, 'entry:collect', (s, who, id) => s.unmarkPaid(who, id));

  // 'Mark collected' for many entries at once: answers which changed and why the others did not (an entry of
  // another organization is one that does not exist).
  app.post(
    paths.entriesPaid,
    {
      config: permit('entry:collect'),
      schema: { params: orgParams, body: adminMarkCollectedSchema, response: { 200: adminMarkCollectedResultSchema } },
    },
    async (req) => serviceOf(req).markPaidMany(await opts.actorOf(req), req.body.ids),
  );

  app.get(paths.entriesCsv, { config: permit('export:read'), schema: { params: orgParams } }, async (req, reply) =>
    download(reply, exportFileName('game_entries', clock.now())).send(await serviceOf(req).entriesCsv()),
  );

  // The ledger of money: one board's (404 for a board that does not exist), one organization's, or every board's.
  app.get(
    paths.ledgerCsv,
    { config: permit('export:read'), schema: { params: orgParams, querystring: ledgerCsvQuerySchema } },
    async (req, reply) => {
      const { board, organization, demo } = req.query;
      const service = serviceOf(req);
      if (board && !(await service.boardExists(board))) throw boardNotFound();
      const csv = await service.ledgerCsv({ board, organization, excludeDemo: demo === 'exclude' });
      return download(reply, ledgerFileName({ board, organization }, clock.now())).send(csv);
    },
  );

  app.get(
    paths.audit,
    {
      config: permit('audit:read'),
      schema: { params: orgParams, querystring: auditLogQuerySchema, response: { 200: auditLogSchema } },
    },
    (req) => serviceOf(req).audit(req.query.limit),
  );
};
