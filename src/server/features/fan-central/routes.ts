import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  achievementResponseSchema,
  addFavoriteSchema,
  createAchievementSchema,
  createGamingTrophySchema,
  createTrophyItemSchema,
  type EntryLinksResult,
  entryLinkMessages,
  entryLinksResultSchema,
  entryLinksSchema,
  fanCardSchema,
  fanCentralErrorCodes,
  fanProfileResponseSchema,
  favoriteListParamsSchema,
  favoriteParamsSchema,
  favoritesResponseSchema,
  gamingHandlesSchema,
  gamingPageProfileInputSchema,
  gamingPageProfileResponseSchema,
  gamingProfileResponseSchema,
  gamingTrophyResponseSchema,
  itemParamsSchema,
  localImportResultSchema,
  localImportSchema,
  localImportStatusSchema,
  trophyItemResponseSchema,
  updateAchievementSchema,
} from '../../../shared/contracts/fan-central';
import { apiPaths } from '../../../shared/contracts/paths';
import { fanProfileMessages, favoriteListOfSlug } from '../../../shared/domain/fan-profile';
import { sessionHeaders } from '../../http/cookies';
import { AppError, TooManyRequestsError } from '../../http/errors';
import type { Clock } from '../../platform/clock';
import type { RateLimiter } from '../../platform/rate-limit';
import type { FanCentralService } from './service';

const fan = apiPaths.fanProfile;
const gaming = apiPaths.gamingProfile;

/**
 * A signed-in fan's own Fan Central data under /api/me/…: nothing here takes another account's id, and
 * item ids that are not the fan's own answer 404 exactly like ids that do not exist. Visitors get 401
 * (their data lives in the browser).
 */
export const fanCentralRoutes: FastifyPluginAsyncZod<{
  service: FanCentralService;
  /** The signed-in user's id from the request's cookies, or null for a visitor. */
  userOf: (headers: Headers) => Promise<string | null>;
  /** Links entries to an account by ticket (the boards feature). */
  linkEntries: (input: { tickets: string[]; userId: string }) => Promise<EntryLinksResult>;
  limiter: Pick<RateLimiter, 'hit'>;
  clock: Clock;
}> = async (app, { service, userOf, linkEntries, limiter, clock }) => {
  // The session is checked before the body is validated: a visitor learns nothing but "sign in".
  const users = new WeakMap<FastifyRequest, string>();
  const signIn = () => new AppError(401, fanCentralErrorCodes.signInRequired, fanProfileMessages.signInRequired);
  app.addHook('onRequest', async (req, reply) => {
    const headers = sessionHeaders(req.headers.cookie);
    const userId = req.headers.cookie ? await userOf(headers) : null;
    if (!userId) throw signIn();
    users.set(req, userId);
    // Personal data: never stored by shared caches or kept by the browser's back/forward cache.
    reply.header('cache-control', 'no-store');
  });
  const me = (req: FastifyRequest): string => {
    const userId = users.get(req);
    if (!userId) throw signIn();
    return userId;
  };
  /** DELETE at `path` (an `:id` pattern): removes one of the fan's own items, 204 when done. */
  const removeRoute = (path: string, remove: (userId: string, id: string) => Promise<void>) =>
    app.delete(path, { schema: { params: itemParamsSchema } }, async (req, reply) => {
      await remove(me(req), req.params.id);
      return reply.code(204).send();
    });

  // ---- fan profile ----
  app.get(fan.profile, { schema: { response: { 200: fanProfileResponseSchema } } }, async (req) => ({
    profile: await service.fanProfile(me(req)),
  }));

  app.put(fan.card, { schema: { body: fanCardSchema, response: { 200: fanProfileResponseSchema } } }, async (req) => ({
    profile: await service.saveCard(me(req), req.body),
  }));

  app.post(
    fan.favorites.pattern,
    {
      schema: { params: favoriteListParamsSchema, body: addFavoriteSchema, response: { 200: favoritesResponseSchema } },
    },
    async (req) => service.addFavorite(me(req), favoriteListOfSlug(req.params.list), req.body.value),
  );

  app.delete(
    fan.favorite.pattern,
    { schema: { params: favoriteParamsSchema, response: { 200: favoritesResponseSchema } } },
    async (req) => service.removeFavorite(me(req), favoriteListOfSlug(req.params.list), req.params.value),
  );

  app.post(
    fan.trophies,
    { schema: { body: createTrophyItemSchema, response: { 201: trophyItemResponseSchema } } },
    async (req, reply) => reply.code(201).send({ trophy: await service.addTrophyItem(me(req), req.body) }),
  );

  removeRoute(fan.trophy.pattern, service.removeTrophyItem);

  // ---- gaming profile ----
  app.get(gaming.profile, { schema: { response: { 200: gamingProfileResponseSchema } } }, async (req) => ({
    profile: await service.gamingProfile(me(req)),
  }));

  app.put(
    gaming.handles,
    { schema: { body: gamingHandlesSchema, response: { 200: gamingProfileResponseSchema } } },
    async (req) => ({ profile: await service.saveHandles(me(req), req.body) }),
  );

  app.post(gaming.importFromPage, { schema: { response: { 200: gamingProfileResponseSchema } } }, async (req) => ({
    profile: await service.importHandlesFromPage(me(req)),
  }));

  app.post(
    gaming.achievements,
    { schema: { body: createAchievementSchema, response: { 201: achievementResponseSchema } } },
    async (req, reply) => reply.code(201).send({ achievement: await service.addAchievement(me(req), req.body) }),
  );

  app.patch(
    gaming.achievement.pattern,
    {
      schema: { params: itemParamsSchema, body: updateAchievementSchema, response: { 200: achievementResponseSchema } },
    },
    async (req) => ({ achievement: await service.setTrackingLink(me(req), req.params.id, req.body.trackingLink) }),
  );

  removeRoute(gaming.achievement.pattern, service.removeAchievement);

  app.post(
    gaming.trophies,
    { schema: { body: createGamingTrophySchema, response: { 201: gamingTrophyResponseSchema } } },
    async (req, reply) => reply.code(201).send({ trophy: await service.addGamingTrophy(me(req), req.body) }),
  );

  removeRoute(gaming.trophy.pattern, service.removeGamingTrophy);

  // ---- gaming page profile (the gaming hub) ----
  app.get(
    apiPaths.gamingPageProfile,
    { schema: { response: { 200: gamingPageProfileResponseSchema } } },
    async (req) => ({
      profile: await service.pageProfile(me(req)),
    }),
  );

  app.put(
    apiPaths.gamingPageProfile,
    { schema: { body: gamingPageProfileInputSchema, response: { 200: gamingPageProfileResponseSchema } } },
    async (req) => ({ profile: await service.savePageProfile(me(req), req.body) }),
  );

  // ---- the one-time import of a visitor's local data ----
  app.get(apiPaths.localImport, { schema: { response: { 200: localImportStatusSchema } } }, async (req) =>
    service.importStatus(me(req)),
  );

  app.post(
    apiPaths.localImport,
    { schema: { body: localImportSchema, response: { 200: localImportResultSchema } } },
    async (req) => service.importLocal(me(req), req.body),
  );

  // ---- a visitor's entries kept in the account (offered with the import) ----
  app.post(
    apiPaths.entryLinks,
    { schema: { body: entryLinksSchema, response: { 200: entryLinksResultSchema } } },
    async (req) => {
      const userId = me(req);
      const { allowed, retryAt } = await limiter.hit(`entry-links:${userId}`, entryLinksPerHour);
      if (!allowed) {
        throw new TooManyRequestsError(
          fanCentralErrorCodes.entryLinksRateLimited,
          entryLinkMessages.rateLimited,
          retryAt,
          clock.now(),
        );
      }
      return linkEntries({ tickets: req.body.tickets, userId });
    },
  );
};

/** Linking entries is a once-after-sign-in step: a few tries an hour per account are plenty. */
export const entryLinksPerHour = { max: 10, windowMs: 60 * 60_000 };
