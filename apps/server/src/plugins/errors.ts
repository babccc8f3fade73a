/** One error shape for every answer; no stack traces or SQL in bodies. */
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError, NotInAccount } from '../lib/http-errors.js';
import { auditCrossAccountMiss } from '../domain/access/audit.js';
import { MSG } from '@wayguard/contracts';
import { databaseFault, sqlState } from '../lib/database-faults.js';

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
    // The database's trouble, not the request's (lib/database-faults.ts): 503 with Retry-After.
    const fault = databaseFault(error);
    if (fault) {
      request.log.error({ err: error, fault: fault.kind }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', String(fault.retryAfter))
        .send({ success: false, error: fault.message, error_message: fault.message });
    }
    // 22021: text the database cannot hold (e.g. NUL); bad input, not a fault.
    const pgCode = sqlState(error);
    if (pgCode === '22021' || pgCode === '22P05') {
      return reply.code(400).send({ success: false, error: MSG.lastActionFailed, error_message: MSG.lastActionFailed });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ success: false, error: MSG.somethingWrong, error_message: MSG.somethingWrong });
  });
});
