import type { CreateTrackedGame, TrackedGame, UpdateTrackedGameInput } from '../../../shared/contracts/tracked-games';
import { trackedGameErrorCodes } from '../../../shared/contracts/tracked-games';
import { applyStatusChange, trackedGameMessages, trackedGamesPerFan } from '../../../shared/domain/tracked-games';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import type { Clock } from '../../platform/clock';
import type { TrackedGameRow, TrackedGamesRepo } from './repo';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function view(row: TrackedGameRow): TrackedGame {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category: row.category,
    status: row.status,
    releaseDate: row.status === 'coming-soon' ? row.releaseDate : null,
    dateAdded: row.createdAt.toISOString(),
  };
}

/** 404 for an id that is not this fan's game: another fan's game looks exactly like no game. */
const notFound = () => new AppError(404, trackedGameErrorCodes.notFound, trackedGameMessages.notFound);

/** Tracked game rules for a signed-in fan's own list (the gaming hub's game manager). */
export function createTrackedGamesService(deps: { repo: TrackedGamesRepo; clock: Clock }) {
  const { repo, clock } = deps;
  return {
    async list(userId: string): Promise<TrackedGame[]> {
      return (await repo.list(userId)).map(view);
    },

    /**
     * `input` has passed the contract: trimmed text within limits, release date only when coming soon.
     * A fan tracks at most `trackedGamesPerFan` games; the count is checked under the fan's list lock.
     */
    async add(userId: string, input: CreateTrackedGame): Promise<TrackedGame> {
      const { status } = input;
      const row = await repo.locked(userId, async (ops) => {
        if ((await ops.count(userId)) >= trackedGamesPerFan) {
          throw new AppError(409, trackedGameErrorCodes.limitReached, trackedGameMessages.listFull);
        }
        return ops.insert({
          userId,
          title: input.title,
          description: input.description,
          category: input.category,
          status,
          releaseDate: status === 'coming-soon' ? (input.releaseDate ?? null) : null,
          createdAt: clock.now(),
        });
      });
      return view(row);
    },

    /**
     * Fan Central's one-time import of a visitor's local games, inside the caller's transaction (which
     * holds the fan's list lock): as many as fit under the limit, oldest dates kept if not in the future.
     */
    async importInto(
      tx: Db,
      userId: string,
      games: ReadonlyArray<CreateTrackedGame & { dateAdded?: string | undefined }>,
    ): Promise<{ added: number; skipped: number }> {
      const ops = repo.within(tx);
      const room = Math.max(0, trackedGamesPerFan - (await ops.count(userId)));
      const now = clock.now();
      const rows = games.slice(0, room).map((game) => {
        const added = game.dateAdded ? new Date(game.dateAdded) : now;
        return {
          userId,
          title: game.title,
          description: game.description,
          category: game.category,
          status: game.status,
          releaseDate: game.status === 'coming-soon' ? (game.releaseDate ?? null) : null,
          createdAt: added.getTime() > now.getTime() ? now : added,
        };
      });
      const added = await ops.insertMany(rows);
      return { added, skipped: games.length - added };
    },

    async update(userId: string, id: string, change: UpdateTrackedGameInput): Promise<TrackedGame> {
      if (!uuidPattern.test(id)) throw notFound();
      const current = await repo.find(id, userId);
      if (!current) throw notFound();
      const next = applyStatusChange(current, change);
      if (!next) {
        throw new AppError(400, trackedGameErrorCodes.validation, trackedGameMessages.releaseDateOnlyComingSoon, {
          releaseDate: trackedGameMessages.releaseDateOnlyComingSoon,
        });
      }
      const row = await repo.update(id, userId, next);
      if (!row) throw notFound();
      return view(row);
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!uuidPattern.test(id) || !(await repo.remove(id, userId))) throw notFound();
    },
  };
}
export type TrackedGamesService = ReturnType<typeof createTrackedGamesService>;
