/** Fastify's per-request log lines, as the server writes them (used by app.ts). */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * Query keys whose values are credentials, never written to the log: activation tokens (`token`),
 * block-page tickets (`t`), and anything named like a password, secret, token, PIN or one-time code.
 */
const SECRET_QUERY_KEY = /^(t|token)$|password|passwd|secret|token|credential|otp|pin$/i;
export const REDACTED = '[redacted]';

function decodedKey(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

/** The URL as logged: the path, and the query with the values of secret keys replaced by [redacted]. */
export function loggableUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((part) => {
      const eq = part.indexOf('=');
      const key = eq < 0 ? part : part.slice(0, eq);
      return SECRET_QUERY_KEY.test(decodedKey(key)) ? `${key}=${REDACTED}` : part;
    })
    .join('&');
  return `${url.slice(0, q)}?${query}`;
}

/**
 * One log line per request, written when it ends, instead of Fastify's two (incoming + completed):
 * with one synchronous write per line, logging was 6-10 % of the server's CPU under load
 * (tools/bench/api.mjs with BENCH_CPU_PROF). Lines carry the request id, method, URL (credentials in
 * its query redacted: loggableUrl), the matched route, status and time.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = {
      method: request.method,
      url: loggableUrl(request.url),
      route: request.routeOptions.url,
      statusCode: reply.statusCode,
      responseTime: reply.elapsedTime,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
