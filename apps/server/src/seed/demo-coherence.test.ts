/**
 * The demo tells one story (issue 26): nobody was active before their account was created, asks come
 * from many pupils rather than from one teacher, and every media request carries what a real ask
 * carries (a title and a preview picture), so the Requests accordion never shows an empty preview.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/harness.js';

let t: TestApp;
let nf: number;
beforeAll(async () => {
  t = await createTestApp();
  const r = await t.db.execute<{ id: number }>(sql`SELECT id FROM accounts WHERE account_number = 'NF-100245'`);
  nf = r.rows[0]!.id;
});
afterAll(async () => t.close());

describe('demo data', () => {
  it('has every user created before they were last active, and after the account was registered', async () => {
    for (const table of ['users', 'server_users']) {
      const r = await t.db.execute<{
        username: string;
        created_at: string;
        last_active: string | null;
        registered: string;
      }>(
        sql`SELECT x.username, x.created_at, x.last_active, a.console_registered AS registered
            FROM ${sql.raw(table)} x JOIN accounts a ON a.id = x.account_id`,
      );
      expect(r.rows.length).toBeGreaterThan(0);
      for (const u of r.rows) {
        const created = new Date(u.created_at).getTime();
        if (u.last_active !== null)
          expect(created, `${table} ${u.username}`).toBeLessThan(new Date(u.last_active).getTime());
        expect(created, `${table} ${u.username}`).toBeGreaterThanOrEqual(new Date(u.registered).getTime());
      }
    }
  });

  it("spreads the app requests' asks over several pupils, the teacher asking only some", async () => {
    const r = await t.db.execute<{ requester_kind: string; requester_name: string; n: string }>(
      sql`SELECT requester_kind, requester_name, count(*) AS n FROM app_request_asks
          WHERE account_id = ${nf} GROUP BY 1, 2`,
    );
    const total = r.rows.reduce((s, x) => s + Number(x.n), 0);
    const pupils = r.rows.filter((x) => x.requester_kind === 'server_user');
    expect(pupils.length).toBeGreaterThanOrEqual(4);
    const teacher = r.rows.filter((x) => x.requester_kind === 'user').reduce((s, x) => s + Number(x.n), 0);
    expect(teacher).toBeLessThan(total / 2);
    // The app threads' "By" names the first asker: pupils too.
    const threads = await t.db.execute<{ requester_kind: string }>(
      sql`SELECT DISTINCT requester_kind FROM app_requests WHERE account_id = ${nf}`,
    );
    expect(threads.rows.map((x) => x.requester_kind)).toContain('server_user');
  });

  it('gives every media request a title and a preview picture, in the thread and in its media item', async () => {
    const r = await t.db.execute<{
      title: string;
      preview_icon: string | null;
      thumbnail: string | null;
      w_title: string | null;
    }>(
      sql`SELECT r.title, r.preview_icon, w.thumbnail, w.title AS w_title FROM access_requests r
          LEFT JOIN websites w ON w.id = r.website_id AND w.account_id = r.account_id
          WHERE r.account_id = ${nf} AND r.kind = 'media'`,
    );
    expect(r.rows.length).toBeGreaterThan(5);
    for (const m of r.rows) {
      expect(m.title).not.toMatch(/^Science video \d+$/);
      expect(m.preview_icon, m.title).toMatch(/^data:image\/svg\+xml;base64,/);
      expect(m.thumbnail, m.title).toMatch(/^data:image\/svg\+xml;base64,/);
      expect(m.w_title, m.title).toBe(m.title);
    }
    // Different videos, not one title over and over.
    expect(new Set(r.rows.map((m) => m.title)).size).toBe(r.rows.length);
  });
});
