import { isIPv4, isIPv6 } from 'node:net';
import { boardErrorCodes } from '../../../shared/contracts/boards';
import { entryMessages } from '../../../shared/domain/boards';
import { TooManyRequestsError } from '../../http/errors';
import type { Clock } from '../../platform/clock';
import type { RateLimiter } from '../../platform/rate-limit';

/**
 * The client an address stands for. An IPv4 address is itself (also when written IPv4-mapped, `::ffff:…`);
 * an IPv6 address stands for its /64, the block one home or phone is given, since a client can pick any
 * address inside it at will.
 */
export function clientOf(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1] && isIPv4(mapped[1])) return mapped[1];
  if (!isIPv6(address)) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('%')[0]?.split('::') ?? [];
  const left = head ? head.split(':') : [];
  const right = address.includes('::') ? (tail ? tail.split(':') : []) : [];
  // An embedded IPv4 tail (a:b::1.2.3.4) is two groups; it lies past the first four either way.
  const groups = [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

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
  return {
    /** Takes one entry from `address`'s budget, or refuses with 429 and when to try again. */
    async take(address: string): Promise<{ giveBack(): Promise<void> }> {
      const key = `entries:${clientOf(address)}`;
      const hit = await deps.limiter.hit(key, rule);
      if (!hit.allowed) {
        throw new TooManyRequestsError(
          boardErrorCodes.rateLimited,
          entryMessages.rateLimited,
          hit.retryAt,
          deps.clock.now(),
        );
      }
      return { giveBack: () => deps.limiter.refund(key, hit.windowStart) };
    },
  };
}
export type EntryBudget = ReturnType<typeof createEntryBudget>;
