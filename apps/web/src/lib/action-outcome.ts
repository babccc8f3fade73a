/**
 * The pure half of the one action path (lib/use-action.ts): how an answer or an error becomes an
 * outcome, and how the server's field errors become form errors. An answer of `success: false` is a
 * failure with its own text, else 'Something went wrong. Please contact our support' (000 §8 "Save
 * returns no error text"); a thrown error reads as lib/action-error says. The server sends field
 * errors as `fields: { "telephone.area_code": "…" }` (apps/server/src/plugins/errors.ts), the paths
 * react-hook-form uses for nested inputs.
 */
import { MSG } from '@wayguard/contracts';
import { actionErrorText } from './action-error';
import { ApiError, serverMessage } from './api-client';

export type FieldErrors = Record<string, string>;

export type ActionOutcome<T> =
  | { ok: true; data: T }
  | {
      ok: false;
      /** The text to show, or null when nothing should be (401/403: the API client navigates). */
      message: string | null;
      /** Server field errors by input path; empty when the server named no field. */
      fields: FieldErrors;
      /** The server's `error_code`, when it gave one (e.g. PASSWORD_VERIFICATION_REQUIRED). */
      code?: string;
    };

/** The `fields` record of an error body, keeping only string messages. */
export function fieldErrorsOf(body: unknown): FieldErrors {
  if (!body || typeof body !== 'object' || !('fields' in body)) return {};
  const fields = (body as { fields: unknown }).fields;
  if (!fields || typeof fields !== 'object') return {};
  const out: FieldErrors = {};
  for (const [k, v] of Object.entries(fields)) if (typeof v === 'string' && v) out[k] = v;
  return out;
}

/** The `error_code` of an error body, when it is a non-empty string. */
export function errorCodeOf(body: unknown): string | undefined {
  if (!body || typeof body !== 'object' || !('error_code' in body)) return undefined;
  const code = (body as { error_code: unknown }).error_code;
  return typeof code === 'string' && code ? code : undefined;
}

function isRefusal(data: unknown): data is { success: false } {
  return typeof data === 'object' && data !== null && 'success' in data && data.success === false;
}

/**
 * An answer of 2xx: a success, unless it says `success: false`; a refusal without text reads
 * `fallback` ('Something went wrong…' unless the screen's spec names another).
 */
export function responseOutcome<T>(data: T, fallback: string = MSG.somethingWrong): ActionOutcome<T> {
  if (!isRefusal(data)) return { ok: true, data };
  const code = errorCodeOf(data);
  return {
    ok: false,
    message: serverMessage(data) ?? fallback,
    fields: fieldErrorsOf(data),
    ...(code ? { code } : {}),
  };
}

/** A thrown error (ApiError from the client, or anything else). */
export function errorOutcome(error: unknown): ActionOutcome<never> {
  // A request the user cancelled (e.g. closing the logo editor mid-upload) is nothing to report.
  if (error instanceof DOMException && error.name === 'AbortError') return { ok: false, message: null, fields: {} };
  const fields = error instanceof ApiError ? fieldErrorsOf(error.body) : {};
  const code = error instanceof ApiError ? errorCodeOf(error.body) : undefined;
  return { ok: false, message: actionErrorText(error), fields, ...(code ? { code } : {}) };
}

/**
 * Which server field errors land on which input: those whose path names a field of the form (the
 * path itself or its parent, e.g. `address.2` onto `address.2`, `telephone.number` onto
 * `telephone.number`). Returns the rest's count so that the caller knows whether the toast is needed.
 */
export function formFieldErrors(
  fields: FieldErrors,
  isField: (path: string) => boolean,
): { onInputs: [path: string, message: string][]; unplaced: number } {
  const onInputs: [string, string][] = [];
  let unplaced = 0;
  for (const [path, message] of Object.entries(fields)) {
    const parent = path.includes('.') ? path.slice(0, path.lastIndexOf('.')) : null;
    if (isField(path)) onInputs.push([path, message]);
    else if (parent !== null && isField(parent)) onInputs.push([parent, message]);
    else unplaced += 1;
  }
  return { onInputs, unplaced };
}
