import type { EntryCreated } from '../../../../shared/contracts/board-responses';
import { boardErrorCodes, type CreateEntryInput, type CreateFreeEntryInput } from '../../../../shared/contracts/boards';
import { amountProblem, entryMessages, ticketNumber } from '../../../../shared/domain/boards';
import { FREE_ENTRY_CODE_TTL_MS, freeEntryCodeMessages } from '../../../../shared/domain/free-entry';
import { freeEntryOffered, legalMessages, moneyAllowed } from '../../../../shared/domain/legal';
import { SMS_CONSENT_TEXT } from '../../../../shared/domain/sms';
import type { ClientKey } from '../../../http/client-address';
import { AppError } from '../../../http/errors';
import type { BoardContext } from '../board-context';
import type { BoardReads } from '../board-reads';
import type { ConsumedCode } from '../free-entry-codes';
import type { EntryClaimsRepo } from './claims-repo';
import type { Placement } from './placement';

/** The SQL a fan's entry uses beyond its placement's. */
export type FanEntriesSql = Pick<BoardReads, 'nextBoardSlug'> & Pick<EntryClaimsRepo, 'entryByKey'>;

/** A fan's own entries: paid or pledged, free with a texted code, each checked against the board's rules. */
export function createFanEntries(ctx: BoardContext, repo: FanEntriesSql, { place, closureOf }: Placement) {
  const { deps, clock, entriesPerPhone, load, refuseMoney, refuseState } = ctx;
  const { random } = deps;

  /** A board of an organization the platform suspended takes no entry (its locked boards still play on). */
  function refuseSuspended(found: { suspended: boolean }) {
    if (found.suspended) {
      throw new AppError(409, boardErrorCodes.organizationSuspended, entryMessages.suspended);
    }
  }

  async function takeEntry(
    slug: string,
    input: CreateEntryInput,
    viewer: { userId: string | null; address: ClientKey },
    free: boolean,
    /** A free entry's texted code (free entries only). */
    code: string | null = null,
  ): Promise<EntryCreated> {
    const found = await load(slug);
    const { board, game } = found;
    if (free && !freeEntryOffered(board.mode)) {
      throw new AppError(409, boardErrorCodes.freeEntryNotOffered, legalMessages.freeEntryNotOffered);
    }
    if (free && (!deps.freeEntryCodes || code === null)) throw new Error('a free entry needs the texted codes');
    /** The entry an earlier request with this key made (looked up only when about to refuse). */
    const replayOf = async (): Promise<EntryCreated | null> => {
      const earlier = await repo.entryByKey(board.id, input.idempotencyKey);
      return earlier
        ? {
            id: earlier.id,
            boardSlug: board.slug,
            code: earlier.code,
            ticketNumber: earlier.ticket,
            cells: earlier.cells,
            amountCents: earlier.amount,
          }
        : null;
    };
    const now = clock.now();
    const closure = await closureOf(board, game, now);
    if (closure) {
      const replayed = await replayOf();
      if (replayed) return replayed;
      if (closure === 'full') {
        throw new AppError(409, boardErrorCodes.full, entryMessages.full, {
          nextBoard: (await repo.nextBoardSlug(board)) ?? '',
        });
      }
      if (closure === 'locked') throw new AppError(409, boardErrorCodes.locked, entryMessages.locked);
      throw new AppError(409, boardErrorCodes.notOpen, entryMessages[closure]);
    }
    refuseSuspended(found);
    refuseMoney(board, input.amountCents);
    // A free entry has no amount whatever the board's rule for paid entries.
    const problem = free ? null : amountProblem(board.entryRule, input.amountCents ?? null);
    if (problem) throw new AppError(400, boardErrorCodes.amount, problem, { amountCents: problem });
    refuseState(board, input.state);

    const paid = !free && board.paymentRequired && moneyAllowed(board.mode);
    if (paid && !input.amountCents) {
      throw new AppError(400, boardErrorCodes.amount, 'Choose a support amount.', {
        amountCents: 'Choose a support amount.',
      });
    }
    // A free entry needs the code texted to its number for this board, consumed once (atomic across instances).
    let proof: ConsumedCode | null = null;
    if (free && deps.freeEntryCodes && code !== null) {
      const consumed = await deps.freeEntryCodes.consume(board.id, input.phone, code);
      if (consumed.kind === 'used') {
        // The same request again (its idempotency key) answers with the entry that code made; nothing else.
        const replayed = consumed.entryId ? await replayOf() : null;
        if (replayed && replayed.id === consumed.entryId) return replayed;
        throw new AppError(400, boardErrorCodes.freeEntryCodeInvalid, freeEntryCodeMessages.used, {
          code: freeEntryCodeMessages.used,
        });
      }
      proof = consumed;
    }
    const budget = deps.entryBudget?.counted(viewer.address);
    const placing = place(
      board,
      game,
      {
        boardId: board.id,
        userId: viewer.userId,
        phone: input.phone,
        nickname: input.nickname,
        amountCents: input.amountCents ?? null,
        teamSupport: input.teamSupport || null,
        // A fan's entry supports its board's organization: an `organization` the fan sends is never stored.
        organization: board.organization,
        referralCode: input.referralCode || null,
        gameCode: input.gameCode || null,
        ticketNumber: ticketNumber(random),
        idempotencyKey: input.idempotencyKey,
        createdAt: now,
        // The consent is stored with the wording the fan was shown and when; no text goes out without it.
        smsConsent: input.smsConsent === true,
        smsConsentText: input.smsConsent === true ? SMS_CONSENT_TEXT : null,
        smsConsentedAt: input.smsConsent === true ? now : null,
        // The eligibility ticks (the contract takes only `true`) and the state, stored with when.
        state: input.state ?? null,
        ageConfirmedAt: input.ageConfirmed === true ? now : null,
        rulesAcceptedAt: input.rulesAccepted === true ? now : null,
      },
      {
        checkout: paid,
        phoneLimit: entriesPerPhone,
        free: free ? { perPerson: board.freeEntriesPerPerson, perBoard: board.freeEntriesPerBoard } : null,
        ...(budget && {
          budget,
          // A replay answers with its entry even past the budget; a new entry there is refused.
          overBudget: async (windowStart: Date) => {
            const replayed = await replayOf();
            if (replayed) return replayed;
            throw budget.refusal(windowStart);
          },
        }),
      },
    );
    let created: Awaited<typeof placing>;
    try {
      created = await placing;
    } catch (err) {
      // Refused (a limit, a full board): the code was not spent and may be used again.
      await proof?.giveBack();
      throw err;
    }
    const { replayed, ...entry } = created;
    if (proof) await (replayed ? proof.giveBack() : proof.confirm(entry.id));
    return entry;
  }

  return {
    /**
     * A fan's entry. A replayed request (same idempotency key) answers with the entry it made, also once the
     * board has closed or the address has used its budget, and counts nothing. Otherwise the entry takes one
     * from its address's budget (429 past it) and is refused when its phone number already holds the most
     * entries one number may have on this board (counted in the claim, under the board's lock). The board's
     * mode applies first: no money on a free-to-play board, and the fan's state where the mode restricts states.
     */
    enter(slug: string, input: CreateEntryInput, viewer: { userId: string | null; address: ClientKey }) {
      return takeEntry(slug, input, viewer, false);
    },

    /**
     * A free entry on a sweepstakes board: the same cells at random, the same prizes and claim path as a paid
     * entry, with no amount and no checkout. Limited per phone number and per board as the board's rules say,
     * counted in the claim under the board's lock (two requests at once never both pass a limit).
     */
    freeEnter(slug: string, input: CreateFreeEntryInput, viewer: { userId: string | null; address: ClientKey }) {
      const { code, ...entry } = input;
      return takeEntry(slug, { ...entry, amountCents: null }, viewer, true, code);
    },

    /**
     * Texts the one-time code a free entry on this board needs to `phone` (free-entry-codes.ts): only on a
     * sweepstakes board that takes entries now, and within the send limits per number, address and board.
     */
    async sendFreeEntryCode(slug: string, phone: string, address: ClientKey) {
      const found = await load(slug);
      const { board, game } = found;
      if (!freeEntryOffered(board.mode)) {
        throw new AppError(409, boardErrorCodes.freeEntryNotOffered, legalMessages.freeEntryNotOffered);
      }
      if (!deps.freeEntryCodes) throw new Error('free entry codes are not wired');
      const closure = await closureOf(board, game, clock.now());
      if (closure === 'full') {
        throw new AppError(409, boardErrorCodes.full, entryMessages.full, {
          nextBoard: (await repo.nextBoardSlug(board)) ?? '',
        });
      }
      if (closure === 'locked') throw new AppError(409, boardErrorCodes.locked, entryMessages.locked);
      if (closure) throw new AppError(409, boardErrorCodes.notOpen, entryMessages[closure]);
      refuseSuspended(found);
      const { expiresAt } = await deps.freeEntryCodes.send(
        { id: board.id, teamA: game.teamA, teamB: game.teamB },
        phone,
        address,
      );
      return {
        expiresAt: expiresAt.toISOString(),
        message: freeEntryCodeMessages.sent(Math.round(FREE_ENTRY_CODE_TTL_MS / 60_000)),
      };
    },
  };
}
