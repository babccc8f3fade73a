/**
 * Rate limits declared on the route: `config: { rateLimit: { key: 'users_export', perMinute: 5 } }`
 * (per signed-in user) or `{ key: 'login', perMinute: 10, by: 'ip' }` (per client address). Checked
 * after validation and before the handler; past the limit the answer is 429 with Retry-After.
 * Windows live in PostgreSQL (lib/rate-limit.ts), so every API process shares them.
 */
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { DbOrTx } from '../db/client.js';
import { hit } from '../lib/rate-limit.js';
import { tooManyRequests } from '../lib/http-errors.js';

export type RateLimitRule = {
  /** Names the counter; two routes with one key share it. */
  key: string;
  /** Calls allowed in any 60 seconds (a number, or read from the configuration). */
  perMinute: number | ((config: Config) => number);
  /** Counted per signed-in user (the default) or per client address. */
  by?: 'user' | 'ip';
};

/** The counter's key: `rl:<key>:u:<user id>` per user, `rl:<key>:<address>` per address. */
export function rateLimitKey(rule: RateLimitRule, request: FastifyRequest): string {
  if (rule.by === 'ip') return `rl:${rule.key}:${request.ip}`;
  if (!request.actor) throw new Error(`per-user rate limit ${rule.key} on a route without a session`);
  return `rl:${rule.key}:u:${request.actor.userId}`;
}

/** Adds one call to each rule's window; throws 429 once one is past its limit. */
export async function enforceRateLimits(
  db: DbOrTx,
  config: Config,
  request: FastifyRequest,
  rules: readonly RateLimitRule[],
): Promise<void> {
  for (const rule of rules) {
    const limit = typeof rule.perMinute === 'function' ? rule.perMinute(config) : rule.perMinute;
    const w = await hit(db, rateLimitKey(rule, request), 60);
    if (w.count > limit) throw tooManyRequests(w.retryAfterSeconds);
  }
}

export default fp(
  async (app) => {
    app.addHook('onRoute', (route) => {
      const declared = route.config?.rateLimit;
      if (!declared) return;
      const rules = Array.isArray(declared) ? declared : [declared as RateLimitRule];
      if (rules.some((r) => (r.by ?? 'user') === 'user') && route.config?.public === true)
        throw new Error(`${String(route.method)} ${route.url}: a per-user rate limit needs a private route`);
    });
    app.addHook('preHandler', async (request) => {
      const declared = request.routeOptions.config?.rateLimit;
      if (!declared) return;
      const rules: readonly RateLimitRule[] = Array.isArray(declared) ? declared : [declared as RateLimitRule];
      await enforceRateLimits(app.db, app.config, request, rules);
    });
  },
  { name: 'rate-limit' },
);
