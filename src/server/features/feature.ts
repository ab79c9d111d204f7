import type { FastifyInstance } from 'fastify';
import type { Random } from '../../shared/domain/boards';
import type { AppSettings } from '../config';
import type { Database, Db } from '../db/client';
import type { StreamLimits } from '../http/stream-limits';
import type { Clock } from '../platform/clock';
import type { DomainEvents } from '../platform/domain-events';
import type { EventHub } from '../platform/events';
import type { createOutboxMailer } from '../platform/mail/mailer';
import type { MailNotifications, MailSender } from '../platform/mail/notifications';
import type { Metrics } from '../platform/metrics';
import type { PaymentProvider } from '../platform/payments';
import type { createRateLimiter } from '../platform/rate-limit';
import type { Job } from '../platform/scheduler';
import type { ScoresSource } from '../platform/scores';
import type { SmsOutbox } from '../platform/sms';
import type { BlobStorage } from '../platform/storage';
import type { WorkerPool } from '../platform/workers/pool';
import type { Tasks } from '../worker';
import type { Auth, LoginAttempts } from './accounts';
import type { AdminGate } from './admin-gate';

/**
 * The platform parts every feature may use, made once per app (src/server/app-context.ts) before any feature is
 * built. A feature's own services are not here: a feature that needs another names it in its `Needs`.
 */
export interface AppContext {
  db: Db;
  database: Pick<Database, 'db' | 'ping' | 'listen' | 'poolStats'>;
  clock: Clock;
  random: Random;
  settings: AppSettings;
  log: FastifyInstance['log'];
  startedAt: Date;
  /** Every email goes through the mail outbox: this sends through it. */
  mailer: MailSender;
  /** The dev outbox: the mailer when no SMTP server is configured, and the /dev/mail page. */
  devOutbox: ReturnType<typeof createOutboxMailer>;
  /** Texts are sent through the dev outbox (no Twilio configured): the /dev/texts page shows them. */
  devTexts: boolean;
  smsOutbox: SmsOutbox;
  mailNotifications: MailNotifications;
  limiter: ReturnType<typeof createRateLimiter>;
  workers: WorkerPool<Tasks>;
  /** Live updates across instances (LISTEN/NOTIFY). */
  events: EventHub;
  /** Domain events written with a change and delivered after it commits (platform/domain-events). */
  domainEvents: DomainEvents;
  metrics: Metrics;
  payments: PaymentProvider;
  scoresSource: ScoresSource;
  storage: BlobStorage;
  streamLimits: StreamLimits;
  loginAttempts: LoginAttempts;
  auth: Auth;
  gate: AdminGate;
  /** The signed-in fan of a request's headers (null: a visitor). */
  viewerOf(headers: Headers): Promise<{ userId: string | null }>;
  userOf(headers: Headers): Promise<string | null>;
  emailOf(headers: Headers): Promise<string | null>;
  /** What a broken ledger of money does when the KPIs or a CSV read it (AppDeps.ledgerCheck). */
  ledgerCheck?: 'warn' | 'fail';
  /** Twilio's auth token, which signs its inbound webhooks; without it the inbound route refuses everything. */
  twilioAuthToken?: string;
  /** Demo boards are told apart by the seeded demo's boards and the demo rounds' slugs (the KPIs can leave them out). */
  demoBoards: { seeded: { game: string; board: string }[]; roundSlugPattern: string };
}

/**
 * One feature as the composition root sees it: what it builds from the platform parts and the features it
 * `Needs` (built before it), the routes it registers (with the features it `Uses`, built by then: the whole
 * list is built before any route is registered) and its periodic jobs.
 */
export interface Feature<Name extends string, Service, Needs = unknown, Uses = Needs> {
  name: Name;
  build(ctx: AppContext, needs: Needs): Service | Promise<Service>;
  register?(app: FastifyInstance, service: Service, ctx: AppContext, uses: Uses): Promise<void>;
  jobs?(service: Service, ctx: AppContext): Job[];
}

export const defineFeature = <const Name extends string, Service, Needs = unknown, Uses = Needs>(
  feature: Feature<Name, Service, Needs, Uses>,
) => feature;

// biome-ignore lint/suspicious/noExplicitAny: the list holds features of every service type.
type AnyFeature = Feature<string, any, any, any>;
type Missing<Have, Want> = [missing: Exclude<keyof Want, keyof Have>];

/**
 * The features in dependency order. `add` checks at compile time that what a feature needs is built before
 * it; `compose` checks that what its routes use is in the list, then builds each in order, registers their
 * routes in the same order, and answers the built services and each feature's jobs.
 */
export class FeatureList<Built = unknown, Later = unknown> {
  private constructor(private readonly features: readonly AnyFeature[]) {}

  static readonly empty = new FeatureList<unknown, unknown>([]);

  add<Name extends string, Service, Needs, Uses>(
    feature: Feature<Name, Service, Needs, Uses>,
    ...check: Built extends Needs ? [] : Missing<Built, Needs>
  ): FeatureList<Built & Record<Name, Service>, Later & Uses> {
    void check;
    return new FeatureList([...this.features, feature]);
  }

  async compose(
    app: FastifyInstance,
    ctx: AppContext,
    ...check: Built extends Later ? [] : Missing<Built, Later>
  ): Promise<{ built: Built; jobsOf: (name: keyof Built & string) => Job[] }> {
    void check;
    const built: Record<string, unknown> = {};
    for (const feature of this.features) built[feature.name] = await feature.build(ctx, built);
    for (const feature of this.features) await feature.register?.(app, built[feature.name], ctx, built);
    const jobsOf = (name: string) =>
      this.features.filter((f) => f.name === name).flatMap((f) => f.jobs?.(built[f.name], ctx) ?? []);
    return { built: built as Built, jobsOf };
  }
}
