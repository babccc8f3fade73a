/** One error shape for every answer; no stack traces or SQL in bodies. */
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError, NotInAccount } from '../lib/http-errors.js';
import { auditCrossAccountMiss } from '../lib/audit.js';
import { MSG } from '@wayguard/contracts';

/** Connection failures, looked for through the causes: Drizzle wraps driver errors in a DrizzleQueryError. */
function isDatabaseDown(error: unknown, depth = 0): boolean {
  const e = error as
    { code?: string; syscall?: string; message?: string; cause?: unknown; errors?: unknown[] } | null | undefined;
  if (!e || depth > 5) return false;
  if (
    ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT'].includes(e.code ?? '') ||
    // A Unix socket whose server stopped is gone (the embedded PostgreSQL's: db/embedded.ts).
    (e.code === 'ENOENT' && e.syscall === 'connect') ||
    // admin_shutdown, crash_shutdown, cannot_connect_now ("the database system is shutting down"),
    // and class 08, connection exceptions.
    /^(57P0[123]|08\d{3})$/.test(e.code ?? '') ||
    /Connection terminated|timeout exceeded when trying to connect|not queryable/i.test(e.message ?? '')
  )
    return true;
  return (
    isDatabaseDown(e.cause, depth + 1) ||
    (Array.isArray(e.errors) && e.errors.some((x) => isDatabaseDown(x, depth + 1)))
  );
}

export default fp(async (app) => {
  app.setErrorHandler(async (error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const v of error.validation) {
        const key = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
        if (!fields[key]) fields[key] = v.message ?? 'Invalid value';
      }
      const first = Object.values(fields)[0] ?? MSG.lastActionFailed;
      return reply.code(400).send({ success: false, error: first, error_message: first, fields });
    }
    if (error instanceof NotInAccount && request.actor) {
      // Same 404 either way; an id of another account is also recorded as a denied cross-account access.
      await auditCrossAccountMiss(app.db, request.actor, error, {
        method: request.method,
        route: request.routeOptions.url ?? request.url,
      }).catch((err: unknown) => request.log.error({ err }, 'cross-account audit failed'));
    }
    if (error instanceof HttpError) {
      if (error.statusCode === 429 && typeof error.extra.retryAfter === 'number')
        void reply.header('retry-after', String(error.extra.retryAfter));
      return reply
        .code(error.statusCode)
        .send({ success: false, error: error.message, error_message: error.message, ...error.extra });
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      const message =
        status === 415 ? 'Unsupported media type' : status === 413 ? 'Payload too large' : MSG.lastActionFailed;
      return reply.code(status).send({ success: false, error: message, error_message: message });
    }
    if (isDatabaseDown(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send({ success: false, error: 'Service temporarily unavailable' });
    }
    // 22021: text the database cannot hold (e.g. NUL); bad input, not a fault.
    const pgCode =
      (error as { code?: string; cause?: { code?: string } }).code ??
      (error as { cause?: { code?: string } }).cause?.code;
    if (pgCode === '22021' || pgCode === '22P05') {
      return reply.code(400).send({ success: false, error: MSG.lastActionFailed, error_message: MSG.lastActionFailed });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ success: false, error: MSG.somethingWrong, error_message: MSG.somethingWrong });
  });
});
