/**
 * What a device says of an app stays in its account (issue 25; domain/apps/catalogue.ts): a device of
 * Northfield asks for a package the catalogue lacks, with a misleading name, version and source; Riverside
 * sees nothing of them: not in its lists, its app detail, nor in the provider's queue beside its own
 * thread, and the detail lookup of the package answers as for a package nobody named until Riverside's own
 * device asks. A package the catalogue confirmed keeps the catalogue's details for everyone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  AGENT_BASE,
  PROVIDER_BASE,
  type AgentEnrollResponse,
  type AppDetail,
  type AppRequestsListResponse,
  type ProviderQueueResponse,
} from '@wayguard/contracts';
import { call, createTestApp, nextIp, type Session, type TestApp } from '../../test/harness.js';
import { enrolDevice, newEnrolmentToken, signInDemo } from '../../test/agent.js';
import { DEMO_PROVIDER_STAFF } from '../../seed/provider-staff.js';
import { staffSessionOf } from '../../test/provider.js';

let t: TestApp;
let admin: Session;
let family: Session;
let north: AgentEnrollResponse;
let river: AgentEnrollResponse;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInDemo(t, 'admin');
  family = await signInDemo(t, 'family');
  north = await enrolDevice(t, (await newEnrolmentToken(t, admin)).secret, { kind: 'mobile' });
  river = await enrolDevice(t, (await newEnrolmentToken(t, family)).secret, { kind: 'mobile' });
});
afterAll(async () => t.close());

let n = 0;
const ask = async (d: AgentEnrollResponse, app: Record<string, string>) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `${AGENT_BASE}/requests`,
    headers: { authorization: `Bearer ${d.device_secret}` },
    payload: { request_id: `app-report-${++n}`, kind: 'app', app },
  });
  expect(res.statusCode, res.body).toBe(200);
};
const detail = (s: Session, pkg: string) =>
  call(t.app, 'GET', '/app_requests/app', { session: s, query: { package_name: pkg } });
const pending = async (s: Session) => {
  const res = await call(t.app, 'GET', '/app_requests', { session: s, query: { state: 'pending', status: 'all' } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AppRequestsListResponse>();
};

const MISLEADING = { name: 'Official School Safety App', version: '6.6.6', source: 'Google Play Store' };

describe("device-reported app details stay in the device's account", () => {
  it("another account sees none of a device's name, version or source for a package the catalogue lacks", async () => {
    const pkg = `com.planted.app${Date.now()}`;
    await ask(north, { package_name: pkg, ...MISLEADING });

    // The asking account sees its own device's description.
    const mine = await detail(admin, pkg);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json<AppDetail>()).toMatchObject({
      name: MISLEADING.name,
      version: MISLEADING.version,
      source: MISLEADING.source,
      is_external: false,
    });
    expect((await pending(admin)).requests.map((r) => r.title)).toContain(MISLEADING.name);

    // Before its own device asks, Riverside cannot tell the package was named: the same 404 as for one nobody named.
    const unseen = await detail(family, pkg);
    const never = await detail(family, `com.never.named${Date.now()}`);
    expect([unseen.statusCode, unseen.json()]).toEqual([never.statusCode, never.json()]);
    expect(unseen.statusCode).toBe(404);
    expect(JSON.stringify((await pending(family)).requests)).not.toContain(pkg);

    // Riverside's own device asks without a description: its thread and detail carry its own (none).
    await ask(river, { package_name: pkg });
    const theirs = await detail(family, pkg);
    expect(theirs.statusCode, theirs.body).toBe(200);
    const d = theirs.json<AppDetail>();
    expect(d).toMatchObject({ name: pkg, version: '', source: 'Unknown source', url: '', is_external: true });
    expect(theirs.body).not.toContain(MISLEADING.name);
    expect(theirs.body).not.toContain(MISLEADING.version);
    const list = await pending(family);
    expect(list.requests.find((r) => r.package_name === pkg)).toMatchObject({ title: pkg });
    expect(JSON.stringify(list)).not.toContain(MISLEADING.name);

    // Escalated to the provider's team, Riverside's thread shows Riverside's title, not Northfield's.
    await t.db.execute(sql`UPDATE app_requests SET status = 'tech', review_requested_at = now()
      WHERE package_name = ${pkg} AND account_id = (SELECT account_id FROM devices WHERE id = ${river.device_id})`);
    const { cookie } = await staffSessionOf(t, DEMO_PROVIDER_STAFF);
    const queue = await t.app.inject({
      method: 'GET',
      url: `${PROVIDER_BASE}/queue`,
      query: { count: '100', kind: 'app', query: pkg },
      cookies: { wg_provider: cookie },
      remoteAddress: nextIp(),
    });
    expect(queue.statusCode, queue.body).toBe(200);
    const rows = queue.json<ProviderQueueResponse>().requests.filter((r) => r.website === pkg);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ title: pkg, app: { name: pkg } });
    expect(queue.body).not.toContain(MISLEADING.name);

    // The shared catalogue holds the package alone, unconfirmed.
    const row = await t.db.execute(
      sql`SELECT name, version, source, url, confirmed FROM apps WHERE package_name = ${pkg}`,
    );
    expect(row.rows).toEqual([{ name: pkg, version: '', source: 'Unknown source', url: null, confirmed: false }]);
  });

  it("a confirmed catalogue app keeps the catalogue's details, whatever a device says of it", async () => {
    const known = (
      await t.db.execute<{ package_name: string; name: string; source: string; version: string }>(
        sql`SELECT package_name, name, source, version FROM apps WHERE confirmed ORDER BY id LIMIT 1`,
      )
    ).rows[0]!;
    await ask(river, { package_name: known.package_name, ...MISLEADING });
    const res = await detail(family, known.package_name);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AppDetail>()).toMatchObject({ name: known.name, source: known.source, version: known.version });
    const r = await t.db.execute(sql`SELECT 1 FROM app_reports WHERE package_name = ${known.package_name}`);
    expect(r.rows).toHaveLength(0);
  });
});
