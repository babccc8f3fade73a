/**
 * Parameters every paged list shares (page, count, sort_by, reverse_order, query) and the export answer:
 * GET /users, GET /users/export and the coming lists (000 §2.7, §7, §7.3, §9; 001 §4-5).
 */
import { z } from 'zod';
import { LIST_PAGE_MAX, LIST_QUERY_MAX, PAGE_DEFAULT, PAGE_SIZE_DEFAULT, PAGE_SIZES } from './constants.js';
import { queryFlag } from './common.js';

/** Common list parameters (page, count, sort_by, reverse_order, query) of every paged list. */
export const listQuery = z.object({
  page: z.coerce.number().int().min(1).max(LIST_PAGE_MAX).default(PAGE_DEFAULT),
  count: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), 'Page size must be 25, 50 or 100')
    .default(PAGE_SIZE_DEFAULT),
  reverse_order: queryFlag.optional(),
  query: z.string().max(LIST_QUERY_MAX).optional(),
});

/** Exports answer base64 XLSX content and a file name (000 §7). */
export const exportResponse = z.object({ content: z.string(), filename: z.string() });
export type ExportResponse = z.infer<typeof exportResponse>;

/** A comma list of known keys; empty parts are ignored, an unknown key is refused. */
export function commaList<const T extends readonly string[]>(keys: T, message: string) {
  return z
    .string()
    .max(512)
    .transform((v, ctx) => {
      const parts = v
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean);
      const unknown = parts.filter((p) => !(keys as readonly string[]).includes(p));
      if (unknown.length > 0) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return [...new Set(parts)] as T[number][];
    });
}
