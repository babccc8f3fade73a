/** Sample calls of routes (policy.ts SAMPLES) as requests, and the context the samples refer to. */
import { sql } from 'drizzle-orm';
import {
  MUTATING,
  concretePath,
  withQuery,
  type Request,
  type RouteInfo,
  type SecurityApp,
  type Session,
} from './context.js';
import { SAMPLES, encodeMultipart, type Sample, type SampleCtx } from './policy.js';

export const MULTIPART_BOUNDARY = 'wgSecuritySuiteBoundary';

/** The request for a sample of a route, as `session` (and its CSRF token unless overridden). */
export function requestOf(route: RouteInfo, sample: Sample, session?: Session): Request {
  const url = withQuery(concretePath(route.url, sample.params), sample.query);
  const r: Request = { method: route.method, url, session };
  if (sample.multipart) {
    r.body = encodeMultipart(sample.multipart, MULTIPART_BOUNDARY);
    r.contentType = `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`;
  } else if (MUTATING.includes(route.method)) {
    r.body = JSON.stringify(sample.body ?? {});
  }
  return r;
}

export function sampleOf(route: RouteInfo, ctx: SampleCtx): Sample {
  const make = SAMPLES[route.key];
  if (!make) throw new Error(`no sample for ${route.key}: add one to SAMPLES in test/security/policy.ts`);
  return make(ctx);
}

/** The sample context for `actor` acting on `target` (a console user of the same account). */
export async function sampleCtx(t: SecurityApp, actor: string, target: string): Promise<SampleCtx> {
  const user = async (name: string) => {
    const r = await t.db.execute<{ id: number; email: string; account_id: number }>(
      sql`SELECT id, email, account_id FROM users WHERE lower(username) = ${name.toLowerCase()}`,
    );
    if (!r.rows[0]) throw new Error(`no user ${name}`);
    return r.rows[0];
  };
  const a = await user(actor);
  const u = await user(target);
  const su = await t.db.execute<{ id: number }>(
    sql`SELECT id FROM server_users WHERE account_id = ${a.account_id} AND status = 'activated' ORDER BY id LIMIT 1`,
  );
  const terms = await t.db.execute<{ id: number }>(
    sql`SELECT id FROM agreements WHERE kind = 'terms_of_use' ORDER BY published_at DESC, id DESC LIMIT 1`,
  );
  return {
    actor: { id: a.id, email: a.email },
    user: { id: u.id, email: u.email },
    serverUser: su.rows[0]?.id ?? 1,
    agreementId: terms.rows[0]?.id ?? 1,
  };
}
