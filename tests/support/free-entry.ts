import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/server/db/client';
import { devSmsOutbox } from '../../src/server/db/schema';
import { apiPaths } from '../../src/shared/contracts/paths';
import { ORIGIN } from './http';

/**
 * A sweepstakes board's free entry needs the code texted to its number: asks for one from `ip` and reads it
 * from the dev outbox once the scheduler's outbox job has sent it (ticking the test clock, never sleeping).
 */
export async function textedCode(
  ctx: { app: FastifyInstance; database: { db: Db }; clock: { tick(ms?: number): Promise<void> } },
  slug: string,
  phone: string,
  ip = '10.66.0.1',
): Promise<string> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: apiPaths.boardFreeEntryCode(slug),
    remoteAddress: ip,
    headers: { origin: ORIGIN },
    payload: { phone },
  });
  if (res.statusCode !== 202) throw new Error(`no code sent (${res.statusCode}): ${res.body}`);
  for (let run = 0; run < 30; run++) {
    await ctx.clock.tick(5_000);
    const [text] = await ctx.database.db
      .select({ body: devSmsOutbox.body })
      .from(devSmsOutbox)
      .where(eq(devSmsOutbox.to, phone))
      .orderBy(desc(devSmsOutbox.seq))
      .limit(1);
    const code = text?.body.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
  }
  throw new Error(`no code texted to ${phone}`);
}
