import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  ENROLMENT_TOKEN,
  ENROLMENT_TOKEN_MSG,
  type EnrolmentTokenCreateResponse,
  type EnrolmentTokensResponse,
  type ProfileResponse,
} from '@wayguard/contracts';
import { call, createTestApp, type Session, type TestApp } from '../../test/harness.js';
import { signInAs } from '../../test/demo.js';
import { auditRows, userByName } from '../../test/helpers.js';
import { devices, enrolmentTokens } from '../../db/schema/index.js';
import { agentCall, enrolDevice } from '../../test/agent.js';
import { sha256 } from '../../lib/crypto.js';

let t: TestApp;
let admin: Session;
let reviewer: Session;
let teacher: Session;
let family: Session;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAs(t, 'admin');
  reviewer = await signInAs(t, 'reviewer');
  teacher = await signInAs(t, 'teacher');
  family = await signInAs(t, 'family');
});
afterAll(async () => t.close());

const NOT_FOUND = { success: false, error: 'Not found', error_message: 'Not found' };
const list = (session: Session) => call(t.app, 'GET', '/enrolment_tokens', { session });
const create = (session: Session, payload: Record<string, unknown>) =>
  call(t.app, 'POST', '/enrolment_tokens', { session, payload });
const revoke = (session: Session, id: unknown) =>
  call(t.app, 'POST', '/enrolment_tokens/revoke', { session, payload: { id } });
const VALID = { label: 'Year 7 tablets', max_uses: 30, valid_days: 14 };

describe('the creator of a token (one naming rule)', () => {
  it('is named by full name, and by the new name at once after they rename themselves', async () => {
    const first = await create(admin, { ...VALID, label: 'Named creator' });
    expect(first.json<EnrolmentTokenCreateResponse>().token.created_by).toBe('Alex Morgan');
    const own = (await call(t.app, 'GET', '/profile', { session: admin })).json<ProfileResponse>();
    const details = {
      email_address: own.email_address,
      last_name: own.last_name,
      time_zone: own.time_zone,
      telephone: own.telephone,
      mobile: own.mobile,
    };
    const renamed = await call(t.app, 'POST', '/profile', {
      session: admin,
      payload: { ...details, first_name: 'Alexandra' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    try {
      const next = await create(admin, { ...VALID, label: 'Renamed creator' });
      expect(next.json<EnrolmentTokenCreateResponse>().token.created_by).toBe('Alexandra Morgan');
    } finally {
      await call(t.app, 'POST', '/profile', { session: admin, payload: { ...details, first_name: own.first_name } });
    }
  });
});

describe('GET /enrolment_tokens', () => {
  it("lists the account's own tokens, newest first, with their states and never a secret or hash", async () => {
    const res = await list(admin);
    expect(res.statusCode).toBe(200);
    const { tokens } = res.json<EnrolmentTokensResponse>();
    expect(tokens.map((x) => [x.label, x.state, x.uses, x.max_uses])).toEqual(
      expect.arrayContaining([
        ['Staff laptops', 'active', 14, 200],
        ['Old lab image', 'revoked', 50, 50],
      ]),
    );
    expect(tokens.map((x) => x.label)).not.toContain('Family phones');
    for (const x of tokens) expect(x.hint).toMatch(new RegExp(`^${ENROLMENT_TOKEN.prefix}[A-Za-z0-9_-]{6}…$`));
    expect(JSON.stringify(tokens)).not.toMatch(/token_hash|[0-9a-f]{64}/);

    const other = (await list(family)).json<EnrolmentTokensResponse>().tokens;
    expect(other.map((x) => x.label)).toEqual(['Family phones']);
  });

  it('is for Console Admins only', async () => {
    for (const s of [reviewer, teacher]) expect((await list(s)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/enrolment_tokens')).statusCode).toBe(401);
  });
});

describe('POST /enrolment_tokens', () => {
  it('answers the secret once, stores only its hash, and audits', async () => {
    const before = Date.now();
    const res = await create(admin, { ...VALID, label: '  Year 7 tablets  ' });
    expect(res.statusCode).toBe(200);
    const body = res.json<EnrolmentTokenCreateResponse>();
    expect(body.secret).toMatch(new RegExp(`^${ENROLMENT_TOKEN.prefix}[A-Za-z0-9_-]{32}$`));
    expect(body.token).toMatchObject({ label: 'Year 7 tablets', state: 'active', uses: 0, max_uses: 30, revoked: 0 });
    expect(body.token.hint).toBe(`${body.secret.slice(0, ENROLMENT_TOKEN.prefix.length + 6)}…`);
    const days = (body.token.expires * 1000 - before) / 86_400_000;
    expect(days).toBeGreaterThan(13.99);
    expect(days).toBeLessThan(14.01);

    const [row] = await t.db.select().from(enrolmentTokens).where(eq(enrolmentTokens.id, body.token.id));
    expect(row?.tokenHash).toBe(sha256(body.secret));
    expect(JSON.stringify(row)).not.toContain(body.secret);
    const listed = (await list(admin)).json<EnrolmentTokensResponse>().tokens;
    expect(listed[0]?.id).toBe(body.token.id);
    expect(JSON.stringify(listed)).not.toContain(body.secret);

    const adminId = (await userByName(t.db, 'admin')).id;
    const entries = await auditRows(t.db, 'enrolment_token.created', adminId);
    expect(entries.map((e) => e.targetId)).toContain(String(body.token.id));
    expect(JSON.stringify(entries)).not.toContain(body.secret);
  });

  it('makes a different secret every time', async () => {
    const a = (await create(admin, VALID)).json<EnrolmentTokenCreateResponse>();
    const b = (await create(admin, VALID)).json<EnrolmentTokenCreateResponse>();
    expect(a.secret).not.toBe(b.secret);
  });

  it.each([
    [{ ...VALID, label: '   ' }, ENROLMENT_TOKEN_MSG.labelRequired],
    [{ max_uses: 1, valid_days: 1 }, ENROLMENT_TOKEN_MSG.labelRequired],
    [{ ...VALID, label: 'x'.repeat(65) }, ENROLMENT_TOKEN_MSG.labelTooLong],
    [{ ...VALID, max_uses: 0 }, ENROLMENT_TOKEN_MSG.usesRange],
    [{ ...VALID, max_uses: 10_001 }, ENROLMENT_TOKEN_MSG.usesRange],
    [{ ...VALID, max_uses: 2.5 }, ENROLMENT_TOKEN_MSG.usesRange],
    [{ ...VALID, max_uses: '5' }, ENROLMENT_TOKEN_MSG.usesRange],
    [{ ...VALID, valid_days: 0 }, ENROLMENT_TOKEN_MSG.daysRange],
    [{ ...VALID, valid_days: 366 }, ENROLMENT_TOKEN_MSG.daysRange],
  ])('refuses %j with its message', async (payload, message) => {
    const res = await create(admin, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: message });
  });

  it('is for Console Admins only, and needs the CSRF token', async () => {
    for (const s of [reviewer, teacher]) expect((await create(s, VALID)).statusCode).toBe(403);
    const noCsrf = await call(t.app, 'POST', '/enrolment_tokens', { session: admin, payload: VALID, csrf: null });
    expect(noCsrf.statusCode).toBe(403);
  });
});

describe('POST /enrolment_tokens/revoke', () => {
  it('revokes once: the list shows it revoked, a second revoke is refused with its reason', async () => {
    const { token } = (await create(admin, VALID)).json<EnrolmentTokenCreateResponse>();
    const res = await revoke(admin, token.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, retired: 0 });
    const listed = (await list(admin)).json<EnrolmentTokensResponse>().tokens.find((x) => x.id === token.id);
    expect(listed?.state).toBe('revoked');
    expect(listed?.revoked).toBeGreaterThan(0);

    const again = await revoke(admin, token.id);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ success: false, error: ENROLMENT_TOKEN_MSG.alreadyRevoked });
  });

  it('two administrators at once: exactly one revokes', async () => {
    const { token } = (await create(admin, VALID)).json<EnrolmentTokenCreateResponse>();
    const other = await signInAs(t, 'admin');
    const answers = await Promise.all([revoke(admin, token.id), revoke(other, token.id)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const adminId = (await userByName(t.db, 'admin')).id;
    const entries = (await auditRows(t.db, 'enrolment_token.revoked', adminId)).filter(
      (e) => e.targetId === String(token.id),
    );
    expect(entries).toHaveLength(1);
  });

  it("answers another account's token, or none, as missing, and leaves it live", async () => {
    const theirs = (await list(family)).json<EnrolmentTokensResponse>().tokens[0]!;
    expect((await revoke(admin, theirs.id)).json()).toEqual(NOT_FOUND);
    expect((await revoke(admin, 2_000_000_000)).statusCode).toBe(404);
    expect((await list(family)).json<EnrolmentTokensResponse>().tokens[0]?.state).toBe('active');
  });

  it('refuses a bad id with 400 and non-admins with 403', async () => {
    for (const id of [0, -1, 'x', 2_147_483_648, null]) expect((await revoke(admin, id)).statusCode).toBe(400);
    const { token } = (await create(admin, VALID)).json<EnrolmentTokenCreateResponse>();
    for (const s of [reviewer, teacher]) expect((await revoke(s, token.id)).statusCode).toBe(403);
  });
});

describe('issue 25: a token made for a console user, and revoking a token with its devices', () => {
  it('a token made for a console user shows the user; a mobile it enrols is lent to the user, a machine is not', async () => {
    const teacherRow = await userByName(t.db, 'teacher');
    const res = await create(admin, { ...VALID, label: 'For the teacher', user_id: teacherRow.id });
    expect(res.statusCode, res.body).toBe(200);
    const made = res.json<EnrolmentTokenCreateResponse>();
    expect(made.token.user).toEqual({ id: teacherRow.id, name: 'Taylor Brooks' });
    const listed = (await list(admin)).json<EnrolmentTokensResponse>().tokens.find((x) => x.id === made.token.id);
    expect(listed?.user).toEqual({ id: teacherRow.id, name: 'Taylor Brooks' });
    const tablet = await enrolDevice(t, made.secret, { kind: 'mobile' });
    const pc = await enrolDevice(t, made.secret, { kind: 'machine' });
    const [m] = await t.db.select().from(devices).where(eq(devices.id, tablet.device_id));
    const [p] = await t.db.select().from(devices).where(eq(devices.id, pc.device_id));
    expect([m?.userKind, m?.userRefId]).toEqual(['user', teacherRow.id]);
    expect(p?.userKind).toBeNull();
  });

  it("answers another account's console user, or none, as missing (404) and makes no token", async () => {
    const familyRow = await userByName(t.db, 'family');
    const before = (await list(admin)).json<EnrolmentTokensResponse>().tokens.length;
    for (const user_id of [familyRow.id, 2_000_000]) {
      const res = await create(admin, { ...VALID, user_id });
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toMatchObject({ error: ENROLMENT_TOKEN_MSG.unknownUser });
    }
    expect((await list(admin)).json<EnrolmentTokensResponse>().tokens).toHaveLength(before);
  });

  it('revoking with retire_devices retires every device the token enrolled: their secrets answer 401 device_retired', async () => {
    const made = (await create(admin, { ...VALID, label: 'Lab to close' })).json<EnrolmentTokenCreateResponse>();
    const a = await enrolDevice(t, made.secret);
    const b = await enrolDevice(t, made.secret);
    const keep = (await create(admin, { ...VALID, label: 'Lab to keep' })).json<EnrolmentTokenCreateResponse>();
    const other = await enrolDevice(t, keep.secret);
    const res = await call(t.app, 'POST', '/enrolment_tokens/revoke', {
      session: admin,
      payload: { id: made.token.id, retire_devices: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, retired: 2 });
    for (const d of [a, b]) {
      const r = await agentCall(t, 'POST', '/checkin', { secret: d.device_secret, payload: { seq: 1 } });
      expect(r.statusCode).toBe(401);
      expect(r.json()).toMatchObject({ error_code: 'device_retired' });
    }
    expect(
      (await agentCall(t, 'POST', '/checkin', { secret: other.device_secret, payload: { seq: 1 } })).statusCode,
    ).toBe(200);
    expect((await auditRows(t.db, 'device.retired')).map((x) => x.targetId)).toEqual(
      expect.arrayContaining([String(a.device_id), String(b.device_id)]),
    );
  });

  it('revoking without the option leaves its devices working', async () => {
    const made = (await create(admin, { ...VALID, label: 'Lab revoked only' })).json<EnrolmentTokenCreateResponse>();
    const a = await enrolDevice(t, made.secret);
    const res = await revoke(admin, made.token.id);
    expect(res.json()).toEqual({ success: true, retired: 0 });
    expect((await agentCall(t, 'POST', '/checkin', { secret: a.device_secret, payload: { seq: 1 } })).statusCode).toBe(
      200,
    );
  });
});
