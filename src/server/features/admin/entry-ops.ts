import {
  type AdminAddEntryInput,
  type AdminEntry,
  type AdminMarkCollectedResult,
  adminErrorCodes,
  adminMessages,
} from '../../../shared/contracts/admin';
import { errorCodes } from '../../../shared/contracts/errors';
import { AppError } from '../../http/errors';
import {
  type Actor,
  type AdminBoardOpsDeps,
  auditedAddition,
  auditedEntry,
  createAuditedChanges,
  notCollectable,
} from './ops-common';
import { type EntryRow, toEntry } from './present';
import type { Tx } from './repo';

/**
 * Admin's changes to entries through the boards feature (the AdminBoards port): adding one, and marking
 * pledges collected or not. Every change runs in one transaction with its audit record.
 */
export function createAdminEntryOps(deps: AdminBoardOpsDeps) {
  const { db, repo, clock } = deps;
  const { audited, entryOr404 } = createAuditedChanges(deps);

  /**
   * Marks one entry's pledge collected in `tx`, audited: 'marked' (this call changed it), 'already' (it was
   * collected: nothing changes, nothing is logged) or 'refused' (nothing to collect, with why).
   */
  async function markOne(
    tx: Tx,
    actor: Actor,
    row: EntryRow,
  ): Promise<
    | { kind: 'marked'; entry: AdminEntry }
    | { kind: 'already'; entry: AdminEntry }
    | { kind: 'refused'; entry: AdminEntry; message: string }
  > {
    const now = clock.now();
    const entry = toEntry(row, now);
    if (entry.paymentState === 'collected') return { kind: 'already', entry };
    if (entry.paymentState !== 'pledged') {
      return { kind: 'refused', entry, message: notCollectable[entry.paymentState] };
    }
    // Conditional in the database: of two marks at once, one changes the entry and is audited.
    if (!(await deps.boardsIn(tx).markPledgeCollected(row.entry.id, now))) {
      return { kind: 'already', entry: toEntry({ ...row, entry: { ...row.entry, pledgeCollectedAt: now } }, now) };
    }
    const after = toEntry({ ...row, entry: { ...row.entry, pledgeCollectedAt: now } }, now);
    await repo.audit(tx, {
      at: now,
      actor,
      action: 'entry.mark-paid',
      target: entry.boardSlug,
      before: auditedEntry(entry),
      after: auditedEntry(after),
    });
    return { kind: 'marked', entry: after };
  }

  return {
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
        return { result: entry, before: null, after: auditedAddition(entry, input) };
      });
    },

    /** Marks an entry's pledge as collected (cash, transfer…); marking it again changes nothing. */
    async markPaid(actor: Actor, id: string): Promise<AdminEntry> {
      return db.transaction(async (tx) => {
        const row = await entryOr404(id, tx);
        const outcome = await markOne(tx, actor, row);
        if (outcome.kind === 'refused') {
          throw new AppError(409, adminErrorCodes.noPledge, outcome.message);
        }
        return outcome.entry;
      });
    },

    /**
     * Marks many entries' pledges collected at once (1 to 200 ids; an id named twice counts once), in one
     * transaction, each change audited as a single 'Mark collected' is. Entries with nothing to collect, already
     * collected or not found change nothing and are answered with why.
     */
    async markPaidMany(actor: Actor, ids: readonly string[]): Promise<AdminMarkCollectedResult> {
      const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
      return db.transaction(async (tx) => {
        const rows = new Map((await repo.entriesByIds(unique, tx)).map((r) => [r.entry.id, r]));
        const result: AdminMarkCollectedResult = { changed: [], unchanged: [] };
        for (const id of unique) {
          const row = rows.get(id);
          if (!row) {
            result.unchanged.push({
              id,
              reason: 'not-found',
              message: 'That entry does not exist (it may have been deleted).',
            });
            continue;
          }
          const outcome = await markOne(tx, actor, row);
          if (outcome.kind === 'marked') result.changed.push(outcome.entry);
          else if (outcome.kind === 'already') {
            result.unchanged.push({ id, reason: 'collected', message: 'This pledge is already marked collected.' });
          } else result.unchanged.push({ id, reason: 'not-pledged', message: outcome.message });
        }
        return result;
      });
    },

    /**
     * Undoes 'Mark collected' (marked by mistake): the pledge is outstanding again, audited with before and
     * after. 409 when the entry's pledge is not marked collected.
     */
    async unmarkPaid(actor: Actor, id: string): Promise<AdminEntry> {
      return db.transaction(async (tx) => {
        const row = await entryOr404(id, tx);
        const entry = toEntry(row, clock.now());
        // Cash owed back (to return, or returned) stays collected: that is its story.
        const notCollected = () =>
          new AppError(
            409,
            adminErrorCodes.notCollected,
            entry.paymentState === 'to-return' || entry.paymentState === 'returned'
              ? notCollectable[entry.paymentState]
              : 'This entry’s pledge is not marked collected.',
          );
        if (entry.paymentState !== 'collected') throw notCollected();
        // Conditional in the database: of two undos at once, one changes the entry and is audited.
        if (!(await deps.boardsIn(tx).clearPledgeCollected(row.entry.id))) throw notCollected();
        const after = toEntry({ ...row, entry: { ...row.entry, pledgeCollectedAt: null } }, clock.now());
        await repo.audit(tx, {
          at: clock.now(),
          actor,
          action: 'entry.unmark-paid',
          target: entry.boardSlug,
          before: auditedEntry(entry),
          after: auditedEntry(after),
        });
        return after;
      });
    },
  };
}
