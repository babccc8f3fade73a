/**
 * A list's pager bound to its controller: ListPagination with the controller's page, size and total,
 * hidden until the first page is there and when nothing matches (the empty state says so).
 */
import { ListPagination } from './ListPagination';

type Props = {
  list: {
    state: { page: number; count: number };
    total: number | undefined;
    rows: readonly unknown[] | undefined;
    setPage: (page: number) => void;
    setCount: (count: number) => void;
    definition: { pageSizes?: readonly number[] };
  };
  /** Names the pager, e.g. 'Users pages'. */
  label: string;
};

export function ListPager({ list, label }: Props) {
  if (list.total === undefined || list.rows === undefined || list.total === 0) return null;
  return (
    <ListPagination
      label={label}
      page={list.state.page}
      count={list.state.count}
      total={list.total}
      rowsOnPage={list.rows.length}
      onPageChange={(p) => list.setPage(p)}
      onCountChange={list.setCount}
      pageSizes={list.definition.pageSizes}
    />
  );
}
