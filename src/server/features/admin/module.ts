import type { Db } from '../../db/client';
import type { BoardsService } from '../boards';
import { defineFeature } from '../feature';
import { createFeedRepo, liveGameReader } from '../feed';
import type { PaymentsService } from '../payments';
import { organizerRoutes } from './organizer-routes';
import { createAdminRepo } from './repo';
import { adminRoutes } from './routes';
import { createAdminService } from './service';

/** The organizers' and operators' dashboards: boards, entries, money, KPIs and the audit log. */
export const adminFeature = defineFeature({
  name: 'admin',
  build(
    ctx,
    {
      boards,
      payments,
    }: {
      boards: { service: BoardsService; boardsIn: (q: Db) => BoardsService };
      payments: Pick<PaymentsService, 'refundEntryPayment'>;
    },
  ) {
    const { db, workers } = ctx;
    const deps: Parameters<typeof createAdminService>[0] = {
      db,
      repo: createAdminRepo(db, ctx.demoBoards),
      clock: ctx.clock,
      boardsIn: boards.boardsIn,
      afterCancel: (slug) => boards.service.tellCancelled(slug),
      // A deleted or refunded entry's checkout payment goes back through payments' refund path; the fan is told
      // through the same outboxes as the board's other texts and emails.
      refunds: { refundEntryPayment: (paymentId) => payments.refundEntryPayment(paymentId) },
      outbox: ctx.smsOutbox,
      mail: ctx.mailNotifications,
      log: ctx.log,
      afterVoid: (slug) => boards.service.tellVoided(slug),
      excludedStates: ctx.settings.excludedStates,
      liveGame: liveGameReader(createFeedRepo(db)),
      csvLines: (rows) => workers.run('csvLines', rows),
      demoBoards: ctx.demoBoards,
      ledgerCheck: ctx.ledgerCheck,
    };
    return {
      /** Every board's: the platform's admin. */
      service: createAdminService(deps),
      /** One organization's boards only: the organizer API. */
      serviceFor: (organizationId: string) =>
        createAdminService({ ...deps, repo: createAdminRepo(db, ctx.demoBoards, { organizationId }), organizationId }),
    };
  },
  async register(app, { service, serviceFor }, ctx) {
    await app.register(adminRoutes, { apiGroup: 'admin', service, clock: ctx.clock, emailOf: ctx.emailOf });
    await app.register(organizerRoutes, { apiGroup: 'organizer', serviceFor, clock: ctx.clock, emailOf: ctx.emailOf });
  },
});
