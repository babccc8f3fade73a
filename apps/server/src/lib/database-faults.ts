/**
 * Which database failures are the database's trouble rather than the request's, and how the server
 * answers them (plugins/errors.ts): 503 with Retry-After and a message that says what happened, never a
 * bare 500. Drizzle wraps the driver's errors (DrizzleQueryError), so the causes are searched.
 * docs/decisions/server.md "Database faults the server survives (issue 25)".
 */
import { MSG } from '@wayguard/contracts';

export type DatabaseFault = { kind: 'down' | 'busy' | 'full' | 'conflict'; message: string; retryAfter: number };

type ErrorLike = { code?: unknown; syscall?: unknown; message?: unknown; cause?: unknown; errors?: unknown[] };

/** Connection failures: refused, reset, a Unix socket gone, a checkout that timed out. */
function isConnectionFailure(e: ErrorLike): boolean {
  const code = typeof e.code === 'string' ? e.code : '';
  return (
    ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT'].includes(code) ||
    // A Unix socket whose server stopped is gone (the embedded PostgreSQL's: db/embedded.ts).
    (code === 'ENOENT' && e.syscall === 'connect') ||
    // admin_shutdown, crash_shutdown, cannot_connect_now ("the database system is shutting down" or
    // "... in recovery mode"), idle_in_transaction_session_timeout (25P03), class 08 connection exceptions.
    /^(57P0[123]|25P03|08\d{3})$/.test(code) ||
    /Connection terminated|timeout exceeded when trying to connect|not queryable/i.test(
      typeof e.message === 'string' ? e.message : '',
    )
  );
}

/** The SQLSTATE codes the server answers 503 for, beside the connection failures. */
const BY_CODE: Record<string, DatabaseFault> = {
  // query_canceled (statement_timeout), lock_not_available (lock_timeout)
  '57014': { kind: 'busy', message: MSG.databaseBusy, retryAfter: 5 },
  '55P03': { kind: 'busy', message: MSG.databaseBusy, retryAfter: 5 },
  // too_many_connections
  '53300': { kind: 'busy', message: MSG.databaseBusy, retryAfter: 5 },
  // disk_full, out_of_memory, insufficient_resources
  '53100': { kind: 'full', message: MSG.databaseFull, retryAfter: 60 },
  '53200': { kind: 'full', message: MSG.databaseFull, retryAfter: 30 },
  '53000': { kind: 'full', message: MSG.databaseFull, retryAfter: 30 },
  // serialization_failure, deadlock_detected: retried by lib/db-retry.ts where the transaction allows,
  // else the client's retry is as good as ours.
  '40001': { kind: 'conflict', message: MSG.databaseBusy, retryAfter: 1 },
  '40P01': { kind: 'conflict', message: MSG.databaseBusy, retryAfter: 1 },
};
const DOWN: DatabaseFault = { kind: 'down', message: MSG.serviceUnavailable, retryAfter: 5 };

/** The fault behind `error` (searched through its causes), or null when it is not the database's. */
export function databaseFault(error: unknown, depth = 0): DatabaseFault | null {
  const e = error as ErrorLike | null | undefined;
  if (!e || typeof e !== 'object' || depth > 5) return null;
  if (isConnectionFailure(e)) return DOWN;
  const byCode = typeof e.code === 'string' ? BY_CODE[e.code] : undefined;
  if (byCode) return byCode;
  const inner = databaseFault(e.cause, depth + 1);
  if (inner) return inner;
  if (Array.isArray(e.errors))
    for (const x of e.errors) {
      const f = databaseFault(x, depth + 1);
      if (f) return f;
    }
  return null;
}

/** The SQLSTATE of a driver error, looked for through the causes; null when there is none. */
export function sqlState(error: unknown, depth = 0): string | null {
  const e = error as ErrorLike | null | undefined;
  if (!e || typeof e !== 'object' || depth > 5) return null;
  if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  return sqlState(e.cause, depth + 1);
}
