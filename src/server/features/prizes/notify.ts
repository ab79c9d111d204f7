import { drawAxes } from '../../../shared/domain/boards';
import { lockTextBody } from '../../../shared/domain/lock-text';
import type { Db } from '../../db/client';
import type { BoardPrizes } from '../boards';
import { type PrizesDeps, titleOf } from './common';

/**
 * The texts and emails the prizes feature sends entrants: one entry's news (a win, a correction), the board's
 * numbers at lock, and the boards feature's notices when a board is cancelled or voided.
 */
export function createPrizeNotices(deps: Pick<PrizesDeps, 'repo' | 'outbox' | 'mail'>) {
  const { repo, outbox } = deps;

  /**
   * Tells an entry: a text (only with its consent; STOP is honoured by the outbox) and an email, to the account
   * the entry belongs to or else to the email an organizer gave for it, each once per key.
   */
  async function text(
    q: Db,
    key: string,
    entry: { phone: string | null; smsConsent: boolean; userId: string | null; email: string | null },
    body: string,
    subject: string,
  ): Promise<void> {
    if (entry.phone) await outbox.enqueue({ key, to: entry.phone, body, consent: entry.smsConsent }, q);
    if (!deps.mail) return;
    const email = (entry.userId ? await repo.emailOf(q, entry.userId) : undefined) ?? entry.email;
    if (email) await deps.mail.enqueue({ key, to: email, subject, text: body }, q);
  }

  /** The board port's notices, bound to the database handle (or transaction) the boards service uses. */
  const boardNoticesIn = (qdb: Db): Pick<BoardPrizes, 'afterLock' | 'notifyEntrants'> => ({
    /**
     * At lock each phone is texted once per board, naming all its codes and their digits (key
     * `lock:<board id>:<phone>`), and each account is emailed once likewise (`lock:<board id>:<user id>`).
     * A phone's text lists the entries that consented to texts; a phone none of whose entries consented gets
     * a skipped row (STOP is honoured by the outbox).
     */
    async afterLock(boardId) {
      await qdb.transaction(async (tx) => {
        const q = tx as unknown as Db;
        const found = await repo.board(q, boardId);
        if (!found?.board.lockedAt) return;
        const { board, game } = found;
        const axes = drawAxes(board.seed);
        // A full board locks inside its last entry's request: every text and email is written in one
        // statement each, not one round trip per entrant.
        const seated = await repo.seatedEntries(q, boardId);
        const subject = `${titleOf(game)} is locked: your numbers`;
        const group = <K>(keyOf: (s: (typeof seated)[number]) => K | null) => {
          const by = new Map<K, typeof seated>();
          for (const s of seated) {
            const k = keyOf(s);
            if (k !== null) by.set(k, [...(by.get(k) ?? []), s]);
          }
          return by;
        };
        const bodyOf = (held: typeof seated) =>
          lockTextBody(
            game,
            axes,
            held.map(({ entry, cells }) => ({ code: entry.code, cells })),
          );
        const texts = [...group(({ entry }) => entry.phone ?? null)].map(([phone, held]) => {
          const consenting = held.filter(({ entry }) => entry.smsConsent);
          return {
            key: `lock:${boardId}:${phone}`,
            to: phone,
            body: bodyOf(consenting.length > 0 ? consenting : held),
            consent: consenting.length > 0,
          };
        });
        await outbox.enqueueMany(texts, q);
        const mail = deps.mail;
        if (mail) {
          const byUser = group(({ entry }) => entry.userId ?? null);
          const emails = await repo.emailsOf(q, [...byUser.keys()]);
          await mail.enqueueMany(
            [...byUser].flatMap(([userId, held]) => {
              const to = emails.get(userId);
              return to ? [{ key: `lock:${boardId}:${userId}`, to, subject, text: bodyOf(held) }] : [];
            }),
            q,
          );
        }
      });
    },

    /**
     * The entrants of a cancelled or voided board are told what it means for them (the boards feature words
     * each message): by text only with the entry's consent (STOP is honoured by the outbox) and by email where
     * there is one, each once per key (`cancel:<entry id>`, `void:<entry id>`).
     */
    async notifyEntrants(notices) {
      await qdb.transaction(async (tx) => {
        const q = tx as unknown as Db;
        await outbox.enqueueMany(
          notices.flatMap((n) => (n.phone ? [{ key: n.key, to: n.phone, body: n.text, consent: n.smsConsent }] : [])),
          q,
        );
        if (deps.mail) {
          await deps.mail.enqueueMany(
            notices.flatMap((n) =>
              n.email ? [{ key: n.key, to: n.email, subject: n.subject, text: n.emailText }] : [],
            ),
            q,
          );
        }
      });
    },
  });

  return { text, boardNoticesIn };
}
