import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import { MSG, type ProfileResponse, type RegistrationInfo } from '@wayguard/contracts';
import { call, createTestApp, login, type Session, type TestApp } from '../../test/harness.js';
import { signInAs } from '../../test/demo.js';
import { auditRows, freshUser, userByName } from '../../test/helpers.js';
import { countryCodes } from '../../db/schema/index.js';

let t: TestApp;
let teacher: Session;
let ukId = 0;
beforeAll(async () => {
  t = await createTestApp();
  teacher = await signInAs(t, 'teacher');
  const codes = await t.db.select().from(countryCodes).orderBy(asc(countryCodes.id));
  ukId = codes.find((c) => c.countryName === 'United Kingdom')?.id ?? 0;
});
afterAll(async () => t.close());

const valid = () => ({
  email_address: 'taylor.brooks@northfield.example',
  first_name: 'Taylor',
  last_name: 'Brooks',
  time_zone: 'Europe/London',
  telephone: { country_code_id: ukId, area_code: '0161', number: '496000' },
  mobile: { country_code_id: ukId, number: '7700900123' },
});
const save = (s: Session, payload: unknown) => call(t.app, 'POST', '/profile', { session: s, payload });
const profile = async (s: Session) => (await call(t.app, 'GET', '/profile', { session: s })).json<ProfileResponse>();

describe('GET /profile', () => {
  it('answers the signed-in user’s own details', async () => {
    const res = await call(t.app, 'GET', '/profile', { session: teacher });
    expect(res.statusCode).toBe(200);
    const u = await userByName(t.db, 'teacher');
    expect(res.json()).toEqual({
      username: 'teacher',
      email_address: 'teacher@northfield.example',
      first_name: 'Taylor',
      last_name: 'Brooks',
      time_zone: 'Europe/London',
      telephone: u.telephone,
      mobile: null,
      has_confirmed_details: false,
    });
  });

  it('answers 401 without a session', async () => {
    expect((await call(t.app, 'GET', '/profile')).statusCode).toBe(401);
  });
});

describe('POST /profile', () => {
  const tooLongEmail = `${'a'.repeat(20)}@northfield.example`;
  it.each([
    [{ email_address: undefined }, MSG.emailInvalidLong],
    [{ email_address: '' }, MSG.emailInvalidLong],
    [{ email_address: 'not-an-email' }, MSG.emailInvalidLong],
    [{ email_address: tooLongEmail }, MSG.emailInvalidLong],
    [{ first_name: undefined }, MSG.firstNameRequired],
    [{ first_name: 'T' }, MSG.firstNameRequired],
    [{ first_name: '  T  ' }, MSG.firstNameRequired],
    [{ first_name: 'T'.repeat(33) }, MSG.firstNameRequired],
    [{ last_name: undefined }, MSG.lastNameRequired],
    [{ last_name: 'B' }, MSG.lastNameRequired],
    [{ last_name: 'B'.repeat(33) }, MSG.lastNameRequired],
    [{ time_zone: undefined }, MSG.timezoneRequired],
    [{ time_zone: '' }, MSG.timezoneRequired],
    [{ time_zone: 'Mars/Olympus_Mons' }, MSG.timezoneRequired],
    [{ telephone: { area_code: '0161', number: '496000' } }, MSG.countryCodeRequired],
    [{ telephone: { country_code_id: null, area_code: '0161', number: '496000' } }, MSG.countryCodeRequired],
    [{ telephone: { country_code_id: 999_999, area_code: '0161', number: '496000' } }, MSG.countryCodeRequired],
    [{ telephone: { country_code_id: 1, number: '496000' } }, MSG.areaCodeRequired],
    [{ telephone: { country_code_id: 1, area_code: '', number: '496000' } }, MSG.areaCodeRequired],
    [{ telephone: { country_code_id: 1, area_code: '01611', number: '496000' } }, MSG.areaCodeRequired],
    [{ telephone: { country_code_id: 1, area_code: '0161' } }, MSG.telephoneRequired],
    [{ telephone: { country_code_id: 1, area_code: '0161', number: ' ' } }, MSG.telephoneRequired],
    [{ mobile: { number: '7700900123' } }, MSG.countryCodeRequired],
    [{ mobile: { country_code_id: 999_999, number: '7700900123' } }, MSG.countryCodeRequired],
    [{ mobile: { country_code_id: 1 } }, MSG.mobileRequired],
    [{ mobile: { country_code_id: 1, number: '' } }, MSG.mobileRequired],
  ])('answers 400 with the spec message to %j and saves nothing', async (change, message) => {
    const payload: Record<string, unknown> = { ...valid(), ...change };
    for (const [k, v] of Object.entries(change)) if (v === undefined) delete payload[k];
    const before = await profile(teacher);
    const res = await save(teacher, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: message, error_message: message });
    expect(await profile(teacher)).toEqual(before);
  });

  it('saves the details, confirms them, and audits the change', async () => {
    const u = freshUser();
    const s = await login(t.app, u.username, u.password);
    const row = await userByName(t.db, u.username);
    const payload = {
      ...valid(),
      email_address: ' New.Address@northfield.example ',
      first_name: ' Sam ',
      last_name: 'Lee-Smith',
      time_zone: 'America/New_York',
    };
    const res = await save(s, payload);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(await profile(s)).toEqual({
      username: u.username,
      email_address: 'New.Address@northfield.example',
      first_name: 'Sam',
      last_name: 'Lee-Smith',
      time_zone: 'America/New_York',
      telephone: payload.telephone,
      mobile: payload.mobile,
      has_confirmed_details: true,
    });
    const reg = (await call(t.app, 'GET', '/registration_info', { session: s })).json<RegistrationInfo>();
    expect(reg).toMatchObject({
      user_full_name: 'Sam Lee-Smith',
      user_email: 'New.Address@northfield.example',
      has_confirmed_details: true,
    });
    expect(await auditRows(t.db, 'profile.updated', row.id)).toHaveLength(1);
  });

  it('clears the telephone and mobile when they are sent as null or left out', async () => {
    const u = freshUser();
    const s = await login(t.app, u.username, u.password);
    await save(s, valid());
    expect((await save(s, { ...valid(), telephone: null, mobile: undefined })).json()).toEqual({ success: true });
    expect(await profile(s)).toMatchObject({ telephone: null, mobile: null });
  });

  it('changes only the signed-in user', async () => {
    const u = freshUser();
    const s = await login(t.app, u.username, u.password);
    const before = await profile(teacher);
    await save(s, { ...valid(), first_name: 'Someone' });
    expect(await profile(teacher)).toEqual(before);
  });

  it('needs a session and the CSRF token of that session', async () => {
    const u = freshUser();
    const other = await login(t.app, u.username, u.password);
    expect((await call(t.app, 'POST', '/profile', { payload: valid() })).statusCode).toBe(401);
    expect((await call(t.app, 'POST', '/profile', { session: teacher, csrf: null, payload: valid() })).statusCode).toBe(
      403,
    );
    expect(
      (await call(t.app, 'POST', '/profile', { session: teacher, csrf: other.csrf, payload: valid() })).statusCode,
    ).toBe(403);
    expect((await profile(teacher)).has_confirmed_details).toBe(false);
  });
});

describe('changing one’s own e-mail (000 §4.4)', () => {
  it('needs a password verification in the session: sign-in counts once, then POST /verify_password', async () => {
    const u = freshUser();
    const s = await login(t.app, u.username, u.password);
    const details = { ...valid(), first_name: 'Fresh', last_name: 'User', telephone: null, mobile: null };
    // The sign-in itself was a verification: the first change goes through.
    expect((await save(s, { ...details, email_address: 'first.change@northfield.example' })).json()).toEqual({
      success: true,
    });
    // It is consumed: a second change needs a new verification.
    const refused = await save(s, { ...details, email_address: 'second.change@northfield.example' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(MSG.verifyPasswordFailed);
    expect((await userByName(t.db, u.username)).email).toBe('first.change@northfield.example');
    // Saving other fields with the same e-mail needs none.
    expect(
      (await save(s, { ...details, email_address: 'first.change@northfield.example', first_name: 'Other' })).statusCode,
    ).toBe(200);
    const verified = await call(t.app, 'POST', '/verify_password', { session: s, payload: { password: u.password } });
    expect(verified.json()).toEqual({ success: true });
    expect((await save(s, { ...details, email_address: 'second.change@northfield.example' })).json()).toEqual({
      success: true,
    });
  });
});

describe('POST /profile/options (000 §7.2)', () => {
  const setOwn = (s: Session, payload: unknown) => call(t.app, 'POST', '/profile/options', { session: s, payload });
  const options = async (username: string) => (await userByName(t.db, username)).options;

  it("changes one of the signed-in user's own options, and audits it", async () => {
    const admin = await signInAs(t, 'admin');
    const u = await userByName(t.db, 'admin');
    const res = await setOwn(admin, { beta_version_access: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect((await options('admin')).beta_version_access).toBe(true);
    expect((await auditRows(t.db, 'user.option_changed', u.id))[0]).toMatchObject({
      targetId: String(u.id),
      details: { beta_version_access: true },
    });
    expect((await setOwn(admin, { beta_version_access: false })).statusCode).toBe(200);
    expect((await options('admin')).beta_version_access).toBe(false);
  });

  it('keeps the rules of POST /users/options: an option that does not apply to the type is refused', async () => {
    const admin = await signInAs(t, 'admin');
    const res = await setOwn(admin, { mobile_app_access: true });
    expect(res.statusCode).toBe(400);
    expect((await options('admin')).mobile_app_access).toBe(false);
  });

  it('takes no id, no type and one option at a time', async () => {
    const admin = await signInAs(t, 'admin');
    const other = await userByName(t.db, 'reviewer');
    for (const body of [
      { id: other.id, beta_version_access: true },
      { type_id: 0 },
      { beta_version_access: true, enable_mfa_login: false },
      { beta_version_access: 'true' },
      {},
    ])
      expect((await setOwn(admin, body)).statusCode, JSON.stringify(body)).toBe(400);
    expect((await options('reviewer')).beta_version_access).toBe(false);
  });

  it('needs a session', async () => {
    expect((await call(t.app, 'POST', '/profile/options', { payload: { beta_version_access: true } })).statusCode).toBe(
      401,
    );
  });
});
