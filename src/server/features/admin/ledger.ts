import { Readable } from 'node:stream';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { ledgerCsvColumns } from '../../../shared/contracts/ledger';
import {
  entryMoneyRows,
  entryStandingOf,
  type LedgerBoard,
  type LedgerProblem,
  type LedgerRow,
  type LedgerTotals,
  ledgerProblems,
  ledgerTotalNames,
  ledgerTotals,
  type PaymentFact,
  paymentRows,
  prizeRow,
} from '../../../shared/domain/ledger';
import type { Db } from '../../db/client';
import { boards, entries, payments, prizes } from '../../db/schema';
import { CSV_BOM, csvLine, dollars } from './csv';
import { type BoardScope, boardScopeSql, type DemoBoardMarkers } from './scope';

/** Where an entry stands, from its status, when it was taken off and when its board was cancelled. */
const standingOf = (
  status: Parameters<typeof entryStandingOf>[0]['status'],
  removedAt: Date | null,
  cancelledAt: Date | null,
) => entryStandingOf({ status, removed: removedAt !== null, boardCancelled: cancelledAt !== null });

/**
 * The ledger of money (docs/decisions/0023-one-ledger-of-money.md), read from the rows that own each fact: entry
 * checkout payments (purpose 'entry', found from the payments side so a payment no entry points to still shows;
 * its board is then the one its checkout returns to), entries' pledges and cash, and prizes. The rules that
 * give each row its state, the totals and the problems are shared/domain/ledger.ts. Fees have no rows until
 * payouts exist.
 */

/** Where a broken ledger is told: logged as an error ('warn', production), or also thrown ('fail', tests). */
export type LedgerCheckMode = 'warn' | 'fail';

export interface LedgerLog {
  error(obj: object, msg: string): void;
}

/** A ledger the app's one assertion found broken, in 'fail' mode. */
export class LedgerBrokenError extends Error {
  constructor(
    readonly reader: string,
    readonly problems: readonly LedgerProblem[],
  ) {
    super(`${reader}: the ledger is broken: ${problems.map((p) => `[${p.code}] ${p.message}`).join(' ')}`);
  }
}

const boardOf = (b: { slug: string | null; organization: string | null; cancelledAt: Date | null }) =>
  b.slug === null ? null : { slug: b.slug, organization: b.organization ?? '', cancelled: b.cancelledAt !== null };

/** The board a checkout returns to (`…/boards/<slug>?session_id=…`): a payment's board when no entry is left. */
const boardOfCheckout = sql`(select b2.id from ${boards} b2 where b2.slug = substring(${payments.successUrl} from '/boards/([^/?#]+)'))`;

/** What an entry pledged outside checkout, in SQL (shared/domain/ledger `pledgedCents`). */
const pledgedSql = sql`(coalesce(${entries.donationCommitmentCents}, 0) + case when ${entries.paymentId} is null then coalesce(${entries.amountCents}, 0) else 0 end)`;

export function createAdminLedger(deps: {
  db: Db;
  demoBoards: DemoBoardMarkers;
  log: LedgerLog;
  mode: LedgerCheckMode;
  /** The organization every read is of (the organizer API); without it, the scope each read is given. */
  organizationId?: string | undefined;
}) {
  const { db } = deps;
  const own = (scope: BoardScope): BoardScope =>
    deps.organizationId ? { ...scope, organizationId: deps.organizationId } : scope;

  async function paymentFacts(scope: BoardScope): Promise<PaymentFact[]> {
    const rows = await db
      .select({
        paymentId: payments.id,
        status: payments.status,
        amountCents: payments.amountCents,
        paidAt: payments.settledAt,
        entryId: entries.id,
        code: entries.code,
        entryStatus: entries.status,
        removedAt: entries.removedAt,
        slug: boards.slug,
        organization: boards.organization,
        cancelledAt: boards.cancelledAt,
      })
      .from(payments)
      .leftJoin(entries, eq(entries.paymentId, payments.id))
      .leftJoin(boards, sql`${boards.id} = coalesce(${entries.boardId}, ${boardOfCheckout})`)
      .where(
        and(
          eq(payments.purpose, 'entry'),
          inArray(payments.status, ['paid', 'refunded']),
          boardScopeSql(scope, deps.demoBoards),
        ),
      )
      .orderBy(payments.createdAt, payments.id);
    const facts = new Map<string, PaymentFact>();
    for (const r of rows) {
      const fact = facts.get(r.paymentId) ?? {
        board: boardOf(r),
        paymentId: r.paymentId,
        status: r.status as 'paid' | 'refunded',
        amountCents: r.amountCents,
        paidAt: r.paidAt?.toISOString() ?? null,
        entries: [],
      };
      if (r.entryId && r.code && r.entryStatus) {
        fact.entries.push({
          id: r.entryId,
          code: r.code,
          standing: standingOf(r.entryStatus, r.removedAt, r.cancelledAt),
        });
      }
      facts.set(r.paymentId, fact);
    }
    return [...facts.values()];
  }

  async function entryMoney(scope: BoardScope): Promise<LedgerRow[]> {
    const rows = await db
      .select({
        entry: {
          id: entries.id,
          code: entries.code,
          status: entries.status,
          removedAt: entries.removedAt,
          amountCents: entries.amountCents,
          donationCents: entries.donationCommitmentCents,
          paymentId: entries.paymentId,
          createdAt: entries.createdAt,
          collectedAt: entries.pledgeCollectedAt,
          toReturnAt: entries.cashToReturnAt,
          returnedAt: entries.cashReturnedAt,
        },
        slug: boards.slug,
        organization: boards.organization,
        cancelledAt: boards.cancelledAt,
      })
      .from(entries)
      .innerJoin(boards, eq(entries.boardId, boards.id))
      .where(and(sql`${pledgedSql} > 0`, boardScopeSql(scope, deps.demoBoards)))
      .orderBy(entries.createdAt, entries.id);
    return rows.flatMap(({ entry: e, ...b }) =>
      entryMoneyRows({
        board: boardOf(b) as LedgerBoard,
        entryId: e.id,
        code: e.code,
        standing: standingOf(e.status, e.removedAt, b.cancelledAt),
        amountCents: e.amountCents ?? 0,
        donationCents: e.donationCents ?? 0,
        hasPayment: e.paymentId !== null,
        createdAt: e.createdAt.toISOString(),
        collectedAt: e.collectedAt?.toISOString() ?? null,
        toReturnAt: e.toReturnAt?.toISOString() ?? null,
        returnedAt: e.returnedAt?.toISOString() ?? null,
      }),
    );
  }

  async function prizeRows(scope: BoardScope): Promise<LedgerRow[]> {
    const rows = await db
      .select({
        prize: prizes,
        code: entries.code,
        slug: boards.slug,
        organization: boards.organization,
        cancelledAt: boards.cancelledAt,
      })
      .from(prizes)
      .innerJoin(boards, eq(prizes.boardId, boards.id))
      .innerJoin(entries, eq(prizes.entryId, entries.id))
      .where(boardScopeSql(scope, deps.demoBoards))
      .orderBy(prizes.createdAt, prizes.id);
    return rows.map(({ prize: p, code, ...b }) =>
      prizeRow({
        board: boardOf(b) as LedgerBoard,
        prizeId: p.id,
        entryId: p.entryId,
        entryCode: code,
        state: p.state,
        prizeCents: p.prizeCents,
        at: (p.paidAt ?? p.claimedAt ?? p.createdAt).toISOString(),
      }),
    );
  }

  /** Every money fact of the boards in `scope`, one row each (a refund or a return beside what it gives back). */
  async function rows(within: BoardScope = {}): Promise<LedgerRow[]> {
    const scope = own(within);
    const [paid, money, won] = await Promise.all([paymentFacts(scope), entryMoney(scope), prizeRows(scope)]);
    return [...paid.flatMap(paymentRows), ...money, ...won];
  }

  /**
   * The one assertion every reader of the ledger runs on the totals it shows: each problem is logged as an
   * error naming its board; in 'fail' mode (tests) the read then fails. Answers the problems.
   */
  function check(reader: string, all: readonly LedgerRow[], shown: LedgerTotals): LedgerProblem[] {
    const problems = ledgerProblems(all, shown);
    for (const p of problems) {
      deps.log.error(
        {
          reader,
          board: p.board,
          problem: p.code,
          cents: p.cents,
          entryId: p.entryId,
          paymentId: p.paymentId,
          prizeId: p.prizeId,
        },
        `ledger broken: ${p.message}`,
      );
    }
    if (problems.length > 0 && deps.mode === 'fail') throw new LedgerBrokenError(reader, problems);
    return problems;
  }

  /** The ledger of `scope`: its rows, their totals, and the problems the assertion found (logged). */
  async function read(reader: string, scope: BoardScope = {}) {
    const all = await rows(scope);
    const totals = ledgerTotals(all);
    return { rows: all, totals, problems: check(reader, all, totals) };
  }

  return {
    rows,
    check,
    read,

    /** Whether a board with this slug exists (the CSV answers 404 for one that does not). */
    async boardExists(slug: string): Promise<boolean> {
      const [found] = await db
        .select({ id: boards.id })
        .from(boards)
        .where(and(eq(boards.slug, slug), boardScopeSql(own({}), deps.demoBoards)));
      return Boolean(found);
    },

    /** The ledger CSV of `scope`: one line per row, then one 'total' line per total (contracts/ledger). */
    async csv(scope: BoardScope): Promise<Readable> {
      const { rows: all, totals } = await read('ledger CSV', scope);
      const label = scope.board ?? (scope.organization ? '' : 'All boards');
      const lines = [
        CSV_BOM + csvLine(ledgerCsvColumns),
        ...all.map((r) =>
          csvLine([
            r.board ?? 'Unknown board',
            r.organization ?? '',
            r.kind,
            r.state,
            dollars(r.cents),
            dollars(r.faceCents),
            r.at ?? '',
            r.entryCode ?? '',
            r.entry,
            r.entryId ?? '',
            r.paymentId ?? '',
            r.prizeId ?? '',
          ]),
        ),
        ...ledgerTotalNames.map((n) =>
          csvLine([label, scope.organization ?? '', 'total', n, dollars(totals[n]), '', '', '', '', '', '', '']),
        ),
      ];
      return Readable.from(lines);
    },
  };
}
export type AdminLedger = ReturnType<typeof createAdminLedger>;
