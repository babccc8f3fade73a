/**
 * A list's pager (000 §2.7, §9; 001 §9): page size 25/50/100, 'from–to of count items' (or 'more
 * than' when the count is unknown, -1), page buttons, and a page-jump box that answers 'Please enter
 * page 1 to {n}' outside the range.
 */
import { useState, type FormEvent } from 'react';
import { Button, Group, NativeSelect, Pagination, Text, TextInput } from '@mantine/core';
import { MSG, PAGE_SIZES } from '@wayguard/contracts';
import { pageCount, rangeText } from './paging';

type Props = {
  page: number;
  count: number;
  /** Rows matching the list; -1 when the server does not know. */
  total: number;
  /** Rows on the page shown (to tell whether another page may follow when the total is unknown). */
  rowsOnPage: number;
  onPageChange: (page: number) => void;
  onCountChange: (count: number) => void;
  pageSizes?: readonly number[];
  /** Names the pager, e.g. 'Users pages'. */
  label: string;
};

export function ListPagination({
  page,
  count,
  total,
  rowsOnPage,
  onPageChange,
  onCountChange,
  pageSizes = PAGE_SIZES,
  label,
}: Props) {
  const pages = pageCount(page, count, total, rowsOnPage);
  const [jump, setJump] = useState('');
  const [jumpError, setJumpError] = useState<string | null>(null);

  const submitJump = (e: FormEvent) => {
    e.preventDefault();
    const n = Number(jump.trim());
    if (!/^\d+$/.test(jump.trim()) || n < 1 || n > pages) {
      setJumpError(MSG.pageJump(pages));
      return;
    }
    setJumpError(null);
    setJump('');
    onPageChange(n);
  };

  return (
    <Group component="nav" aria-label={label} justify="space-between" gap="md" wrap="wrap">
      <Group gap="md" wrap="wrap">
        <NativeSelect
          label="Items per page"
          size="sm"
          w={140}
          data={pageSizes.map(String)}
          value={String(count)}
          onChange={(e) => onCountChange(Number(e.currentTarget.value))}
        />
        {rowsOnPage > 0 && (
          <Text size="sm" mt={24} data-testid="list-range" aria-live="polite">
            {rangeText(page, count, total, rowsOnPage)}
          </Text>
        )}
      </Group>
      <Group gap="md" align="flex-start" wrap="wrap">
        <Pagination
          mt={24}
          total={pages}
          value={Math.min(page, pages)}
          onChange={onPageChange}
          siblings={1}
          boundaries={1}
          getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
          getControlProps={(control) => ({
            'aria-label': { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' }[
              control
            ],
          })}
        />
        {total >= 0 && (
          <form onSubmit={submitJump} noValidate>
            <Group gap={6} align="flex-start" wrap="nowrap">
              <TextInput
                label="Go to page"
                size="sm"
                w={110}
                inputMode="numeric"
                value={jump}
                error={jumpError}
                onChange={(e) => {
                  setJump(e.currentTarget.value);
                  setJumpError(null);
                }}
              />
              <Button type="submit" variant="default" size="sm" mt={24}>
                Go
              </Button>
            </Group>
          </form>
        )}
      </Group>
    </Group>
  );
}
