import { boardErrorCodes } from '../../../shared/contracts/boards';
import { entryMessages } from '../../../shared/domain/boards';
import type { ClientKey, PerAddressLimit } from '../../http/client-address';
import { TooManyRequestsError } from '../../http/errors';
import type { Clock } from '../../platform/clock';
import { countValues, type RateLimiter, windowEnd } from '../../platform/rate-limit';

/**
 * The entries one client address may make per minute (ENTRY_LIMIT_PER_MINUTE), shared by every public path
 * that creates an entry (board entries, custom game entries) and counted in PostgreSQL, so every instance
 * sees the same count. A request takes one before it creates anything and gives it back when it turned out
 * to create nothing new (a replayed request). Organizers' entries do not take from it.
 */
export function createEntryBudget(deps: {
  limiter: Pick<RateLimiter, 'hit' | 'refund'>;
  clock: Clock;
  perMinute: number;
}) {
  const rule = { max: deps.perMinute, windowMs: 60_000 };
  const keyOf = (client: ClientKey) => `entries:${client}`;
  const refusal = (windowStart: Date) =>
    new TooManyRequestsError(
      boardErrorCodes.rateLimited,
      entryMessages.rateLimited,
      windowEnd(windowStart, rule),
      deps.clock.now(),
    );
  return {
    /** The budget as the entry routes declare it (route config perAddressLimit). */
    limit: { scope: 'entries', max: deps.perMinute } satisfies PerAddressLimit,
    /** Takes one entry from `client`'s budget, or refuses with 429 and when to try again. */
    async take(client: ClientKey): Promise<{ giveBack(): Promise<void> }> {
      const key = keyOf(client);
      const hit = await deps.limiter.hit(key, rule);
      if (!hit.allowed) throw refusal(hit.windowStart);
      return { giveBack: () => deps.limiter.refund(key, hit.windowStart) };
    },

    /**
     * The same count, made by the statement that creates the entry (the limiter's counting query as its CTE,
     * one round trip less): the values of that query's placeholders, and what to make of the row it returns.
     * Past the window's `max` the statement creates nothing.
     */
    counted(client: ClientKey) {
      const key = keyOf(client);
      return {
        values: countValues(key, rule, deps.clock.now()),
        /** The 429 for a count past the budget, with when to try again. */
        refusal,
        giveBack: (windowStart: Date) => deps.limiter.refund(key, windowStart),
      };
    },
  };
}
export type EntryBudget = ReturnType<typeof createEntryBudget>;
