import { Readable } from 'node:stream';
import { entryStateOf, gameEntriesCsvColumns, loginAttemptsCsvColumns } from '../../../shared/contracts/admin';
import { formatCents } from '../../../shared/domain/money';
import type { Clock } from '../../platform/clock';
import { WorkerQueueFullError } from '../../platform/workers/pool';
import { CSV_BOM, type CsvValue, csvLine, dollars } from './csv';
import type { AdminLedger } from './ledger';
import { type EntryRow, toEntry } from './present';
import type { AdminRepo, Cursor } from './repo';

const EXPORT_PAGE = 500;

/** Turns one page of rows into CSV lines (on a worker thread in the app). */
export type CsvLines = (rows: readonly (readonly CsvValue[])[]) => Promise<string>;

const csvLinesHere: CsvLines = async (rows) => rows.map(csvLine).join('');

/**
 * A CSV download read and written one keyset page at a time: the header, then one chunk per page (far
 * fewer stream writes than one per row) until a page comes back short. Each page's lines are assembled by
 * `lines` (a worker thread); when the pool's queue is full, on this thread: the download has started, and a
 * 503 can no longer be sent.
 */
function pagedCsv<R>(
  columns: readonly string[],
  page: (cursor: Cursor | undefined, limit: number) => Promise<R[]>,
  cursorOf: (row: R) => Cursor,
  line: (row: R) => readonly CsvValue[],
  lines: CsvLines,
): Readable {
  return Readable.from(
    (async function* () {
      yield CSV_BOM + csvLine(columns);
      let cursor: Cursor | undefined;
      for (;;) {
        const rows = await page(cursor, EXPORT_PAGE);
        if (rows.length === 0) return;
        const values = rows.map(line);
        yield await lines(values).catch((err: unknown) => {
          if (err instanceof WorkerQueueFullError) return csvLinesHere(values);
          throw err;
        });
        const last = rows.at(-1);
        if (rows.length < EXPORT_PAGE || !last) return;
        cursor = cursorOf(last);
      }
    })(),
  );
}

const orNot = (v: string | null) => (v?.trim() ? v : 'Not specified');

/** An entry's wins in prize-table order, as the Wins column says them: '1st quarter $25; Final $100'. */
function winsText(row: EntryRow): string {
  const table = row.board.prizeTable;
  const order = (period: string) => {
    const at = table.findIndex((p) => p.key === period);
    return at < 0 ? table.length : at;
  };
  return [...row.wins]
    .sort((a, b) => order(a.period) - order(b.period))
    .map((w) => `${table.find((p) => p.key === w.period)?.label ?? w.period} ${formatCents(w.prizeCents)}`)
    .join('; ');
}

/** The admin CSV exports, newest first. */
export function createAdminExports(deps: { repo: AdminRepo; clock: Clock; ledger: AdminLedger; csvLines?: CsvLines }) {
  const { repo, clock } = deps;
  const lines = deps.csvLines ?? csvLinesHere;
  return {
    /** `game_entries_{date}.csv`, once the ledger's one assertion has run on every board's totals. */
    async entriesCsv(): Promise<Readable> {
      await deps.ledger.read('entries CSV');
      const now = clock.now();
      return pagedCsv(
        gameEntriesCsvColumns,
        (cursor, limit) => repo.entriesPage({ cursor, limit }),
        (row) => ({ at: row.entry.createdAt, id: row.entry.id }),
        (row) => {
          const e = toEntry(row, now);
          return [
            e.createdAt,
            e.team,
            orNot(e.teamSupport),
            orNot(e.organization),
            orNot(e.referralCode),
            orNot(e.gameCode),
            dollars(e.amountCents ?? 0),
            e.phone?.trim() ? e.phone : 'Not provided',
            e.nickname,
            e.code,
            e.donationCommitmentCents === null ? '' : dollars(e.donationCommitmentCents),
            e.boardSlug,
            entryStateOf(e.paymentState),
            orNot(e.state),
            winsText(row),
          ];
        },
        lines,
      );
    },

    /** `login_attempts_{date}.csv`. */
    loginAttemptsCsv(): Readable {
      return pagedCsv(
        loginAttemptsCsvColumns,
        (cursor, limit) => repo.loginAttemptsPage(limit, cursor),
        (r) => ({ at: r.timestamp, id: r.id }),
        (r) => [r.timestamp.toISOString(), r.name, r.email, r.phone, r.status, r.userId, r.ip],
        lines,
      );
    },
  };
}
