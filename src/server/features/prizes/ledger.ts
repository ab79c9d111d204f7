import { type PayoutsQuery, type Prize, prizeErrorCodes } from '../../../shared/contracts/prizes';
import { isTaxReportable } from '../../../shared/domain/prizes';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import { type PrizesDeps, present, publishPrize, UUID } from './common';
import type { PrizeFilter } from './repo';

/** A query of the payout ledger: the list's, and (the organizer API) the organization whose prizes it lists. */
export type LedgerQuery = PayoutsQuery & { organizationId?: string | undefined };

/**
 * The organizer's payout ledger: the list, its totals and CSV rows; marking a prize paid or reviewed; and the
 * expiry of prizes whose claim window ended. Every change is audited in its transaction.
 */
export function createPrizeLedger(deps: Pick<PrizesDeps, 'db' | 'repo' | 'clock' | 'audit'>) {
  const { db, repo, clock, audit } = deps;

  /** The ledger's prizes a query names (one board or all, a state, a flag), in the list's order. */
  async function matching(filter: LedgerQuery): Promise<Prize[]> {
    const rows = await repo.list({
      boardSlug: filter.board,
      organizationId: filter.organizationId,
      state: filter.state,
      needsReview: filter.needsReview === 'true',
    });
    return rows.map(present).filter((p) => filter.taxReportable !== 'true' || p.taxReportable);
  }

  /** The ledger's sums by state and its flag counts (of one board, or of all). */
  async function ledgerTotals(scope: PrizeFilter = {}) {
    const [sums, rows] = await Promise.all([repo.totals(scope), repo.list(scope)]);
    return {
      ...sums,
      needsReviewCount: rows.filter((d) => d.prize.reviewNote !== null).length,
      taxReportableCount: rows.filter((d) => isTaxReportable(d.prize.prizeCents, d.entry.amountCents)).length,
    };
  }

  return {
    async payouts(filter: LedgerQuery) {
      const [shown, totals] = await Promise.all([
        matching(filter),
        ledgerTotals({ boardSlug: filter.board, organizationId: filter.organizationId }),
      ]);
      return { prizes: shown, totals };
    },

    totals: () => ledgerTotals(),

    /** Admin: a claimed prize was paid out, with the organizer's reference; audited in the same transaction. */
    async markPaid(actor: string, id: string, reference: string) {
      const now = clock.now();
      const row = await db.transaction(async (tx) => {
        const q = tx as unknown as Db;
        const before = UUID.test(id) ? await repo.detail(id, q) : undefined;
        if (!before) throw new AppError(404, prizeErrorCodes.prizeNotFound, 'We could not find that prize.');
        if (before.prize.reviewNote !== null) {
          throw new AppError(
            409,
            prizeErrorCodes.needsReview,
            'A re-scoring moved this win after it was claimed: check it and mark it reviewed before paying.',
          );
        }
        const paid = await repo.update(q, id, { state: 'paid', paidAt: now, paidReference: reference }, ['claimed']);
        if (!paid) {
          throw new AppError(409, prizeErrorCodes.notClaimed, 'Only a claimed prize can be marked paid.');
        }
        await audit(q, {
          actor,
          action: 'prize.paid',
          target: `${before.board.slug}/${before.prize.period}`,
          before: { state: before.prize.state },
          after: { state: 'paid', reference },
        });
        await publishPrize(q, before.board.id, paid.period, 'paid');
        return paid;
      });
      const fresh = await repo.detail(row.id);
      if (!fresh) throw new Error('paid prize vanished');
      return { prize: present(fresh) };
    },

    /**
     * Admin: the organizer checked a prize a re-scoring flagged; the note is cleared, audited in the same
     * transaction. Marking a prize that is not flagged (again, or never) changes nothing and audits nothing.
     */
    async markReviewed(actor: string, id: string) {
      await db.transaction(async (tx) => {
        const q = tx as unknown as Db;
        const before = UUID.test(id) ? await repo.detail(id, q) : undefined;
        if (!before) throw new AppError(404, prizeErrorCodes.prizeNotFound, 'We could not find that prize.');
        const cleared = await repo.clearReview(q, id);
        if (!cleared) return;
        await audit(q, {
          actor,
          action: 'prize.reviewed',
          target: `${before.board.slug}/${before.prize.period}`,
          before: { reviewNote: before.prize.reviewNote },
          after: { reviewNote: null },
        });
      });
      const fresh = await repo.detail(id);
      if (!fresh) throw new Error('reviewed prize vanished');
      return { prize: present(fresh) };
    },

    /** The ledger's rows for the CSV export: exactly the prizes the list shows for the same query. */
    ledger: (filter: LedgerQuery) => matching(filter),

    /** The organization whose board a prize is on (undefined: no such prize). */
    async organizationOf(id: string): Promise<string | undefined> {
      if (!UUID.test(id)) return undefined;
      return (await repo.detail(id))?.board.organizationId;
    },

    /** Unclaimed prizes past their claim window become expired (each audited and announced on its board). */
    async expire(): Promise<number> {
      return db.transaction(async (tx) => {
        const q = tx as unknown as Db;
        const expired = await repo.expireDue(q, clock.now());
        for (const p of expired) {
          await audit(q, {
            actor: 'prizes',
            action: 'prize.expired',
            target: `${p.boardSlug}/${p.period}`,
            before: { state: 'unclaimed' },
            after: { state: 'expired' },
          });
          await publishPrize(q, p.boardId, p.period, 'expired');
        }
        return expired.length;
      });
    },
  };
}
