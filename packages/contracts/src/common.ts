/** Shapes every endpoint shares: the success answer, the error body, query-string flags (000 §7, §8). */
import { z } from 'zod';
import { ID_MAX } from './constants.js';

/** The spec's generic answer to a mutating call: success, with error text when it failed. */
export const successResponse = z.object({ success: z.boolean(), error: z.string().optional() });
export type SuccessResponse = z.infer<typeof successResponse>;

/** Body of every 4xx/5xx answer. `error` is the text the UI may show. */
export const errorResponse = z.object({
  success: z.literal(false),
  error: z.string(),
  error_message: z.string().optional(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

/** Query-string booleans arrive as '1'/'0'/'true'/'false'. */
export const queryFlag = z
  .union([z.literal('1'), z.literal('0'), z.literal('true'), z.literal('false')])
  .transform((v) => v === '1' || v === 'true');

/** A row id in a body, and in a query string (where it arrives as text). */
export const idField = z.number().int().positive().max(ID_MAX);
export const idQueryField = z.coerce.number().int().positive().max(ID_MAX);

/** A selected row id whose absence the form reports with one message (country codes: 000 §5). */
export const chosenIdField = (message: string) =>
  z.number({ error: message }).int(message).positive(message).max(ID_MAX, message);
