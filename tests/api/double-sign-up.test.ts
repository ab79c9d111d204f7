import { eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { Database } from '../../src/server/db/client';
import { devOutbox, rateLimits, user } from '../../src/server/db/schema';
import { authErrorCodes, authMessages } from '../../src/shared/contracts/auth-messages';
import { Client } from '../support/http';
import { createTestApp, type TestContext, testLogger } from '../support/test-app';
import { openSecondConnection, testDatabaseKind } from '../support/test-db';

/**
 * A double-clicked "Create Account": identical sign-ups at once, on one instance and on two instances with their
 * own connection pools (as two servers behind a load balancer). Exactly one is created, the rest get the same 409
 * as a later duplicate, one confirmation email goes out, and nothing is logged at error level.
 */
const lines: string[] = [];
/** The suite's log file too (testLogger), so the whole-run search for personal data reads these lines. */
const suiteLog = testLogger();
const logger = {
  level: 'info',
  stream: {
    write(line: string) {
      lines.push(line);
      if (suiteLog) suiteLog.stream?.write(line);
    },
  },
};

let ctx: TestContext;
let second: Database;
let other: FastifyInstance;
let n = 0;

beforeAll(async () => {
  ctx = await createTestApp({ logger });
  second = await openSecondConnection(ctx.database);
  other = await buildApp({ database: second, clock: ctx.clock, logger });
});
afterAll(async () => {
  await other.close();
  await second.close();
  await ctx.close();
});

const person = (email: string) => ({
  name: 'Double Clicker',
  phone: '+12025550183',
  email,
  password: 'Squares-2025!',
  callbackURL: '/login',
});

async function race(apps: FastifyInstance[], copies: number) {
  const email = `double-${testDatabaseKind}-${n++}@example.com`;
  const errorsBefore = lines.filter((l) => JSON.parse(l).level >= 50).length;
  const answers = await Promise.all(
    Array.from({ length: copies }, (_, i) =>
      // Each copy from its own address, as one browser retrying through different proxies would look.
      new Client(apps[i % apps.length] as FastifyInstance, `10.77.${n}.${i + 1}`).post(
        '/api/auth/sign-up/email',
        person(email),
      ),
    ),
  );
  const db = ctx.database.db;
  const users = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  const mails = await db.select().from(devOutbox).where(eq(devOutbox.to, email));
  const errors = lines.filter((l) => JSON.parse(l).level >= 50).slice(errorsBefore);
  return { email, answers, users: users.length, mails: mails.length, errors };
}

const statuses = (answers: { statusCode: number }[]) => answers.map((a) => a.statusCode).sort((a, b) => a - b);

describe('identical sign-ups at once', () => {
  const cases: [string, () => FastifyInstance[], number][] = [
    ['two on one instance', () => [ctx.app], 2],
    ['six on one instance', () => [ctx.app], 6],
    ['two across two instances', () => [ctx.app, other], 2],
    ['six across two instances', () => [ctx.app, other], 6],
  ];
  let total = 0;
  for (const [title, apps, copies] of cases) {
    it(`${title}: one 200, the rest the same clear 409, one user, one email, no error logged`, async () => {
      for (let round = 0; round < 3; round++) {
        const { answers, users, mails, errors } = await race(apps(), copies);
        expect.soft(statuses(answers)).toEqual([200, ...Array<number>(copies - 1).fill(409)]);
        for (const refused of answers.filter((a) => a.statusCode === 409)) {
          expect(refused.json()).toEqual({
            error: { code: authErrorCodes.userExists, message: authMessages.alreadyRegistered.message },
          });
        }
        expect({ users, mails, errors }).toEqual({ users: 1, mails: 1, errors: [] });
        total += copies;
      }
    });
  }

  it('a sign-up after the race answers the same 409, and a fresh address still signs up', async () => {
    const { email } = await race([ctx.app, other], 2);
    const again = await new Client(other, '10.78.0.1').post('/api/auth/sign-up/email', person(email));
    expect(again.statusCode).toBe(409);
    const fresh = await new Client(other, '10.78.0.2').post(
      '/api/auth/sign-up/email',
      person(`fresh-${testDatabaseKind}@example.com`),
    );
    expect(fresh.statusCode, fresh.body).toBe(200);
    // Every claim was released.
    const claims = await ctx.database.db.select().from(rateLimits).where(like(rateLimits.key, 'signup:%'));
    expect(claims).toEqual([]);
    console.info(
      `double sign-up (${testDatabaseKind}): ${total} concurrent sign-ups in 12 races, each 1×200 and the rest 409; ${lines.length} log lines, none at error level`,
    );
  });
});
