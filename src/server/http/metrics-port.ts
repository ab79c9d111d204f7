import Fastify from 'fastify';
import { bearerMatches, type Metrics } from '../platform/metrics';

/**
 * A private listener for Prometheus on METRICS_PORT: GET /metrics and nothing else (the bearer token too when
 * METRICS_TOKEN is set). Bind it where only the scraper reaches it; the public port never serves metrics then.
 */
export async function serveMetrics(metrics: Metrics, opts: { host: string; port: number; token: string | undefined }) {
  const server = Fastify({ logger: false });
  server.get('/metrics', async (req, reply) => {
    if (opts.token && !bearerMatches(req.headers.authorization, opts.token)) {
      return reply.code(401).header('www-authenticate', 'Bearer').send('unauthorized\n');
    }
    reply.header('cache-control', 'no-store').type(metrics.contentType);
    return metrics.text();
  });
  await server.listen({ host: opts.host, port: opts.port });
  return server;
}
