import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG, USER_MSG, type UserDetails } from '@wayguard/contracts';
import { call, createTestApp, type Session, type TestApp } from '../../test/harness.js';
import { signInAs } from '../../test/demo.js';
import { auditRows, userByName } from '../../test/helpers.js';
import { sha256 } from '../../lib/crypto.js';
import { consumePasswordVerification, recordPasswordVerified } from '../../domain/users/password-verification.js';
import { INVALID_CHARACTERS } from '../../plugins/input-guard.js';

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
const details = (session: Session, id: number | string) =>
  call(t.app, 'GET', '/users/details', { session, query: { id: String(id) } });
const save = (session: Session, payload: Record<string, unknown>) =>
  call(t.app, 'POST', '/users/details', { session, payload });

describe('GET /users/details', () => {
  it('returns a console user with devices, options and flags', async () => {
    const u = await userByName(t.db, 'teacher');
    const res = await details(admin, u.id);
    expect(res.statusCode).toBe(200);
    const d = res.json<UserDetails>();
    expect(d).toMatchObject({
      id: u.id,
      username: 'teacher',
      email_address: 'teacher@northfield.example',
      first_name: 'Taylor',
      last_name: 'Brooks',
      type: { type: 'console_user', name: 'Wayguard User' },
      status: 'activated',
      created_by: 'Alex Morgan',
      time_zone: 'Europe/London',
      language: 'English',
      deactivated_info: null,
      options: { mobile_app_access: true, beta_version_access: false, enable_mfa_login: false },
      date_created: Math.floor(u.createdAt.getTime() / 1000),
    });
    // The eight demo tablets are the teacher's (device_users joined to devices).
    expect(d.devices).toHaveLength(8);
    expect(d.devices[0]).toEqual({ id: 'NFMB2001', name: 'Northfield Tablet 1', type: 'mobile' });
    expect(d.filters.deactivated).toBe(false);
  });

  it('carries the deactivation note, the failed delivery and the two-factor option', async () => {
    const former = await userByName(t.db, 'formerstaff');
    const d = (await details(admin, former.id)).json<UserDetails>();
    expect(d.status).toBe('deactivated');
    expect(d.deactivated_info).toEqual({ notes: 'Left the school at the end of term.' });
    expect(d.devices).toEqual([]);

    const bounced = await userByName(t.db, 'expired');
    expect(bounced.failedEmailDate).not.toBeNull();
    const b = (await details(admin, bounced.id)).json<UserDetails>();
    expect(b.failed_email_delivery_info).toEqual({
      date: Math.floor(bounced.failedEmailDate!.getTime() / 1000),
      reason: '550 5.1.1 Mailbox does not exist',
    });
    expect(b.filters.failed_email_delivery).toBe(true);

    const mfa = await userByName(t.db, 'mfaadmin');
    expect((await details(admin, mfa.id)).json<UserDetails>().options.enable_mfa_login).toBe(true);
  });

  it('is readable by every role of the account', async () => {
    const u = await userByName(t.db, 'admin');
    expect((await details(reviewer, u.id)).statusCode).toBe(200);
    expect((await details(teacher, u.id)).statusCode).toBe(200);
  });

  it('answers an id of another account exactly like an id that does not exist', async () => {
    const fam = await userByName(t.db, 'family');
    const adm = await userByName(t.db, 'admin');
    const cross = await details(admin, fam.id);
    const missing = await details(admin, 2_000_000_000);
    expect(cross.statusCode).toBe(404);
    expect(cross.json()).toEqual(NOT_FOUND);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(cross.json());
    const back = await details(family, adm.id);
    expect(back.statusCode).toBe(404);
    expect(back.json()).toEqual(NOT_FOUND);
  });

  it.each(['0', '-1', 'abc', '99999999999'])('refuses id=%s with 400', async (id) => {
    const res = await details(admin, id);
    expect(res.statusCode).toBe(400);
  });
});

describe('POST /users/details', () => {
  const body = (id: number, over: Record<string, unknown> = {}) => ({
    id,
    email_address: 'new.address@northfield.example',
    first_name: 'Robin',
    last_name: 'Hale',
    time_zone: 'Europe/Paris',
    telephone: { country_code_id: 19, area_code: '0161', number: '496111' },
    mobile: { country_code_id: 19, number: '7700900123' },
    ...over,
  });

  it('lets a Console Admin edit a user of the account, and audits it', async () => {
    const u = await userByName(t.db, 'resetuser');
    const res = await save(admin, body(u.id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const d = (await details(admin, u.id)).json<UserDetails>();
    expect(d).toMatchObject({
      email_address: 'new.address@northfield.example',
      time_zone: 'Europe/Paris',
      telephone: { country_code_id: 19, area_code: '0161', number: '496111' },
      mobile: { country_code_id: 19, number: '7700900123' },
    });
    const [a] = await auditRows(t.db, 'user.details_updated', (await userByName(t.db, 'admin')).id);
    expect(a).toMatchObject({
      targetType: 'user',
      targetId: String(u.id),
      details: { fields: ['email_address', 'time_zone', 'telephone', 'mobile'] },
    });
  });

  it('clears a failed delivery when the address changes', async () => {
    const u = await userByName(t.db, 'expired');
    expect(u.failedEmailDate).not.toBeNull();
    const res = await save(
      admin,
      body(u.id, {
        email_address: 'fixed@northfield.example',
        first_name: u.firstName,
        last_name: u.lastName,
        telephone: null,
        mobile: null,
      }),
    );
    expect(res.statusCode).toBe(200);
    const d = (await details(admin, u.id)).json<UserDetails>();
    expect(d.failed_email_delivery_info).toBeNull();
    expect(d.telephone).toBeNull();
  });

  it.each([
    ['an invalid e-mail', { email_address: 'not-an-email' }, MSG.emailInvalidLong],
    [
      'an e-mail over 32 characters',
      { email_address: 'a-very-long-address-indeed@northfield.example' },
      MSG.emailInvalidLong,
    ],
    ['no e-mail', { email_address: undefined }, MSG.emailInvalidLong],
    ['a one-letter first name', { first_name: 'R' }, MSG.firstNameRequired],
    ['a 33-letter first name', { first_name: 'R'.repeat(33) }, MSG.firstNameRequired],
    ['an empty last name', { last_name: '' }, MSG.lastNameRequired],
    ['no time zone', { time_zone: '' }, MSG.timezoneRequired],
    ['an unknown time zone', { time_zone: 'Mars/Olympus' }, MSG.timezoneRequired],
    ['a telephone without country', { telephone: { area_code: '0161', number: '496111' } }, MSG.countryCodeRequired],
    ['a telephone without area code', { telephone: { country_code_id: 19, number: '496111' } }, MSG.areaCodeRequired],
    [
      'a five-digit area code',
      { telephone: { country_code_id: 19, area_code: '01612', number: '496111' } },
      MSG.areaCodeRequired,
    ],
    ['a telephone without number', { telephone: { country_code_id: 19, area_code: '0161' } }, MSG.telephoneRequired],
    ['a mobile without number', { mobile: { country_code_id: 19 } }, MSG.mobileRequired],
    ['an unknown country code', { mobile: { country_code_id: 99999, number: '77009' } }, MSG.countryCodeRequired],
  ])('refuses %s with the spec message', async (_name, over, message) => {
    const u = await userByName(t.db, 'newstaff');
    const res = await save(admin, body(u.id, over));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: message });
    expect((await userByName(t.db, 'newstaff')).email).toBe(u.email);
  });

  it('answers 400, not 500, to a NUL character the database cannot store', async () => {
    const u = await userByName(t.db, 'newstaff');
    const res = await save(admin, body(u.id, { first_name: 'Ro\u0000bin' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(INVALID_CHARACTERS);
    const act = await call(t.app, 'POST', '/users', {
      session: admin,
      payload: { id: u.id, action: 'deactivate', notes: 'abc\u0000' },
    });
    expect(act.statusCode).toBe(400);
    expect((await userByName(t.db, 'newstaff')).status).toBe('awaiting_activation');
  });

  it('refuses to edit a deactivated user', async () => {
    const u = await userByName(t.db, 'formerstaff');
    const res = await save(admin, body(u.id));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(USER_MSG.deactivatedCannotChange);
  });

  it('lets other roles edit only themselves', async () => {
    const me = await userByName(t.db, 'reviewer');
    const other = await userByName(t.db, 'newstaff');
    const refused = await save(reviewer, body(other.id, { email_address: other.email }));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(USER_MSG.forbidden);
    const teacherRefused = await save(teacher, body(me.id, { email_address: me.email }));
    expect(teacherRefused.statusCode).toBe(403);
    const own = await save(reviewer, body(me.id, { email_address: me.email, first_name: 'Rylee' }));
    expect(own.statusCode, own.body).toBe(200);
    const after = await userByName(t.db, 'reviewer');
    expect(after.firstName).toBe('Rylee');
    expect(after.hasConfirmedDetails).toBe(true);
  });

  it("needs a password verification of this session within 5 minutes to change one's own e-mail, once", async () => {
    const me = await userByName(t.db, 'teacher');
    const newMail = { email_address: 'taylor.b@northfield.example', first_name: me.firstName, last_name: me.lastName };
    // The sign-in's own verification has run out (as 5 minutes later).
    await consumePasswordVerification(t.db, sha256(teacher.cookie));
    const unverified = await save(teacher, body(me.id, newMail));
    expect(unverified.statusCode).toBe(400);
    expect(unverified.json().error).toBe(MSG.verifyPasswordFailed);
    // Other fields of one's own need no verification.
    expect(
      (await save(teacher, body(me.id, { email_address: me.email, first_name: me.firstName, last_name: me.lastName })))
        .statusCode,
    ).toBe(200);

    // Another session of the same user does not count.
    const otherSession = await signInAs(t, 'teacher');
    await consumePasswordVerification(t.db, sha256(teacher.cookie));
    await recordPasswordVerified(t.db, sha256(otherSession.cookie));
    expect((await save(teacher, body(me.id, newMail))).statusCode).toBe(400);

    await recordPasswordVerified(t.db, sha256(teacher.cookie));
    const verified = await save(teacher, body(me.id, newMail));
    expect(verified.statusCode, verified.body).toBe(200);
    expect((await userByName(t.db, 'teacher')).email).toBe('taylor.b@northfield.example');
    // Used up.
    const again = await save(teacher, body(me.id, { ...newMail, email_address: 'taylor.c@northfield.example' }));
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe(MSG.verifyPasswordFailed);
  });

  it('expires a verification after 5 minutes', async () => {
    const me = await userByName(t.db, 'admin');
    const key = `verified_password:${sha256(admin.cookie)}`;
    await recordPasswordVerified(t.db, sha256(admin.cookie));
    await t.db.execute(
      sql`UPDATE rate_counters SET window_start = ${Date.now() - 5 * 60_000 - 1000} WHERE key = ${key}`,
    );
    const res = await save(
      admin,
      body(me.id, { email_address: 'alex@northfield.example', first_name: me.firstName, last_name: me.lastName }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(MSG.verifyPasswordFailed);
  });

  it("answers another account's user like a missing one, and changes nothing", async () => {
    const fam = await userByName(t.db, 'family');
    const cross = await save(admin, body(fam.id));
    const missing = await save(admin, body(2_000_000_000));
    expect(cross.statusCode).toBe(404);
    expect(cross.json()).toEqual(NOT_FOUND);
    expect(missing.json()).toEqual(cross.json());
    expect((await userByName(t.db, 'family')).email).toBe(fam.email);
  });

  it('needs the CSRF token', async () => {
    const u = await userByName(t.db, 'newstaff');
    const res = await call(t.app, 'POST', '/users/details', { session: admin, payload: body(u.id), csrf: null });
    expect(res.statusCode).toBe(403);
  });
});
