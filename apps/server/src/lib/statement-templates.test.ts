import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createStatementTemplates } from './statement-templates.js';

describe('statement templates', () => {
  it('builds a shape once and fills its placeholders with each request’s values', () => {
    const t = createStatementTemplates();
    let builds = 0;
    const build = () => {
      builds += 1;
      return sql`SELECT 1 FROM devices WHERE account_id = ${sql.placeholder('account')} AND name = ${'fixed'} LIMIT 25`;
    };
    const a = t.fill('shape', build, { account: 1 });
    const b = t.fill('shape', build, { account: 2 });
    expect(builds).toBe(1);
    expect(a?.sql).toBe(b?.sql);
    expect(a?.params).toEqual([1, 'fixed']);
    expect(b?.params).toEqual([2, 'fixed']);
  });

  it('remembers that a shape needs no statement', () => {
    const t = createStatementTemplates();
    let builds = 0;
    const none = () => {
      builds += 1;
      return null;
    };
    expect(t.fill('nothing matches', none, {})).toBeNull();
    expect(t.fill('nothing matches', none, {})).toBeNull();
    expect(builds).toBe(1);
  });

  it('refuses a request that leaves a placeholder empty', () => {
    const t = createStatementTemplates();
    expect(() => t.fill('s', () => sql`SELECT ${sql.placeholder('x')}`, {})).toThrow(/x/);
  });

  it('holds at most maxShapes statements, the oldest going first', () => {
    const t = createStatementTemplates(2);
    let builds = 0;
    const build = () => {
      builds += 1;
      return sql`SELECT 1`;
    };
    t.fill('a', build, {});
    t.fill('b', build, {});
    t.fill('c', build, {});
    t.fill('a', build, {});
    expect(builds).toBe(4);
  });
});
