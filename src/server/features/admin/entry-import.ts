import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import {
  type AdminImportEntriesInput,
  type AdminImportResult,
  adminErrorCodes,
  importProblemKey,
} from '../../../shared/contracts/admin';
import { boardErrorCodes } from '../../../shared/contracts/boards';
import {
  type ImportedEntry,
  type ImportProblem,
  importColumnOf,
  importMessages,
  readEntryImport,
} from '../../../shared/contracts/entry-import';
import { errorCodes } from '../../../shared/contracts/errors';
import { boardFormats } from '../../../shared/domain/boards';
import { entries } from '../../db/schema';
import { AppError } from '../../http/errors';
import { type Actor, type AdminBoardOpsDeps, auditedAddition } from './ops-common';
import { toEntry } from './present';
import type { Tx } from './repo';

/** The key of each line's entry (as the boards feature stores it): a retry finds what a first import added. */
const storedKey = (key: string) => `admin-${key}`;

/** The entries of a board already made under these idempotency keys (a retried import's lines). */
async function entriesByKeys(tx: Tx, boardId: string, keys: string[]): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const rows = await tx
    .select({ id: entries.id, key: entries.idempotencyKey })
    .from(entries)
    .where(and(eq(entries.boardId, boardId), inArray(entries.idempotencyKey, keys)));
  return new Map(rows.flatMap((r) => (r.key ? [[r.key, r.id] as const] : [])));
}

/**
 * Each line's key: a hash of the board and the line's values (as read, so quoting and spacing do not matter),
 * with how many times the same values came before in the file. The same file again adds nothing twice; a file
 * with lines added or changed adds only those; two identical lines are two entries.
 */
function lineKeys(boardSlug: string, lines: { line: number; input: ImportedEntry }[]) {
  const seen = new Map<string, number>();
  return lines.map(({ line, input }) => {
    const content = JSON.stringify([
      boardSlug,
      input.nickname,
      input.phone ?? '',
      input.email ?? '',
      input.state ?? '',
      input.amountCents ?? null,
      input.smsConsent === true,
      input.ageConfirmed === true,
      input.teamSupport ?? '',
      input.organization ?? '',
      input.referralCode ?? '',
      input.gameCode ?? '',
    ]);
    const n = (seen.get(content) ?? 0) + 1;
    seen.set(content, n);
    const key = `csv-${createHash('sha256').update(`${content}#${n}`).digest('hex').slice(0, 40)}`;
    return { line, input: { ...input, idempotencyKey: key } };
  });
}

/** The refusal of a file: every problem named by line and column, nothing added. */
function refused(problems: ImportProblem[]): AppError {
  const fields: Record<string, string> = {};
  for (const p of problems) {
    const key = importProblemKey(p.line, p.column ?? 'whole line');
    fields[key] = fields[key] ? `${fields[key]} ${p.message}` : p.message;
  }
  const lines = new Set(problems.map((p) => p.line)).size;
  return new AppError(
    400,
    adminErrorCodes.importRefused,
    `Nothing was added: ${lines === 1 ? '1 line of the file has' : `${lines} lines of the file have`} problems.`,
    fields,
  );
}

/**
 * The entries CSV import (entryImportColumns): every line checked as the single add checks it, then all its
 * entries added in one transaction, each audited as a single add is ('entry.add'), or none when any line is
 * refused. Each line is added in a savepoint, so a line the board refuses (an excluded state, a full board) is
 * named and the lines after it are still checked before the whole import is undone.
 */
export function createEntryImport(deps: AdminBoardOpsDeps) {
  const { db, repo, clock } = deps;
  return {
    async importEntries(actor: Actor, input: AdminImportEntriesInput): Promise<AdminImportResult> {
      const boardSlug = input.boardSlug?.trim() ?? '';
      if (!boardSlug) {
        throw new AppError(400, errorCodes.validation, 'Choose a game board', { boardSlug: 'Choose a game board' });
      }
      const read = readEntryImport(input.csv);
      // A file that does not read as an import at all has no line for the board to check.
      if (read.entries.length === 0 && read.problems.length > 0) throw refused(read.problems);
      const [found] = await repo.boardList({ slug: boardSlug });
      if (!found) throw new AppError(404, boardErrorCodes.notFound, 'We could not find that game board.');
      const lines = lineKeys(boardSlug, read.entries);

      return db.transaction(async (tx) => {
        const known = await entriesByKeys(
          tx,
          found.board.id,
          lines.map((l) => storedKey(l.input.idempotencyKey)),
        );
        const fresh = lines.filter((l) => !known.has(storedKey(l.input.idempotencyKey))).length;
        const room = boardFormats[found.board.format].entries - found.entryCount;
        if (fresh > room) {
          throw refused([{ line: 1, column: null, message: importMessages.noRoom(room, fresh) }, ...read.problems]);
        }
        // The lines that read well are checked by the board's rules too, so one answer names every problem.
        const problems: ImportProblem[] = [...read.problems];
        const made: { line: number; id: string; replayed: boolean; input: (typeof lines)[number]['input'] }[] = [];
        let added = 0;
        for (const row of lines) {
          const earlier = known.get(storedKey(row.input.idempotencyKey));
          if (earlier) {
            made.push({ line: row.line, id: earlier, replayed: true, input: row.input });
            continue;
          }
          try {
            const created = await tx.transaction((line) => deps.boardsIn(line).addEntry(boardSlug, row.input));
            made.push({ line: row.line, id: created.id, replayed: created.replayed === true, input: row.input });
            if (!created.replayed) added++;
          } catch (err) {
            if (!(err instanceof AppError) || err.statusCode >= 500) throw err;
            // Filled meanwhile (another organizer, or fans): the lines from here on have no cells.
            if (err.code === boardErrorCodes.full || (err.code === boardErrorCodes.closed && added > 0)) {
              problems.push({ line: row.line, column: null, message: importMessages.noRoom(added, fresh) });
              break;
            }
            // A board that takes no entries now (locked, settled, cancelled) refuses the whole file.
            if (err.statusCode === 409) throw err;
            const named = Object.entries(err.fields ?? {});
            if (named.length === 0) problems.push({ line: row.line, column: null, message: err.message });
            for (const [field, message] of named) {
              problems.push({ line: row.line, column: importColumnOf(field), message });
            }
          }
        }
        if (problems.length > 0) throw refused(problems.sort((a, b) => a.line - b.line));
        const rows = new Map(
          (
            await repo.entriesByIds(
              made.map((m) => m.id),
              tx,
            )
          ).map((r) => [r.entry.id, r]),
        );
        const now = clock.now();
        const result: AdminImportResult = { added, alreadyAdded: made.length - added, entries: [] };
        for (const m of made) {
          const row = rows.get(m.id);
          if (!row) throw new Error(`imported entry ${m.id} vanished in its own transaction`);
          const entry = toEntry(row, now);
          result.entries.push({ line: m.line, replayed: m.replayed, entry });
          if (m.replayed) continue;
          await repo.audit(tx, {
            at: now,
            actor,
            action: 'entry.add',
            target: boardSlug,
            before: null,
            after: { ...auditedAddition(entry, m.input), importLine: m.line },
          });
        }
        return result;
      });
    },
  };
}
