/**
 * The app's LISTEN connection for forgets between server processes (lib/kept/broadcast.ts): made from the
 * pool's own connection settings when the app is built, closed with the app.
 */
import fp from 'fastify-plugin';
import type pg from 'pg';
import { ForgetListener } from '../lib/kept/broadcast.js';

export default fp(
  async (app) => {
    const pool = (app.db as unknown as { $client: { options: pg.ClientConfig } }).$client;
    const listener = new ForgetListener({ ...pool.options }, app.log);
    app.decorate('forgetListener', listener);
    app.addHook('onClose', async () => listener.close());
    await listener.start();
  },
  { name: 'forget-listener' },
);
