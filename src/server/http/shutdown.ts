import type { FastifyInstance } from 'fastify';

/**
 * Graceful close: once `app.close()` starts, responses that are still being served carry
 * `Connection: close`, so their keep-alive sockets end with the response instead of holding the close
 * open until the keep-alive timeout. New requests get 503 (Fastify's return503OnClosing), idle sockets
 * are closed at once (forceCloseConnections: 'idle'), in-flight requests finish.
 */
export function registerGracefulClose(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_req, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });
}
