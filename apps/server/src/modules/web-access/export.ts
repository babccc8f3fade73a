/**
 * GET /node/web_access/websites/export and /media/export (002 §2.4-2.5, §7): the rows the list's
 * parameters select, without paging, with each row's access for the node, as XLSX through the shared
 * streaming export (lib/lists/xlsx-export.ts). Access comes from one pass over the node's rules
 * (domain/web-access/decide-all.ts), so the export never resolves row by row against the database.
 */
import { categoryById, MEDIA_TYPE_GROUPS, type MediaListQuery, type WebsitesListQuery } from '@wayguard/contracts';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../domain/access/actor.js';
import { exportXlsx, isoDate, safeText, type ExportStream } from '../../lib/lists/xlsx-export.js';
import { decideAll } from '../../domain/web-access/decide-all.js';
import { loadNode } from '../../domain/web-access/nodes.js';
import { managedParts } from '../../domain/web-access/managed-rows.js';
import { managedOrderSql, orderSql, selectAll, type WebsiteRow } from './repository.js';
import { rowFilterOf } from './service.js';

const MEDIA_TYPE_LABEL = new Map<string, string>(
  MEDIA_TYPE_GROUPS.flatMap((g) => g.types.map((t) => [t.key, t.label])),
);
const ACCESS_LABEL = { ALLOW: 'Allowed', BLOCK: 'Blocked' } as const;

export async function exportNodeItems(
  db: Db,
  a: Actor,
  kind: 'website' | 'media',
  q: WebsitesListQuery | MediaListQuery,
  timeZone: string,
  now = new Date(),
): Promise<ExportStream> {
  const node = await loadNode(db, a.accountId, q.type, q.id);
  const [filter, all] = await Promise.all([rowFilterOf(db, node, kind, q, now), decideAll(db, node, kind, now)]);
  const label = kind === 'media' ? 'Media' : 'Websites';
  return exportXlsx<WebsiteRow>(db, {
    sheet: label,
    columns: [
      { header: label, key: 'name', width: 40 },
      ...(kind === 'media' ? [{ header: 'Media Type', key: 'media_type', width: 16 }] : []),
      { header: 'URL', key: 'url', width: 48 },
      { header: 'Category', key: 'category', width: 24 },
      { header: 'Access', key: 'access', width: 12 },
    ],
    select: selectAll(
      a.accountId,
      filter,
      q.sort_by === 'managed'
        ? managedOrderSql(await managedParts(db, node, kind), q.reverse_order)
        : orderSql(q.sort_by, q.reverse_order),
    ),
    toCells: (r) => ({
      name: safeText(r.name),
      media_type: safeText(MEDIA_TYPE_LABEL.get(r.media_type ?? '') ?? r.media_type ?? ''),
      url: safeText(r.url),
      category: safeText(r.category_id === null ? '' : (categoryById(r.category_id)?.name ?? '')),
      access: ACCESS_LABEL[all.decided.get(r.id) ?? all.fallback],
    }),
    filename: `${kind === 'media' ? 'media' : 'websites'}-${safeText(node.name).replace(/[^\w.-]+/g, '_')}-${isoDate(now, timeZone)}.xlsx`,
  });
}
