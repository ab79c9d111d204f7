import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { donorLinks, donorSessions } from '../../db/schema';

/** SQL of a donor's manage links (each used once) and the sessions they open. */
export function createDonorAccessRepo(db: Db) {
  return {
    createLink: (row: typeof donorLinks.$inferInsert) => db.insert(donorLinks).values(row),

    /** Uses a link once: only an unused link within its time answers its email. */
    async consumeLink(tokenHash: string, now: Date) {
      const [row] = await db
        .update(donorLinks)
        .set({ usedAt: now })
        .where(and(eq(donorLinks.tokenHash, tokenHash), isNull(donorLinks.usedAt), gt(donorLinks.expiresAt, now)))
        .returning({ email: donorLinks.email });
      return row?.email;
    },

    createSession: (row: typeof donorSessions.$inferInsert) => db.insert(donorSessions).values(row),
    async sessionEmail(tokenHash: string, now: Date) {
      const [row] = await db
        .select({ email: donorSessions.email })
        .from(donorSessions)
        .where(and(eq(donorSessions.tokenHash, tokenHash), gt(donorSessions.expiresAt, now)));
      return row?.email;
    },
    endSession: (tokenHash: string) => db.delete(donorSessions).where(eq(donorSessions.tokenHash, tokenHash)),
  };
}
