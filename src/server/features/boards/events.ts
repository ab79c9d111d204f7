import { sql } from 'drizzle-orm';
import {
  type BoardEventName,
  type BoardEventPayload,
  boardEventSchemas,
  boardTopic,
  EVENTS_CHANNEL,
} from '../../../shared/contracts/board-events';
import type { Db } from '../../db/client';

/** Anything that runs SQL: the pool, or (as every publisher here uses it) the change's own transaction. */
type Sql = Pick<Db, 'execute'>;

/**
 * Publishes one board event: NOTIFY on the events channel, so it is heard only if `q`'s transaction commits.
 * The payload must parse with its event's schema; one that does not is refused (thrown) before anything is sent.
 */
export async function publishBoardEvent<N extends BoardEventName>(
  q: Sql,
  boardId: string,
  name: N,
  payload: BoardEventPayload<N>,
): Promise<void> {
  const data = boardEventSchemas[name].parse(payload);
  const message = JSON.stringify({ topic: boardTopic(boardId), event: name, data });
  await q.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${message})`);
}

const isBoardEventName = (name: unknown): name is BoardEventName =>
  typeof name === 'string' && Object.hasOwn(boardEventSchemas, name);

/**
 * A NOTIFY message's board event, parsed with its schema, or undefined for one outside the contract. A message
 * without an event name comes from the claim function (`cells`); older writers sent `release` unnamed too.
 */
export function readBoardEvent(name: unknown, data: unknown): { name: BoardEventName; payload: unknown } | undefined {
  const candidates: BoardEventName[] = name === undefined ? ['cells', 'release'] : isBoardEventName(name) ? [name] : [];
  for (const candidate of candidates) {
    const parsed = boardEventSchemas[candidate].safeParse(data);
    if (parsed.success) return { name: candidate, payload: parsed.data };
  }
  return undefined;
}
