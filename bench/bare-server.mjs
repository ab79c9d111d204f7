// The baseline for bench/api.mjs: a bare Fastify app with one JSON route and no plugins, logging off.
// Run as its own process (like the real server) on PORT/HOST from the environment.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', () => ({ ok: true }));

await app.listen({ host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.PORT ?? 3211) });
process.once('SIGTERM', () => app.close().then(() => process.exit(0)));
