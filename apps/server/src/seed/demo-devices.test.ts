/**
 * The demo's devices are made through the device API's services (seed/demo-devices.ts): each was
 * enrolled with a token (audited, with its config and policy version), reported its details and
 * checked in, and its timeline reads in the order things happened.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('demo devices', () => {
  it('were enrolled, described and checked in through the device API', async () => {
    const r = await t.db.execute<{
      serial: string;
      token: string | null;
      instance: string | null;
      secret: boolean;
      details: boolean;
      version: string | null;
      audited: boolean;
      enrolled: number;
      seq: number;
    }>(sql`
      SELECT d.serial, et.label AS token, d.instance_id AS instance, d.agent_token_hash IS NOT NULL AS secret,
        d.details_updated IS NOT NULL AS details, c.policy_version AS version, d.last_checkin_seq::int AS seq,
        EXISTS (SELECT 1 FROM audit_events a WHERE a.action = 'device.enrolled' AND a.target_id = d.id::text) AS audited,
        (SELECT count(*)::int FROM device_timeline l WHERE l.device_id = d.id AND l.kind = 'enrolled') AS enrolled
      FROM devices d
      LEFT JOIN enrolment_tokens et ON et.id = d.enrolment_token_id
      LEFT JOIN device_configs c ON c.device_id = d.id
      ORDER BY d.id`);
    expect(r.rows).toHaveLength(22);
    for (const d of r.rows) {
      expect(d, d.serial).toMatchObject({
        token: expect.stringMatching(/^(Old lab image|Staff laptops|Family phones)$/),
        instance: expect.stringMatching(/^demo-/),
        secret: true,
        details: true,
        version: expect.stringMatching(/^[0-9a-f]{32}$/),
        audited: true,
        enrolled: 1,
        seq: 1,
      });
    }
    expect(r.rows.filter((d) => d.token === 'Old lab image').map((d) => d.serial)).toEqual(
      Array.from({ length: 12 }, (_, i) => `NFPC${1001 + i}`),
    );
  });

  it('name their pupil as the safe-search user on the first lab PCs (System Information), matched to the user', async () => {
    const r = await t.db.execute<{ serial: string; matched: boolean; recorded: boolean }>(sql`
      SELECT d.serial,
        (d.details->>'safe_search_user_id')::int = su.id AND d.details->>'safe_search_user_type' = su.type AS matched,
        (d.details->>'safe_search_user_recorded')::bigint > 0 AS recorded
      FROM devices d JOIN server_users su ON su.id = d.user_ref_id AND su.account_id = d.account_id
      WHERE coalesce(d.details->>'safe_search_user', '') <> '' AND su.username = d.details->>'safe_search_user'
      ORDER BY d.serial`);
    expect(r.rows.map((d) => d.serial)).toEqual(Array.from({ length: 6 }, (_, i) => `NFPC${1001 + i}`));
    for (const d of r.rows) expect(d, d.serial).toMatchObject({ matched: true, recorded: true });
  });

  it("keep each device's timeline in the order things happened", async () => {
    const r = await t.db.execute<{ serial: string; lines: number }>(sql`
      SELECT d.serial, count(*)::int AS lines
      FROM devices d JOIN device_timeline l ON l.device_id = d.id
      GROUP BY d.serial`);
    expect(r.rows.length).toBe(22);
    // Enrolled and applied a policy at least (NF-LAB-PC09 has not applied it: enrolled and nothing else).
    expect(r.rows.filter((x) => x.lines < 2).map((x) => x.serial)).toEqual(['NFPC1009']);
    const lines = await t.db.execute<{ device_id: number; at: Date; id: number }>(
      sql`SELECT device_id, at, id, kind FROM device_timeline ORDER BY device_id, id`,
    );
    const backwards = lines.rows.filter(
      (l, i) =>
        i > 0 && lines.rows[i - 1]!.device_id === l.device_id && new Date(l.at) < new Date(lines.rows[i - 1]!.at),
    );
    expect(backwards, JSON.stringify(lines.rows.filter((l) => l.device_id === backwards[0]?.device_id))).toEqual([]);
  });
});
