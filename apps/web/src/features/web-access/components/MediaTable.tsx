/**
 * The media table (002 §2.5): Media (sortable by name), Media Type (sortable by media_type) and Access;
 * a row opens an accordion with its media info (5 columns with the toggle, 002 §9), prefetched when
 * the row is hovered or focused.
 */
import { Box } from '@mantine/core';
import type { ReactNode } from 'react';
import type { WebAccessItem } from '@wayguard/contracts';
import { ListEmptyState, ListTable, type ListColumn } from '../../../components/list';
import { usePrefetchMediaInfo } from '../api/media-info';
import { mediaTypeLabel } from '../lib/media-info';
import { MediaDetails } from './MediaDetails';
import { SiteName, accessColumns, type RowHandlers } from './WebsitesTable';

export const NO_MEDIA = 'No media found';

type Sort = 'managed' | 'name' | 'media_type';

type Props = RowHandlers & {
  rows: WebAccessItem[] | undefined;
  busy: boolean;
  sortBy: Sort;
  reverse: boolean;
  onSort: (sortBy: Sort, firstReverse: boolean) => void;
};

export function MediaTable({ rows, busy, sortBy, reverse, onSort, ...handlers }: Props) {
  const prefetch = usePrefetchMediaInfo();
  const hover = (row: WebAccessItem, content: ReactNode) => (
    <Box onMouseEnter={() => prefetch(row.id)} onFocus={() => prefetch(row.id)}>
      {content}
    </Box>
  );
  const columns: ListColumn<WebAccessItem, Sort>[] = [
    {
      key: 'name',
      header: 'Media',
      sort: { key: 'name', kind: 'text' },
      rowHeader: true,
      render: (row) => hover(row, <SiteName row={row} />),
    },
    {
      key: 'media_type',
      header: 'Media Type',
      sort: { key: 'media_type', kind: 'text' },
      render: (row) => hover(row, mediaTypeLabel(row.media_type)),
    },
    ...accessColumns<Sort>(handlers).map((c) => ({ ...c, render: (row: WebAccessItem) => hover(row, c.render(row)) })),
  ];
  return (
    <ListTable
      caption="Media"
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      busy={busy}
      empty={<ListEmptyState text={NO_MEDIA} />}
      sortBy={sortBy}
      reverse={reverse}
      onSort={onSort}
      minWidth={520}
      expand={{ render: (row) => <MediaDetails websiteId={row.id} name={row.name} />, label: (row) => row.name }}
    />
  );
}
