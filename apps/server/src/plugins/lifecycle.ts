/**
 * Graceful shutdown (main.ts): once draining, every new request answers 503 with Retry-After and its
 * connection closes; `app.drain()` resolves when the requests already in flight are done.
 */
import fp from 'fastify-plugin';
import { MSG } from '@wayguard/contracts';

export default fp(
  async (app) => {
    const lifecycle = { draining: false, inFlight: 0, idle: [] as (() => void)[] };
    app.addHook('onRequest', async (request, reply) => {
      if (lifecycle.draining) {
        return reply
          .code(503)
          .header('retry-after', '5')
          .header('connection', 'close')
          .header('cache-control', 'no-store')
          .send({ success: false, error: MSG.serviceUnavailable, error_message: MSG.serviceUnavailable });
      }
      lifecycle.inFlight++;
      // 'close' fires once the answer is sent or the client went away, so an aborted request is not counted forever.
      reply.raw.once('close', () => {
        lifecycle.inFlight--;
        if (lifecycle.inFlight === 0) for (const resolve of lifecycle.idle.splice(0)) resolve();
      });
    });
    app.decorate('drain', async (maxWaitMs: number) => {
      lifecycle.draining = true;
      if (lifecycle.inFlight === 0) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, maxWaitMs);
        lifecycle.idle.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    });
  },
  { name: 'lifecycle' },
);
