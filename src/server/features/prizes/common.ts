import type { PublicPrize } from '../../../shared/contracts/prize-responses';
import type { Prize, PrizeState } from '../../../shared/contracts/prizes';
import type { Random } from '../../../shared/domain/boards';
import { isTaxReportable } from '../../../shared/domain/prizes';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { MailNotifications } from '../../platform/mail/notifications';
import type { createRateLimiter } from '../../platform/rate-limit';
import type { SmsOutbox } from '../../platform/sms';
import { publishBoardEvent } from '../boards';
import type { PrizeDetail, PrizeRow, PrizesRepo } from './repo';
import { signClaimToken } from './token';

export const DAY_MS = 86_400_000;
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type Limiter = Pick<ReturnType<typeof createRateLimiter>, 'hit' | 'recordFailure' | 'lockedUntil'>;

export type AuditPort = (
  q: Db,
  event: { actor: string; action: string; target: string; before: unknown; after: unknown },
) => Promise<void>;

/** What the prizes service is built from (app.ts wires it). */
export interface PrizesDeps {
  db: Db;
  repo: PrizesRepo;
  clock: Clock;
  random: Random;
  secret: string;
  publicUrl: string;
  outbox: Pick<SmsOutbox, 'enqueue' | 'enqueueMany'>;
  limiter: Limiter;
  audit: AuditPort;
  /** Board emails to entries that belong to an account or that an organizer gave an email (once per key). */
  mail?: Pick<MailNotifications, 'enqueue' | 'enqueueMany'>;
  /** A link as a QR code (an SVG document), for the organizer's claim code slip; drawn here when omitted. */
  qr?: (link: string) => Promise<string>;
}

/** A prize's signed claim link. */
export type ClaimUrl = (prize: Pick<PrizeRow, 'id' | 'expiresAt'>) => string;

export const titleOf = (game: { teamA: string; teamB: string }) => `${game.teamA} vs ${game.teamB}`;
export const labelOf = (table: { key: string; label: string }[], period: string) =>
  table.find((p) => p.key === period)?.label ?? period;

/** The claim link of a prize: the public URL and a token signed with the app's secret. */
export const claimUrlOf =
  (deps: Pick<PrizesDeps, 'secret' | 'publicUrl'>): ClaimUrl =>
  (prize) =>
    `${deps.publicUrl.replace(/\/$/, '')}/claim/${signClaimToken(deps.secret, prize.id, prize.expiresAt)}`;

/** A prize as the organizer sees it (the ledger, admin answers). */
export function present(d: PrizeDetail): Prize {
  const p = d.prize;
  return {
    id: p.id,
    boardSlug: d.board.slug,
    boardTitle: titleOf(d.game),
    period: p.period,
    periodLabel: labelOf(d.board.prizeTable, p.period),
    prizeCents: p.prizeCents,
    state: p.state,
    method: p.method,
    handle: p.handle,
    code: d.entry.code,
    winnerNickname: d.entry.nickname,
    claimedAt: p.claimedAt?.toISOString() ?? null,
    paidAt: p.paidAt?.toISOString() ?? null,
    paidReference: p.paidReference,
    receivedBy: p.receivedBy,
    expiresAt: p.expiresAt.toISOString(),
    createdAt: p.createdAt.toISOString(),
    reviewNote: p.reviewNote,
    needsReview: p.reviewNote !== null,
    taxReportable: isTaxReportable(p.prizeCents, d.entry.amountCents),
  };
}
/** A prize as its winner sees it: no payment handle, review note or tax flag. */
export const presentPublic = (d: PrizeDetail): PublicPrize => {
  const { handle: _handle, reviewNote: _note, needsReview: _review, taxReportable: _tax, ...rest } = present(d);
  return rest;
};

/** Announces a prize's new state on its board's event stream. */
export const publishPrize = (q: Db, boardId: string, period: string, state: PrizeState) =>
  publishBoardEvent(q, boardId, 'prize', { period, state });
