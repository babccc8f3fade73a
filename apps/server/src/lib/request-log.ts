/** Fastify's per-request log lines, as the server writes them (used by app.ts). */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One log line per request, written when it ends, instead of Fastify's two (incoming + completed):
 * with one synchronous write per line, logging was 6-10 % of the server's CPU under load
 * (tools/bench/api.mjs with BENCH_CPU_PROF). Lines carry the request id, method, URL, status and time.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = {
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      responseTime: reply.elapsedTime,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
