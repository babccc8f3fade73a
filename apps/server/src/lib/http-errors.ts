/** Errors a service throws to answer with a given status and the spec's message. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}
export const badRequest = (message: string, extra?: Record<string, unknown>) => new HttpError(400, message, extra);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const forbidden = (message = 'Forbidden') => new HttpError(403, message);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(429, 'Too many requests. Please wait and try again.', { retryAfter: retryAfterSeconds });

/** Tenant-owned kinds whose ids routes take; domain/access/audit.ts knows how to find each one's owning account. */
export type TenantTarget =
  | 'user'
  | 'server_user'
  | 'enrolment_token'
  | 'device'
  | 'website'
  | 'website_group'
  | 'server_connection'
  | 'access_request'
  | 'app_request'
  /** A package name another account has an app thread of (routes name apps by package; issue 25). */
  | 'app_package';

/**
 * "Not found" for an id looked up within the session's account. Answers exactly like any other 404;
 * the error handler also audits it when the id exists in another account (a denied cross-account access).
 */
export class NotInAccount extends HttpError {
  constructor(
    readonly targetType: TenantTarget,
    /** A row id; a device's serial for 'device' (routes carry serials), a package name for 'app_package'. */
    readonly targetId: number | string,
    message = 'Not found',
  ) {
    super(404, message);
  }
}
export const notInAccount = (targetType: TenantTarget, targetId: number | string, message?: string) =>
  new NotInAccount(targetType, targetId, message);
