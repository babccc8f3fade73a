/**
 * The review team's page (issue 25): GET /team lists every member (status, last sign-in, two-factor
 * set); POST /team/deactivate deactivates one (not oneself; the acting member must still be active, so
 * the last active member stays), ends their sessions at once and audits it; two members deactivating each
 * other, or the same member, at once: exactly one wins.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  CSRF_HEADER,
  PROVIDER_BASE,
  PROVIDER_MSG,
  PROVIDER_TEAM_MSG,
  type ProviderTeamResponse,
} from '@wayguard/contracts';
import { createTestApp, nextIp, type TestApp } from '../test/harness.js';
import { staffSessionOf, type StaffCredentials, type StaffSession } from '../test/provider.js';
import { createProviderStaff, DEMO_PROVIDER_STAFF, DEMO_PROVIDER_TRAINEE } from '../seed/provider-staff.js';

let t: TestApp;
let sam: StaffSession;
beforeAll(async () => {
  t = await createTestApp();
  sam = await staffSessionOf(t, DEMO_PROVIDER_STAFF);
});
afterAll(async () => t.close());

function pcall(method: 'GET' | 'POST', path: string, staff: StaffSession, payload?: unknown) {
  return t.app.inject({
    method,
    url: `${PROVIDER_BASE}${path}`,
    headers: method === 'POST' ? { [CSRF_HEADER]: staff.csrf } : {},
    cookies: { wg_provider: staff.cookie },
    ...(method === 'POST' ? { payload: (payload ?? {}) as object } : {}),
    remoteAddress: nextIp(),
  });
}
const deactivate = (staff: StaffSession, id: unknown) => pcall('POST', '/team/deactivate', staff, { id });
const team = async (staff: StaffSession = sam) => {
  const res = await pcall('GET', '/team', staff);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ProviderTeamResponse>().members;
};

let n = 0;
async function member(): Promise<StaffCredentials & { id: number; fullName: string }> {
  const s = { username: `team.${++n}`, password: `Team-${n}-Password!`, fullName: `Team Member ${n}` };
  const made = await createProviderStaff(t.db, s);
  return { ...s, id: made.id, totpSecret: made.totpSecret };
}
const statusOf = async (id: number) =>
  (await t.db.execute<{ status: string }>(sql`SELECT status FROM provider_staff WHERE id = ${id}`)).rows[0]!.status;

describe('GET /team', () => {
  it('lists every member: name, username, status, last sign-in, two-factor set; the active ones first', async () => {
    const members = await team();
    expect(members.find((m) => m.username === 'provider')).toEqual({
      id: expect.any(Number),
      username: 'provider',
      full_name: DEMO_PROVIDER_STAFF.fullName,
      status: 'active',
      last_sign_in: expect.any(Number),
      two_factor: true,
    });
    expect(members.find((m) => m.username === 'provider')!.last_sign_in).toBeGreaterThan(Date.now() / 1000 - 600);
    expect(members.find((m) => m.username === 'trainee')).toMatchObject({
      full_name: DEMO_PROVIDER_TRAINEE.fullName,
      status: 'active',
      last_sign_in: 0,
      two_factor: false,
    });
    const gone = await member();
    await t.db.execute(sql`UPDATE provider_staff SET status = 'deactivated' WHERE id = ${gone.id}`);
    const statuses = (await team()).map((m) => m.status);
    expect(statuses).toEqual([...statuses].sort());
    expect(statuses.at(-1)).toBe('deactivated');
  });
});

describe('POST /team/deactivate', () => {
  it('deactivates a member: their live session ends at once, they cannot sign in, and it is audited', async () => {
    const m = await member();
    const theirs = await staffSessionOf(t, m);
    expect((await pcall('GET', '/session', theirs)).statusCode).toBe(200);
    const res = await deactivate(sam, m.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, id: m.id, message: PROVIDER_TEAM_MSG.deactivated(m.fullName) });
    expect(await statusOf(m.id)).toBe('deactivated');
    const sessions = await t.db.execute(sql`SELECT 1 FROM provider_sessions WHERE staff_id = ${m.id}`);
    expect(sessions.rows).toEqual([]);
    expect((await pcall('GET', '/session', theirs)).statusCode).toBe(401);
    await expect(staffSessionOf(t, m)).rejects.toThrow(/401/);
    const audits = await t.db.execute<{ details: Record<string, unknown> }>(
      sql`SELECT details FROM audit_events WHERE action = 'provider.staff_deactivated' AND target_id = ${String(m.id)}`,
    );
    expect(audits.rows).toEqual([
      { details: { by: 'Wayguard Team (Sam Rivera)', provider_staff_id: expect.any(Number) } },
    ]);
    // Shown deactivated on the page.
    expect((await team()).find((x) => x.id === m.id)).toMatchObject({ status: 'deactivated' });
  });

  it('refuses oneself, an already deactivated member and an unknown id; bad ids are 400', async () => {
    const me = (await team()).find((m) => m.username === 'provider')!;
    const self = await deactivate(sam, me.id);
    expect([self.statusCode, self.json<{ error: string }>().error]).toEqual([409, PROVIDER_TEAM_MSG.notSelf]);
    expect(await statusOf(me.id)).toBe('active');
    const m = await member();
    expect((await deactivate(sam, m.id)).statusCode).toBe(200);
    const again = await deactivate(sam, m.id);
    expect([again.statusCode, again.json<{ error: string }>().error]).toEqual([
      409,
      PROVIDER_TEAM_MSG.alreadyDeactivated,
    ]);
    const unknown = await deactivate(sam, 999_999);
    expect([unknown.statusCode, unknown.json<{ error: string }>().error]).toEqual([404, PROVIDER_TEAM_MSG.notFound]);
    for (const id of [0, -1, 'x', null, 1.5]) expect([id, (await deactivate(sam, id)).statusCode]).toEqual([id, 400]);
  });

  it('of two members deactivating each other at once, exactly one wins; the team keeps an active member', async () => {
    for (let round = 0; round < 3; round++) {
      const a = await member();
      const b = await member();
      const [sa, sb] = [await staffSessionOf(t, a), await staffSessionOf(t, b)];
      const [ra, rb] = await Promise.all([deactivate(sa, b.id), deactivate(sb, a.id)]);
      // The loser is refused: inside the deactivation (it waited for the winner's lock: 409), or, when the
      // winner had committed before the loser's request began, by its ended session (401).
      const [winner, loser] = ra.statusCode === 200 ? [ra, rb] : [rb, ra];
      expect(winner.statusCode, winner.body).toBe(200);
      expect([loser.statusCode, loser.json<{ error: string }>().error]).toEqual(
        loser.statusCode === 409 ? [409, PROVIDER_TEAM_MSG.actorDeactivated] : [401, PROVIDER_MSG.unauthorized],
      );
      expect([await statusOf(a.id), await statusOf(b.id)].sort()).toEqual(['active', 'deactivated']);
    }
  });

  it('of two members deactivating the same third at once, exactly one wins; one audit record', async () => {
    const a = await member();
    const b = await member();
    const c = await member();
    const [sa, sb] = [await staffSessionOf(t, a), await staffSessionOf(t, b)];
    const answers = await Promise.all([deactivate(sa, c.id), deactivate(sb, c.id)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const audits = await t.db.execute(
      sql`SELECT 1 FROM audit_events WHERE action = 'provider.staff_deactivated' AND target_id = ${String(c.id)}`,
    );
    expect(audits.rows).toHaveLength(1);
  });

  it('the last active member cannot be deactivated: with everyone else gone, only oneself is left, and refused', async () => {
    await t.db.execute(sql`UPDATE provider_staff SET status = 'deactivated' WHERE username <> 'provider'`);
    const me = (await team()).find((m) => m.username === 'provider')!;
    const res = await deactivate(sam, me.id);
    expect(res.statusCode).toBe(409);
    expect((await team()).filter((m) => m.status === 'active').map((m) => m.username)).toEqual(['provider']);
  });
});
