/** Sample calls of routes (policy.ts SAMPLES) as requests, and the context the samples refer to. */
import { MUTATING, concretePath, withQuery, type Request, type RouteInfo, type Session } from './context.js';
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

export { sampleCtx } from './context.js';
