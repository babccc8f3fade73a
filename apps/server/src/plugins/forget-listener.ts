/**
 * The app's LISTEN connection for forgets between server processes (lib/kept/broadcast.ts): made from the
 * pool's own connection settings when the app is built, closed with the app. An answer whose request sent a
 * forget leaves only once this process heard it back (`forgetsEchoed`): a sign-out or a deactivation then
 * holds in every process for the client's very next request.
 */
import fp from 'fastify-plugin';
import type pg from 'pg';
import { ForgetListener, forgetsEchoed, forgetsInFlight } from '../lib/kept/broadcast.js';

export default fp(
  async (app) => {
    const pool = (app.db as unknown as { $client: { options: pg.ClientConfig } }).$client;
    const listener = new ForgetListener({ ...pool.options }, app.log);
    app.decorate('forgetListener', listener);
    app.addHook('onClose', async () => listener.close());
    app.addHook('onSend', async (_request, reply, payload) => {
      if (forgetsInFlight() && reply.statusCode < 400) await forgetsEchoed();
      return payload;
    });
    await listener.start();
  },
  { name: 'forget-listener' },
);
