import { describe, expect, it } from 'vitest';
import { PgDialect } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { listQuery } from '@wayguard/contracts';
import { likePattern, listPage, pageWindow, searchText, sortColumn, sortDirection } from './paging.js';

const dialect = new PgDialect();
const text = (q: ReturnType<typeof sql>) => dialect.sqlToQuery(q).sql;

describe('list paging helpers', () => {
  it('turns page and count into LIMIT/OFFSET', () => {
    expect(pageWindow({ page: 1, count: 25 })).toEqual({ limit: 25, offset: 0 });
    expect(pageWindow({ page: 3, count: 50 })).toEqual({ limit: 50, offset: 100 });
  });

  it('takes the page limits from the list contract', () => {
    expect(listQuery.parse({})).toMatchObject({ page: 1, count: 25 });
    expect(listQuery.safeParse({ count: '30' }).success).toBe(false);
    expect(listQuery.safeParse({ page: '0' }).success).toBe(false);
    expect(listQuery.safeParse({ page: '1000001' }).success).toBe(false);
    expect(listQuery.safeParse({ query: 'x'.repeat(101) }).success).toBe(false);
  });

  it('escapes LIKE wildcards so that a search matches literally', () => {
    expect(likePattern('a_b')).toBe('%a\\_b%');
    expect(likePattern('100%')).toBe('%100\\%%');
    expect(likePattern('back\\slash')).toBe('%back\\\\slash%');
    expect(likePattern('plain')).toBe('%plain%');
  });

  it('ignores a blank search', () => {
    expect(searchText({ query: '  ' })).toBeNull();
    expect(searchText({})).toBeNull();
    expect(searchText({ query: ' ann ' })).toBe('ann');
  });

  it('sorts by the contract key’s column, ascending unless reversed', () => {
    const columns = { username: sql`u.username`, last_name: sql`u.last_name` } as const;
    expect(text(sortColumn(columns, 'last_name'))).toBe('u.last_name');
    expect(text(sql`${sortDirection({})}`)).toBe('ASC');
    expect(text(sql`${sortDirection({ reverse_order: true })}`)).toBe('DESC');
  });

  it('counts first and reads no rows for an empty list or a page past the end', async () => {
    const reads: { limit: number; offset: number }[] = [];
    const rows = async (w: { limit: number; offset: number }) => {
      reads.push(w);
      return ['row'];
    };
    expect(await listPage({ page: 1, count: 25 }, async () => 0, rows)).toEqual({ rows: [], total: 0 });
    expect(await listPage({ page: 3, count: 25 }, async () => 50, rows)).toEqual({ rows: [], total: 50 });
    expect(reads).toEqual([]);
    expect(await listPage({ page: 2, count: 25 }, async () => 26, rows)).toEqual({ rows: ['row'], total: 26 });
    expect(reads).toEqual([{ limit: 25, offset: 25 }]);
  });
});
