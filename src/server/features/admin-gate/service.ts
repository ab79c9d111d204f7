import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { adminSessions } from '../../db/schema';
import { clientKey } from '../../http/client-address';
import type { Clock } from '../../platform/clock';
import type { RateLimiter } from '../../platform/rate-limit';
import type { LoginAttempts } from '../accounts';
import { verifyPassword } from '../accounts';

export const adminGateRules = {
  /** Five failures from one IP in 15 minutes lock the gate for 15 minutes. */
  lockout: { max: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 },
  /** Step 2 must follow step 1 within 5 minutes. */
  stepMs: 5 * 60_000,
  idleMs: 30 * 60_000,
  maxAgeMs: 8 * 60 * 60_000,
} as const;

/** Who is acting in admin: the session's short id (from its token hash) and the IP that opened it. */
export interface AdminSession {
  id: string;
  ip: string | null;
}

export type GateResult =
  | { ok: true; token: string }
  | { ok: false; reason: 'invalid' | 'locked' | 'step-expired'; lockedUntil?: Date };

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

interface Deps {
  db: Db;
  clock: Clock;
  limiter: RateLimiter;
  loginAttempts: LoginAttempts;
  /** argon2id hashes of the 8-character passcode and of the lower-cased second phrase. */
  passcodeHash: string;
  phraseHash: string;
}

/** The two-step admin gate (docs/product.md#admin-gate), enforced on the server with admin sessions in PostgreSQL. */
export function createAdminGate(deps: Deps) {
  const { db, clock, limiter, loginAttempts } = deps;
  const lockKey = (ip: string) => `admin-gate:${clientKey(ip)}`;

  async function issue(stage: 'passcode' | 'admin', ip: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = clock.now();
    await db.insert(adminSessions).values({ tokenHash: sha256(token), stage, createdAt: now, lastSeenAt: now, ip });
    return token;
  }

  async function find(token: string | undefined) {
    if (!token) return undefined;
    const [row] = await db
      .select()
      .from(adminSessions)
      .where(eq(adminSessions.tokenHash, sha256(token)));
    return row;
  }

  function isLive(row: { stage: string; createdAt: Date; lastSeenAt: Date }, now: Date): boolean {
    if (row.stage === 'passcode') return now.getTime() - row.createdAt.getTime() <= adminGateRules.stepMs;
    return (
      now.getTime() - row.lastSeenAt.getTime() <= adminGateRules.idleMs &&
      now.getTime() - row.createdAt.getTime() <= adminGateRules.maxAgeMs
    );
  }

  async function fail(ip: string, userAgent: string | null): Promise<GateResult> {
    const lockedUntil = await limiter.recordFailure(lockKey(ip), adminGateRules.lockout);
    await loginAttempts.record({ status: 'admin_gate_failed', ip, userAgent });
    return { ok: false, reason: 'invalid', lockedUntil };
  }

  return {
    lockedUntil: (ip: string) => limiter.lockedUntil(lockKey(ip)),

    async stage(token: string | undefined): Promise<'none' | 'passcode' | 'admin'> {
      const row = await find(token);
      return row && isLive(row, clock.now()) ? row.stage : 'none';
    },

    async passcode(input: { passcode: string; ip: string; userAgent: string | null }): Promise<GateResult> {
      const lockedUntil = await limiter.lockedUntil(lockKey(input.ip));
      if (lockedUntil) {
        await loginAttempts.record({ status: 'locked', ip: input.ip, userAgent: input.userAgent });
        return { ok: false, reason: 'locked', lockedUntil };
      }
      if (!(await verifyPassword(deps.passcodeHash, input.passcode))) return fail(input.ip, input.userAgent);
      await loginAttempts.record({ status: 'admin_gate_step1', ip: input.ip, userAgent: input.userAgent });
      return { ok: true, token: await issue('passcode', input.ip) };
    },

    async phrase(input: {
      token: string | undefined;
      phrase: string;
      ip: string;
      userAgent: string | null;
    }): Promise<GateResult> {
      const lockedUntil = await limiter.lockedUntil(lockKey(input.ip));
      if (lockedUntil) {
        await loginAttempts.record({ status: 'locked', ip: input.ip, userAgent: input.userAgent });
        return { ok: false, reason: 'locked', lockedUntil };
      }
      const step = await find(input.token);
      if (step?.stage !== 'passcode' || !isLive(step, clock.now())) return { ok: false, reason: 'step-expired' };
      if (!(await verifyPassword(deps.phraseHash, input.phrase.trim().toLowerCase()))) {
        return fail(input.ip, input.userAgent);
      }
      // The step-1 token is spent; the admin session gets a fresh one.
      await db.delete(adminSessions).where(eq(adminSessions.tokenHash, step.tokenHash));
      await loginAttempts.record({ status: 'admin_gate_passed', ip: input.ip, userAgent: input.userAgent });
      return { ok: true, token: await issue('admin', input.ip) };
    },

    /**
     * The live admin session (a short public id for the audit log, and the IP that opened it), or null;
     * slides its idle timer.
     */
    async authorize(token: string | undefined): Promise<AdminSession | null> {
      const row = await find(token);
      const now = clock.now();
      if (row?.stage !== 'admin' || !isLive(row, now)) return null;
      await db.update(adminSessions).set({ lastSeenAt: now }).where(eq(adminSessions.tokenHash, row.tokenHash));
      return { id: row.tokenHash.slice(0, 8), ip: row.ip };
    },

    async signOut(token: string | undefined): Promise<void> {
      if (token) await db.delete(adminSessions).where(eq(adminSessions.tokenHash, sha256(token)));
      // Housekeeping: drop sessions that can no longer be used.
      await db
        .delete(adminSessions)
        .where(and(lt(adminSessions.createdAt, new Date(clock.now().getTime() - adminGateRules.maxAgeMs))));
    },
  };
}
export type AdminGate = ReturnType<typeof createAdminGate>;
