import type { CreateCustomEntryInput, CustomEntry } from '../../../shared/contracts/baseball';
import { errorCodes } from '../../../shared/contracts/errors';
import { customEntryProblem } from '../../../shared/domain/baseball';
import type { ClientKey } from '../../http/client-address';
import { AppError } from '../../http/errors';
import type { Clock } from '../../platform/clock';
import type { BaseballRepo } from './repo';

const isRealDate = (d: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(d) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d);

/** Custom baseball game entries ('Create Custom Game Entry'), kept on the server. */
export function createBaseballService(deps: {
  repo: BaseballRepo;
  clock: Clock;
  /** The per-address budget every public entry takes from (the boards feature's, as a port; none: no limit). */
  entryBudget?: { take(client: ClientKey): Promise<unknown> };
}) {
  const view = (row: Awaited<ReturnType<BaseballRepo['insertCustomEntry']>>): CustomEntry => ({
    id: row.id,
    team1: row.team1,
    team2: row.team2,
    gameDate: row.gameDate,
    amountCents: row.amountCents,
    createdAt: row.createdAt.toISOString(),
  });

  return {
    /** A custom entry, once its fields pass, takes one from its address's entry budget (429 past it). */
    async createCustomEntry(
      input: CreateCustomEntryInput & { userId: string | null; address: ClientKey },
    ): Promise<CustomEntry> {
      const problem = customEntryProblem(input);
      if (problem) throw new AppError(400, errorCodes.validation, problem);
      if (!isRealDate(input.gameDate)) {
        throw new AppError(400, errorCodes.validation, 'Enter the game date as a real calendar date.', {
          gameDate: 'Enter a valid date',
        });
      }
      await deps.entryBudget?.take(input.address);
      const row = await deps.repo.insertCustomEntry({
        userId: input.userId,
        team1: input.team1,
        team2: input.team2,
        gameDate: input.gameDate,
        amountCents: input.amountCents ?? 0,
        createdAt: deps.clock.now(),
      });
      return view(row);
    },

    async customEntriesOf(userId: string | null): Promise<CustomEntry[]> {
      return userId ? (await deps.repo.customEntriesOf(userId)).map(view) : [];
    },
  };
}
export type BaseballService = ReturnType<typeof createBaseballService>;
