import { errorCodes } from '../../../shared/contracts/errors';
import { apiPaths } from '../../../shared/contracts/paths';
import { errorBody } from '../../http/errors';
import { bearerMatches } from '../../platform/metrics';
import { defineFeature } from '../feature';
import { healthRoutes } from './routes';

/** Health and readiness, and the Prometheus metrics behind their bearer token. */
export const healthFeature = defineFeature({
  name: 'health',
  build: () => undefined,
  async register(app, _service, ctx) {
    const { metrics, settings } = ctx;
    await app.register(healthRoutes, {
      apiGroup: 'health',
      ping: ctx.database.ping,
      realtime: ctx.events.state,
      clock: ctx.clock,
      startedAt: ctx.startedAt,
    });
    // Metrics are not public: here only with the bearer token; otherwise this port does not have them.
    app.get(apiPaths.metrics, { schema: { hide: true }, logLevel: 'warn' }, async (req, reply) => {
      const token = settings.metricsToken;
      if (!token || !bearerMatches(req.headers.authorization, token)) {
        return reply.code(404).send(errorBody(errorCodes.notFound, 'Not found.'));
      }
      reply.header('cache-control', 'no-store').type(metrics.contentType);
      return metrics.text();
    });
  },
});
