import { Readable } from 'node:stream';
import type { AdminAddEntryInput } from '../../../shared/contracts/admin';
import {
  type AdminBoardDetail,
  type AdminBoardSummary,
  type AdminEntry,
  type AdminKpis,
  adminErrorCodes,
  adminMessages,
  type CreateBoardInput,
  gameEntriesCsvColumns,
  loginAttemptsCsvColumns,
  type PaymentState,
} from '../../../shared/contracts/admin';
import { boardErrorCodes, type ScoreInput } from '../../../shared/contracts/boards';
import { errorCodes } from '../../../shared/contracts/errors';
import { boardFormats, boardStatus } from '../../../shared/domain/boards';
import type { Db } from '../../db/client';
import type { boards, entries, games } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { Clock } from '../../platform/clock';
import type { BoardsService } from '../boards';
import { CSV_BOM, csvLine, dollars } from './csv';
import type { AdminRepo, Cursor, Tx } from './repo';

/** Who made an admin change, as the audit log shows it. */
export type Actor = string;

/**
 * What admin needs of the boards feature: only boards writes board entries and cells, takes the claim lock
 * and publishes board events; admin calls it for every such change.
 */
export type AdminBoards = Pick<
  BoardsService,
  | 'addEntry'
  | 'createBoard'
  | 'view'
  | 'lock'
  | 'cancel'
  | 'score'
  | 'lockClaims'
  | 'deleteEntry'
  | 'markPledgeCollected'
>;

type EntryRow = Awaited<ReturnType<AdminRepo['entriesPage']>>[number];
type BoardRow = typeof boards.$inferSelect;
type GameRow = typeof games.$inferSelect;

const EXPORT_PAGE = 500;
const LOGIN_ATTEMPTS_SHOWN = 500;
const CHART_DAYS = 60;

export function encodeCursor(c: Cursor): string {
  return Buffer.from(`${c.at.toISOString()}_${c.id}`).toString('base64url');
}
export function decodeCursor(raw: string | undefined): Cursor | undefined {
  if (!raw) return undefined;
  const [at, id] = Buffer.from(raw, 'base64url').toString().split('_');
  const date = new Date(at ?? '');
  if (!id || Number.isNaN(date.getTime()) || !/^[0-9a-f-]{36}$/.test(id)) {
    throw new AppError(
      400,
      adminErrorCodes.badCursor,
      'That page link is not valid any more; start from the first page.',
    );
  }
  return { at: date, id };
}

/** Where an entry's money stands (see the contract's `paymentState`). */
export function paymentStateOf(row: {
  entry: Pick<
    typeof entries.$inferSelect,
    'status' | 'amountCents' | 'donationCommitmentCents' | 'pledgeCollectedAt' | 'paymentId'
  >;
  board: { paymentRequired: boolean };
}): PaymentState {
  const { entry } = row;
  if (entry.status === 'held') return 'awaiting-payment';
  if ((entry.amountCents ?? 0) + (entry.donationCommitmentCents ?? 0) === 0) return 'none';
  if (entry.pledgeCollectedAt) return 'collected';
  if (row.board.paymentRequired && entry.paymentId && !entry.donationCommitmentCents) return 'paid';
  return 'pledged';
}

const teamOf = (game: { teamA: string; teamB: string }) => `${game.teamA} vs ${game.teamB}`;

function statusOf(board: Pick<BoardRow, 'lockedAt' | 'settledAt' | 'cancelledAt'>, startsAt: Date, now: Date) {
  return boardStatus({ ...board, startsAt, now });
}

/**
 * Admin dashboards and board operations (docs/product.md#admin-screens). Every change runs in one transaction with its audit
 * record, so the log never misses a change nor records one that did not happen.
 */
export function createAdminService(deps: {
  db: Db;
  repo: AdminRepo;
  clock: Clock;
  /** The boards rules bound to a transaction, so the audit record commits with the change or not at all. */
  boardsIn: (tx: Tx) => AdminBoards;
}) {
  const { db, repo, clock } = deps;

  function toEntry(row: EntryRow, now: Date): AdminEntry {
    const { entry, board, game } = row;
    const status = statusOf(board, game.startsAt, now);
    return {
      id: entry.id,
      createdAt: entry.createdAt.toISOString(),
      boardSlug: board.slug,
      team: teamOf(game),
      teamSupport: entry.teamSupport,
      organization: entry.organization,
      referralCode: entry.referralCode,
      gameCode: entry.gameCode,
      amountCents: entry.amountCents,
      donationCommitmentCents: entry.donationCommitmentCents,
      totalCents: (entry.amountCents ?? 0) + (entry.donationCommitmentCents ?? 0),
      phone: entry.phone,
      nickname: entry.nickname,
      code: entry.code,
      ticketNumber: entry.ticketNumber,
      cells: row.cells,
      paymentState: paymentStateOf(row),
      deletable: status === 'scheduled' || status === 'open',
    };
  }

  /** Runs a change and its audit record in one transaction. */
  function audited<T>(
    actor: Actor,
    action: string,
    target: string,
    change: (tx: Tx) => Promise<{ result: T; before: unknown; after: unknown } | { result: T; unchanged: true }>,
  ): Promise<T> {
    return db.transaction(async (tx) => {
      const outcome = await change(tx);
      if (!('unchanged' in outcome)) {
        await repo.audit(tx, { at: clock.now(), actor, action, target, before: outcome.before, after: outcome.after });
      }
      return outcome.result;
    });
  }

  async function entryOr404(id: string, q?: Tx) {
    const row = /^[0-9a-f-]{36}$/i.test(id) ? await repo.entryById(id, q) : undefined;
    if (!row)
      throw new AppError(404, adminErrorCodes.entryNotFound, 'That entry does not exist (it may have been deleted).');
    return row;
  }

  const auditedEntry = (e: AdminEntry) => ({
    board: e.boardSlug,
    code: e.code,
    nickname: e.nickname,
    phone: e.phone,
    ticketNumber: e.ticketNumber,
    cells: e.cells,
    amountCents: e.amountCents,
    donationCommitmentCents: e.donationCommitmentCents,
    paymentState: e.paymentState,
  });

  function summary(board: BoardRow, game: GameRow, entryCount: number, now: Date): AdminBoardSummary {
    return {
      slug: board.slug,
      game: {
        id: game.id,
        slug: game.slug,
        league: game.league,
        teamA: game.teamA,
        teamB: game.teamB,
        startsAt: game.startsAt.toISOString(),
        venue: game.venue,
      },
      sequence: board.sequence,
      format: board.format,
      status: statusOf(board, game.startsAt, now),
      paymentRequired: board.paymentRequired,
      entryCount,
      capacity: boardFormats[board.format].entries,
      organization: board.organization,
    };
  }

  return {
    async kpis(): Promise<AdminKpis> {
      const now = clock.now();
      const today = new Date(`${now.toISOString().slice(0, 10)}T00:00:00Z`);
      const since = new Date(today.getTime() - (CHART_DAYS - 1) * 86_400_000);
      const { totals, perBoard, perTeam, overTime } = await repo.kpis(since);
      const amountCents = totals?.total ?? 0;
      const collectedCents = totals?.collected ?? 0;
      // One point per day from the first entry in the window to today, days without entries included.
      const byDay = new Map(overTime.map((d) => [d.day, d]));
      const first = overTime[0]?.day;
      const days: AdminKpis['overTime'] = [];
      if (first) {
        for (let t = new Date(`${first}T00:00:00Z`).getTime(); t <= today.getTime(); t += 86_400_000) {
          const day = new Date(t).toISOString().slice(0, 10);
          const found = byDay.get(day);
          days.push({ day, entries: found?.n ?? 0, amountCents: found?.total ?? 0 });
        }
      }
      return {
        totals: {
          entries: totals?.n ?? 0,
          amountCents,
          collectedCents,
          outstandingCents: amountCents - collectedCents,
          boards: totals?.boards ?? 0,
        },
        perBoard: perBoard
          .filter((b) => b.n > 0)
          .map((b) => ({
            slug: b.slug,
            team: teamOf(b),
            status: statusOf(b, b.startsAt, now),
            entries: b.n,
            amountCents: b.total,
          })),
        perTeam: perTeam.map((t) => ({ team: t.team, entries: t.n, amountCents: t.total })),
        overTime: days,
      };
    },

    async entries(filter: { board?: string; cursor?: string; limit: number }) {
      const now = clock.now();
      const rows = await repo.entriesPage({
        boardSlug: filter.board || undefined,
        cursor: decodeCursor(filter.cursor),
        limit: filter.limit + 1,
      });
      const page = rows.slice(0, filter.limit);
      const last = page.at(-1);
      return {
        entries: page.map((r) => toEntry(r, now)),
        nextCursor:
          rows.length > filter.limit && last ? encodeCursor({ at: last.entry.createdAt, id: last.entry.id }) : null,
      };
    },

    /** Entry add: a board (the "team") and a nickname are required. */
    async addEntry(actor: Actor, input: AdminAddEntryInput): Promise<AdminEntry> {
      const boardSlug = input.boardSlug?.trim() ?? '';
      const nickname = input.nickname?.trim() ?? '';
      if (!boardSlug || !nickname) {
        throw new AppError(400, errorCodes.validation, adminMessages.entryRequired, {
          ...(boardSlug ? {} : { boardSlug: 'Choose a game board' }),
          ...(nickname ? {} : { nickname: 'Nickname is required' }),
        });
      }
      return audited(actor, 'entry.add', boardSlug, async (tx) => {
        const created = await deps.boardsIn(tx).addEntry(boardSlug, { ...input, nickname });
        const row = await entryOr404(created.id, tx);
        const entry = toEntry(row, clock.now());
        // A replayed submission returns the entry it made the first time, and is not a second change.
        if (created.replayed) return { result: entry, unchanged: true as const };
        return { result: entry, before: null, after: auditedEntry(entry) };
      });
    },

    /** Deletes an entry before its board locks; its cells are free again at once. */
    async deleteEntry(actor: Actor, id: string): Promise<void> {
      const found = await entryOr404(id);
      await audited(actor, 'entry.delete', found.board.slug, async (tx) => {
        // The board's claim lock: a delete never interleaves with a claim, on any server instance.
        const boardsTx = deps.boardsIn(tx);
        await boardsTx.lockClaims(found.entry.boardId);
        const row = await entryOr404(id, tx);
        const entry = toEntry(row, clock.now());
        if (!entry.deletable) {
          throw new AppError(
            409,
            adminErrorCodes.entryLocked,
            'This board is locked: its entries stay as drawn. Cancel the board to void it.',
          );
        }
        await boardsTx.deleteEntry({ id: row.entry.id, boardId: row.entry.boardId });
        return { result: undefined, before: auditedEntry(entry), after: null };
      });
    },

    /** Marks an entry's pledge as collected (cash, transfer…); marking it again changes nothing. */
    async markPaid(actor: Actor, id: string): Promise<AdminEntry> {
      return db.transaction(async (tx) => {
        const row = await entryOr404(id, tx);
        const entry = toEntry(row, clock.now());
        if (entry.paymentState === 'collected') return entry;
        const refuse = {
          paid: 'This entry was paid through checkout.',
          'awaiting-payment': 'This entry is still waiting for its checkout; it settles when the payment arrives.',
          none: 'This entry has no pledged amount to collect.',
        } as const;
        if (entry.paymentState !== 'pledged') {
          throw new AppError(409, adminErrorCodes.noPledge, refuse[entry.paymentState]);
        }
        const now = clock.now();
        await deps.boardsIn(tx).markPledgeCollected(id, now);
        const after = { ...entry, paymentState: 'collected' as const };
        await repo.audit(tx, {
          at: now,
          actor,
          action: 'entry.mark-paid',
          target: entry.boardSlug,
          before: auditedEntry(entry),
          after: auditedEntry(after),
        });
        return after;
      });
    },

    async loginAttempts() {
      const [rows, total] = await Promise.all([repo.loginAttemptsPage(LOGIN_ATTEMPTS_SHOWN), repo.loginAttemptCount()]);
      return {
        attempts: rows.map((r) => ({
          id: r.id,
          timestamp: r.timestamp.toISOString(),
          name: r.name,
          email: r.email,
          phone: r.phone,
          status: r.status,
          userId: r.userId,
          ip: r.ip,
        })),
        total,
      };
    },

    /** `game_entries_{date}.csv`, newest first, read and written one page at a time. */
    entriesCsv(): Readable {
      const now = clock.now();
      return Readable.from(
        (async function* () {
          yield CSV_BOM + csvLine(gameEntriesCsvColumns);
          let cursor: Cursor | undefined;
          for (;;) {
            const rows = await repo.entriesPage({ cursor, limit: EXPORT_PAGE });
            const orNot = (v: string | null) => (v?.trim() ? v : 'Not specified');
            if (rows.length === 0) return;
            // One chunk per page: far fewer stream writes than one per row.
            yield rows
              .map((row) => {
                const e = toEntry(row, now);
                return csvLine([
                  e.createdAt,
                  e.team,
                  orNot(e.teamSupport),
                  orNot(e.organization),
                  orNot(e.referralCode),
                  orNot(e.gameCode),
                  dollars(e.totalCents),
                  e.phone?.trim() ? e.phone : 'Not provided',
                  e.nickname,
                  e.code,
                ]);
              })
              .join('');
            const last = rows.at(-1);
            if (rows.length < EXPORT_PAGE || !last) return;
            cursor = { at: last.entry.createdAt, id: last.entry.id };
          }
        })(),
      );
    },

    /** `login_attempts_{date}.csv`, newest first, one page at a time. */
    loginAttemptsCsv(): Readable {
      return Readable.from(
        (async function* () {
          yield CSV_BOM + csvLine(loginAttemptsCsvColumns);
          let cursor: Cursor | undefined;
          for (;;) {
            const rows = await repo.loginAttemptsPage(EXPORT_PAGE, cursor);
            if (rows.length === 0) return;
            yield rows
              .map((r) => csvLine([r.timestamp.toISOString(), r.name, r.email, r.phone, r.status, r.userId]))
              .join('');
            const last = rows.at(-1);
            if (rows.length < EXPORT_PAGE || !last) return;
            cursor = { at: last.timestamp, id: last.id };
          }
        })(),
      );
    },

    async boards() {
      const now = clock.now();
      const [rows, gameRows] = await Promise.all([repo.boardList(), repo.gameList()]);
      return {
        boards: rows.map((r) => summary(r.board, r.game, r.entryCount, now)),
        games: gameRows.map((g) => ({
          id: g.id,
          slug: g.slug,
          league: g.league,
          teamA: g.teamA,
          teamB: g.teamB,
          startsAt: g.startsAt.toISOString(),
          venue: g.venue,
        })),
      };
    },

    async board(slug: string): Promise<AdminBoardDetail> {
      const [found] = await repo.boardList({ slug });
      if (!found) throw new AppError(404, boardErrorCodes.notFound, 'We could not find that game board.');
      const winners = await repo.winners(found.board.id);
      const results = found.board.prizeTable.flatMap((p) => {
        const w = winners.find((x) => x.result.period === p.key);
        if (!w) return [];
        return [
          {
            period: p.key,
            label: p.label,
            teamAScore: w.result.teamAScore,
            teamBScore: w.result.teamBScore,
            cell: w.result.cell,
            prizeCents: w.result.prizeCents,
            winner:
              w.result.entryId && w.code && w.nickname && w.ticketNumber
                ? { code: w.code, nickname: w.nickname, phone: w.phone, ticketNumber: w.ticketNumber }
                : null,
          },
        ];
      });
      return {
        board: summary(found.board, found.game, found.entryCount, clock.now()),
        prizeTable: found.board.prizeTable,
        results,
      };
    },

    /** Creates a board on an existing game or a new one; the game's next board number is its sequence. */
    async createBoard(actor: Actor, input: CreateBoardInput): Promise<AdminBoardSummary> {
      return audited(actor, 'board.create', input.slug, async (tx) => {
        const { board, game } = await deps.boardsIn(tx).createBoard(input);
        const created = summary(board, game, 0, clock.now());
        const { seed: _secret, ...publicBoard } = board;
        return {
          result: created,
          before: null,
          after: { ...publicBoard, game: created.game, status: created.status },
        };
      });
    },

    /** Cancel or lock a board; doing it again changes nothing and is not logged twice. */
    async setBoardState(actor: Actor, slug: string, action: 'lock' | 'cancel'): Promise<AdminBoardSummary> {
      return audited(actor, `board.${action}`, slug, async (tx) => {
        const boardsTx = deps.boardsIn(tx);
        const beforeView = await boardsTx.view(slug);
        if (action === 'lock') await boardsTx.lock(slug);
        else await boardsTx.cancel(slug);
        const afterView = await boardsTx.view(slug);
        const [found] = await repo.boardList({ slug }, tx);
        if (!found) throw new Error(`board ${slug} vanished in its own transaction`);
        const result = summary(found.board, found.game, found.entryCount, clock.now());
        if (beforeView.status === afterView.status) return { result, unchanged: true as const };
        return { result, before: { status: beforeView.status }, after: { status: afterView.status } };
      });
    },

    /** Enters or corrects a period's statistics; the winners are recomputed and the change logged. */
    async score(actor: Actor, slug: string, input: ScoreInput) {
      return audited(actor, 'board.score', slug, async (tx) => {
        const boardsTx = deps.boardsIn(tx);
        const { before, changed } = await boardsTx.score(slug, input);
        const view = await boardsTx.view(slug);
        if (!changed) return { result: view, unchanged: true as const };
        const awarded = view.results.find((r) => r.period === input.period);
        return {
          result: view,
          before: before ? { period: input.period, ...before } : null,
          after: {
            period: input.period,
            teamAScore: input.teamAScore,
            teamBScore: input.teamBScore,
            winningCode: awarded?.code ?? null,
            prizeCents: awarded?.prizeCents ?? 0,
            status: view.status,
          },
        };
      });
    },

    async audit(limit = 100) {
      const rows = await repo.auditPage(limit);
      return {
        events: rows.map((r) => ({
          id: r.id,
          at: r.at.toISOString(),
          actor: r.actor,
          action: r.action,
          target: r.target,
          before: r.before ?? null,
          after: r.after ?? null,
        })),
      };
    },
  };
}
export type AdminService = ReturnType<typeof createAdminService>;
