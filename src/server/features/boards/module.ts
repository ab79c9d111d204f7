import type { Db } from '../../db/client';
import type { DemoService } from '../demo';
import { defineFeature } from '../feature';
import { createFeedRepo, feedGameFinder, liveGameReader } from '../feed';
import type { PaymentsService } from '../payments';
import type { PrizesService } from '../prizes';
import { createBoardEndsRepo } from './ends-repo';
import { createEntryBudget } from './entry-budget';
import { createFreeEntryCodes } from './free-entry-codes';
import { createFreeEntryCodesRepo } from './free-entry-codes-repo';
import { boardJobs } from './jobs';
import { createOpenBoards } from './open-boards';
import { openBoardRoutes } from './open-boards-routes';
import { createBoardsRepo } from './repo';
import { boardRoutes } from './routes';
import { createBoardsService } from './service';
import { subscribeEntrySettlement } from './settlement-events';
import { boardShareRoutes } from './share-routes';

/** Boards: entries, holds, scoring and ends; paid entries check out through payments and settle by its events. */
export const boardsFeature = defineFeature({
  name: 'boards',
  build(
    ctx,
    {
      payments,
      prizes,
    }: { payments: Pick<PaymentsService, 'startEntryCheckout' | 'refundEntryPayment'>; prizes: PrizesService },
  ) {
    const { db, clock, settings, limiter } = ctx;
    // Every public path that creates an entry takes from one per-address budget (ENTRY_LIMIT_PER_MINUTE).
    const entryBudget = createEntryBudget({ limiter, clock, perMinute: settings.entryLimitPerMinute });
    // A free entry's number is confirmed by a texted one-time code (the only text sent without consent).
    const freeEntryCodes = createFreeEntryCodes({
      db,
      repo: createFreeEntryCodesRepo(db),
      clock,
      limiter,
      outbox: ctx.smsOutbox,
      secret: settings.authSecret,
    });
    // A cancelled board's paid entries are refunded through payments' refund path (tellCancelled runs on the
    // service outside any transaction).
    const refunds = { refundEntryPayment: (paymentId: string) => payments.refundEntryPayment(paymentId) };
    const boardsIn = (q: Db) =>
      createBoardsService({
        prizes: prizes.boardPrizesIn(q),
        repo: createBoardsRepo(q),
        endsRepo: createBoardEndsRepo(q),
        clock,
        random: ctx.random,
        holdMs: settings.holdMs,
        checkout: (input) => payments.startEntryCheckout(input),
        entryBudget,
        entriesPerPhone: settings.entriesPerPhonePerBoard,
        excludedStates: settings.excludedStates,
        freeEntryCodes,
        // Read in the caller's transaction (PGlite has one connection: a read beside it would wait for it).
        feedGames: feedGameFinder(createFeedRepo(q)),
        liveGame: liveGameReader(createFeedRepo(q)),
        refunds,
        mailer: ctx.mailer,
        publicUrl: settings.publicUrl,
        log: ctx.log,
      });
    const service = boardsIn(db);
    // A settled entry payment settles the entry's held cells (payments announces it after its commit).
    subscribeEntrySettlement(ctx.domainEvents, service, refunds);
    return { service, entryBudget, boardsIn };
  },
  async register(app, { service, entryBudget }, ctx, { demo }: { demo: DemoService | undefined }) {
    const { clock, settings, workers } = ctx;
    await app.register(boardRoutes, {
      apiGroup: 'boards',
      service,
      events: ctx.events,
      viewerOf: ctx.viewerOf,
      limits: ctx.streamLimits,
      entryLimit: entryBudget.limit,
    });
    await app.register(boardShareRoutes, {
      apiGroup: 'boards',
      service,
      publicUrl: settings.publicUrl,
      clock,
      limiter: ctx.limiter,
      render: {
        sheet: (input) => workers.run('boardSheet', input),
        qr: (link) => workers.run('boardQr', link),
      },
    });
    await app.register(openBoardRoutes, {
      apiGroup: 'boards',
      openBoards: createOpenBoards({ db: ctx.db, clock, ...(demo ? { demoLive: () => demo.current('live') } : {}) }),
    });
  },
  jobs: ({ service }, ctx) => boardJobs({ service, holdMs: ctx.settings.holdMs }),
});
