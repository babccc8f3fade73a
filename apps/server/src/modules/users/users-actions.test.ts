import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG, USER_MSG, type UserDetails } from '@wayguard/contracts';
import { call, createTestApp, login, type Session, type TestApp } from '../../test/harness.js';
import { signInAs } from '../../test/demo.js';
import { activationTokenIn, auditRows, freshUser, mailsTo, resetCredentialIn, userByName } from '../../test/helpers.js';
import { accounts, users } from '../../db/schema/index.js';

let t: TestApp;
let admin: Session;
let reviewer: Session;
let teacher: Session;
let family: Session;
let adminId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAs(t, 'admin');
  reviewer = await signInAs(t, 'reviewer');
  teacher = await signInAs(t, 'teacher');
  family = await signInAs(t, 'family');
  adminId = (await userByName(t.db, 'admin')).id;
});
afterAll(async () => t.close());

const NOT_FOUND = { success: false, error: 'Not found', error_message: 'Not found' };
const act = (session: Session, payload: Record<string, unknown>) => call(t.app, 'POST', '/users', { session, payload });
const option = (session: Session, payload: Record<string, unknown>) =>
  call(t.app, 'POST', '/users/options', { session, payload });
const create = (session: Session, payload: Record<string, unknown>) =>
  call(t.app, 'POST', '/users/create', { session, payload });
const details = async (id: number) =>
  (await call(t.app, 'GET', '/users/details', { session: admin, query: { id: String(id) } })).json<UserDetails>();

describe('POST /users (status actions)', () => {
  it('resends the activation e-mail of a user awaiting activation', async () => {
    const u = await userByName(t.db, 'newstaff');
    const before = (await mailsTo(t.db, u.email)).length;
    const res = await act(admin, { id: u.id, action: 'resend_activation_email' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const mails = await mailsTo(t.db, u.email);
    expect(mails).toHaveLength(before + 1);
    const token = activationTokenIn(mails.at(-1)!.text);
    const check = await call(t.app, 'GET', '/check_activation_token', { query: { token } });
    expect(check.json()).toMatchObject({ success: true, name: 'Noah Patel' });
    expect((await auditRows(t.db, 'user.activation_resent', adminId))[0]).toMatchObject({
      targetType: 'user',
      targetId: String(u.id),
    });
    expect(MSG.activationResent).toBe('Account activation email resent');
  });

  it('refuses to resend to a user who is not awaiting activation', async () => {
    const u = await userByName(t.db, 'reviewer');
    const res = await act(admin, { id: u.id, action: 'resend_activation_email' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(USER_MSG.notAwaitingActivation);
  });

  it('resets the password of an active user: status, mailed one-time password, sessions ended', async () => {
    const f = freshUser();
    const victim = await login(t.app, f.username, f.password);
    const u = await userByName(t.db, f.username);
    const res = await act(admin, { id: u.id, action: 'reset_password' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await userByName(t.db, f.username)).status).toBe('password_reset');
    expect((await call(t.app, 'GET', '/profile', { session: victim })).statusCode).toBe(401);
    const credential = resetCredentialIn((await mailsTo(t.db, u.email)).at(-1)!.text);
    const signIn = await call(t.app, 'POST', '/login', { payload: { username: f.username, password: credential } });
    expect(signIn.json()).toMatchObject({ must_change_password: true });
    // Again while the reset is pending: allowed (password_reset), a new credential.
    expect((await act(admin, { id: u.id, action: 'reset_password' })).statusCode).toBe(200);
    expect(await auditRows(t.db, 'user.password_reset', adminId)).toHaveLength(2);
    expect(MSG.passwordResetResent).toBe('Password reset email has been resent');
  });

  it.each(['newstaff', 'formerstaff'])('refuses a password reset for %s', async (name) => {
    const u = await userByName(t.db, name);
    const res = await act(admin, { id: u.id, action: 'reset_password' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(USER_MSG.resetNotAllowed);
    expect((await userByName(t.db, name)).status).toBe(u.status);
  });

  it('deactivates with a note (sessions end), then reactivates to the previous status', async () => {
    const f = freshUser();
    const victim = await login(t.app, f.username, f.password);
    const u = await userByName(t.db, f.username);
    const res = await act(admin, { id: u.id, action: 'deactivate', notes: 'Left for another school' });
    expect(res.statusCode, res.body).toBe(200);
    let row = await userByName(t.db, f.username);
    expect(row).toMatchObject({
      status: 'deactivated',
      previousStatus: 'activated',
      deactivatedNotes: 'Left for another school',
    });
    expect((await details(u.id)).deactivated_info).toEqual({ notes: 'Left for another school' });
    expect((await call(t.app, 'GET', '/profile', { session: victim })).statusCode).toBe(401);
    await expect(login(t.app, f.username, f.password)).rejects.toThrow();

    const again = await act(admin, { id: u.id, action: 'deactivate', notes: 'twice' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe(USER_MSG.alreadyDeactivated);

    const back = await act(admin, { id: u.id, action: 'reactivate', notes: 'Came back' });
    expect(back.statusCode).toBe(200);
    row = await userByName(t.db, f.username);
    expect(row).toMatchObject({ status: 'activated', previousStatus: null, deactivatedNotes: null });
    expect((await auditRows(t.db, 'user.deactivated', adminId))[0]?.details).toEqual({
      notes: 'Left for another school',
      previous_status: 'activated',
    });
    expect((await auditRows(t.db, 'user.reactivated', adminId))[0]?.details).toEqual({
      notes: 'Came back',
      status: 'activated',
    });
  });

  it('returns a reactivated user to awaiting activation or password reset', async () => {
    for (const name of ['stalelink', 'resetuser']) {
      const u = await userByName(t.db, name);
      expect((await act(admin, { id: u.id, action: 'deactivate', notes: 'pause' })).statusCode).toBe(200);
      expect((await act(admin, { id: u.id, action: 'reactivate', notes: 'resume' })).statusCode).toBe(200);
      expect((await userByName(t.db, name)).status).toBe(u.status);
    }
  });

  it('refuses to reactivate a user who is not deactivated', async () => {
    const u = await userByName(t.db, 'reviewer');
    const res = await act(admin, { id: u.id, action: 'reactivate', notes: 'why' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(USER_MSG.notDeactivated);
  });

  it.each([
    ['deactivate', undefined],
    ['deactivate', 'ab'],
    ['reactivate', '  x  '],
  ])('asks for a note of 3+ characters to %s (%s)', async (action, notes) => {
    const u = await userByName(t.db, 'formerstaff');
    const res = await act(admin, { id: u.id, action, ...(notes === undefined ? {} : { notes }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Please enter a note of at least 3 characters');
  });

  it.each([
    [{ action: 'delete' }, 'an unknown action'],
    [{ action: 'deactivate', notes: 'x'.repeat(501) }, 'a note over 500 characters'],
    [{ action: 'resend_activation_email', id: 'seven' }, 'a text id'],
  ])('refuses %o (%s) with 400', async (over, _name) => {
    const u = await userByName(t.db, 'formerstaff');
    const res = await act(admin, { id: u.id, ...over });
    expect(res.statusCode).toBe(400);
  });

  it.each(['deactivate', 'reactivate', 'reset_password', 'resend_activation_email'])(
    'refuses %s on oneself',
    async (action) => {
      const res = await act(admin, { id: adminId, action, notes: 'myself' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ success: false, error: USER_MSG.selfStatus });
      expect((await userByName(t.db, 'admin')).status).toBe('activated');
    },
  );

  it('is for Console Admins only', async () => {
    const u = await userByName(t.db, 'newstaff');
    for (const s of [reviewer, teacher]) {
      const res = await act(s, { id: u.id, action: 'deactivate', notes: 'not allowed' });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe(USER_MSG.forbidden);
    }
    expect((await userByName(t.db, 'newstaff')).status).toBe('awaiting_activation');
  });

  it("answers another account's user like a missing one, and changes nothing", async () => {
    const parent = await userByName(t.db, 'riverside-parent');
    for (const action of ['deactivate', 'reset_password', 'resend_activation_email', 'reactivate']) {
      const cross = await act(admin, { id: parent.id, action, notes: 'cross' });
      const missing = await act(admin, { id: 2_000_000_000, action, notes: 'cross' });
      expect(cross.statusCode).toBe(404);
      expect(cross.json()).toEqual(NOT_FOUND);
      expect(missing.json()).toEqual(cross.json());
    }
    expect((await userByName(t.db, 'riverside-parent')).status).toBe('activated');
    const back = await act(family, {
      id: (await userByName(t.db, 'reviewer')).id,
      action: 'deactivate',
      notes: 'cross',
    });
    expect(back.statusCode).toBe(404);
    expect((await userByName(t.db, 'reviewer')).status).toBe('activated');
  });

  it('lets exactly one of two concurrent deactivations win', async () => {
    const f = freshUser();
    const u = await userByName(t.db, f.username);
    const before = (await auditRows(t.db, 'user.deactivated')).length;
    const results = await Promise.all(
      [1, 2, 3].map(() => act(admin, { id: u.id, action: 'deactivate', notes: 'race' })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
    expect((await auditRows(t.db, 'user.deactivated')).length).toBe(before + 1);
    expect((await userByName(t.db, f.username)).previousStatus).toBe('activated');
  });
});

describe('POST /users/create', () => {
  const valid = (over: Record<string, unknown> = {}) => ({
    username: 'jamie.newton',
    email_address: 'jamie@northfield.example',
    first_name: 'Jamie',
    last_name: 'Newton',
    time_zone: 'Europe/London',
    telephone: { country_code_id: 19, area_code: '0161', number: '496222' },
    options: { type_id: 261 },
    ...over,
  });

  it('creates a user awaiting activation, mails the link, audits, and returns the id', async () => {
    const res = await create(admin, valid());
    expect(res.statusCode, res.body).toBe(200);
    const { success, id } = res.json<{ success: boolean; id: number }>();
    expect(success).toBe(true);
    const d = await details(id);
    expect(d).toMatchObject({
      username: 'jamie.newton',
      type: { type: 'requests_admin', name: 'Request Admin' },
      status: 'awaiting_activation',
      created_by: 'Alex Morgan',
      last_active: 0,
      telephone: { country_code_id: 19, area_code: '0161', number: '496222' },
      mobile: null,
      options: { mobile_app_access: false, beta_version_access: false, enable_mfa_login: false },
    });
    const row = await userByName(t.db, 'jamie.newton');
    expect(row.createdById).toBe(adminId);
    expect(row.passwordHash).toBeNull();
    const mails = await mailsTo(t.db, 'jamie@northfield.example');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('jamie.newton');
    expect(activationTokenIn(mails[0]!.text)).toHaveLength(64);
    expect((await auditRows(t.db, 'user.created', adminId))[0]).toMatchObject({
      targetId: String(id),
      details: { username: 'jamie.newton', type: 'requests_admin' },
    });
    expect(MSG.userCreated).toBe('User has been created');
  });

  it.each([
    [41, 'console_admin', false],
    [0, 'console_user', true],
  ])('maps type_id %i to %s', async (typeId, type, mobileAccess) => {
    const res = await create(admin, valid({ username: `type.${typeId}.user`, options: { type_id: typeId } }));
    expect(res.statusCode).toBe(200);
    const d = await details(res.json<{ id: number }>().id);
    expect(d.type.type).toBe(type);
    expect(d.options.mobile_app_access).toBe(mobileAccess);
  });

  it.each(['ADMIN', 'Family', 'Riverside-Parent'])(
    'refuses the taken username %s (any account, any case)',
    async (username) => {
      const res = await create(admin, valid({ username }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, error: USER_MSG.usernameTaken });
    },
  );

  it('lets one of two concurrent creations of one name win', async () => {
    const results = await Promise.all(
      [1, 2].map((n) =>
        create(admin, valid({ username: 'twin.create', email_address: `twin${n}@northfield.example` })),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.statusCode === 400)?.json().error).toBe(USER_MSG.usernameTaken);
  });

  it.each([
    ['no username', { username: undefined }, MSG.usernameRequiredCreate],
    ['an empty username', { username: '' }, MSG.usernameRequiredCreate],
    ['a 4-character username', { username: 'abcd' }, MSG.usernameMin],
    ['a 33-character username', { username: 'a'.repeat(33) }, MSG.usernameMax],
    ['a bad e-mail', { email_address: 'jamie@' }, MSG.emailInvalidLong],
    ['a short first name', { first_name: 'J' }, MSG.firstNameRequired],
    ['no last name', { last_name: undefined }, MSG.lastNameRequired],
    ['no time zone', { time_zone: undefined }, MSG.timezoneRequired],
    ['an unknown time zone', { time_zone: 'Nowhere/Land' }, MSG.timezoneRequired],
    ['half a telephone', { telephone: { country_code_id: 19, number: '1' } }, MSG.areaCodeRequired],
    ['half a mobile', { mobile: { number: '7700' } }, MSG.countryCodeRequired],
  ])('refuses %s with the spec message', async (_name, over, message) => {
    const res = await create(admin, valid({ username: 'valid.name', ...over }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
    expect((await t.db.select().from(users).where(eq(users.username, 'valid.name'))).length).toBe(0);
  });

  it.each([{ type_id: 5 }, {}, undefined])('refuses options %o', async (options) => {
    const res = await create(admin, valid({ username: 'bad.type.user', options }));
    expect(res.statusCode).toBe(400);
  });

  it('is for Console Admins only', async () => {
    for (const s of [reviewer, teacher]) {
      const res = await create(s, valid({ username: 'not.allowed' }));
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe(USER_MSG.forbidden);
    }
  });

  it('needs allow_user_creation on the account', async () => {
    const [rf] = await t.db.select().from(accounts).where(eq(accounts.accountNumber, 'RF-300871'));
    await t.db
      .update(accounts)
      .set({ accessPermissions: { ...rf!.accessPermissions, allow_user_creation: false } })
      .where(eq(accounts.id, rf!.id));
    try {
      const res = await create(family, valid({ username: 'river.new' }));
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe(USER_MSG.creationNotAllowed);
    } finally {
      await t.db.update(accounts).set({ accessPermissions: rf!.accessPermissions }).where(eq(accounts.id, rf!.id));
    }
    // Created in the creator's account.
    const ok = await create(family, valid({ username: 'river.new', email_address: 'new@riverside.example' }));
    expect(ok.statusCode).toBe(200);
    expect((await userByName(t.db, 'river.new')).accountId).toBe(rf!.id);
    expect(
      (
        await call(t.app, 'GET', '/users/details', {
          session: admin,
          query: { id: String(ok.json<{ id: number }>().id) },
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('POST /users/options', () => {
  it('changes the type of another user, and audits it', async () => {
    const f = freshUser();
    const u = await userByName(t.db, f.username);
    const res = await option(admin, { id: u.id, type_id: 41 });
    expect(res.statusCode, res.body).toBe(200);
    expect((await details(u.id)).type).toEqual({ type: 'console_admin', name: 'Console Admin' });
    expect((await auditRows(t.db, 'user.type_changed', adminId))[0]).toMatchObject({
      targetId: String(u.id),
      details: { from: u.type, to: 'console_admin' },
    });
    // The new type holds from the user's next request.
    const s = await login(t.app, f.username, f.password);
    expect(
      (
        await create(s, {
          username: 'made.by.promoted',
          email_address: 'm@northfield.example',
          first_name: 'Mo',
          last_name: 'De',
          time_zone: 'Europe/London',
          options: { type_id: 0 },
        })
      ).statusCode,
    ).toBe(200);
    expect((await option(admin, { id: u.id, type_id: 0 })).statusCode).toBe(200);
    expect(
      (
        await create(s, {
          username: 'made.by.demoted',
          email_address: 'm@northfield.example',
          first_name: 'Mo',
          last_name: 'De',
          time_zone: 'Europe/London',
          options: { type_id: 0 },
        })
      ).statusCode,
    ).toBe(403);
  });

  it("refuses a change of one's own type", async () => {
    const res = await option(admin, { id: adminId, type_id: 0 });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(USER_MSG.selfType);
    expect((await userByName(t.db, 'admin')).type).toBe('console_admin');
  });

  it('refuses type changes from other roles, and on deactivated users', async () => {
    const u = await userByName(t.db, 'newstaff');
    expect((await option(reviewer, { id: u.id, type_id: 41 })).statusCode).toBe(403);
    expect((await option(teacher, { id: u.id, type_id: 41 })).statusCode).toBe(403);
    const former = await userByName(t.db, 'formerstaff');
    const res = await option(admin, { id: former.id, type_id: 41 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(USER_MSG.deactivatedCannotChange);
    expect((await userByName(t.db, 'newstaff')).type).toBe('console_user');
  });

  it('sets Mobile App Access only on console users', async () => {
    const teacherRow = await userByName(t.db, 'teacher');
    expect((await option(admin, { id: teacherRow.id, mobile_app_access: false })).statusCode).toBe(200);
    expect((await details(teacherRow.id)).options.mobile_app_access).toBe(false);
    expect((await userByName(t.db, 'teacher')).options).toEqual({
      mobile_app_access: false,
      beta_version_access: false,
    });
    const rev = await userByName(t.db, 'reviewer');
    const res = await option(admin, { id: rev.id, mobile_app_access: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(USER_MSG.mobileAppAccessOnly);
    expect((await auditRows(t.db, 'user.option_changed', adminId))[0]?.details).toEqual({ mobile_app_access: false });
  });

  it('sets Beta Versions only on Console Admins and Request Admins', async () => {
    const rev = await userByName(t.db, 'reviewer');
    expect((await option(admin, { id: rev.id, beta_version_access: true })).statusCode).toBe(200);
    expect((await details(rev.id)).options.beta_version_access).toBe(true);
    expect((await option(admin, { id: adminId, beta_version_access: true })).statusCode).toBe(200);
    const teacherRow = await userByName(t.db, 'teacher');
    const res = await option(admin, { id: teacherRow.id, beta_version_access: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(USER_MSG.betaAccessOnly);
  });

  it('refuses option changes from other roles, and on deactivated users', async () => {
    const teacherRow = await userByName(t.db, 'teacher');
    expect((await option(teacher, { id: teacherRow.id, mobile_app_access: true })).statusCode).toBe(403);
    expect(
      (await option(reviewer, { id: (await userByName(t.db, 'reviewer')).id, beta_version_access: false })).statusCode,
    ).toBe(403);
    const former = await userByName(t.db, 'formerstaff');
    const res = await option(admin, { id: former.id, mobile_app_access: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(USER_MSG.deactivatedCannotChange);
  });

  it("changes two-factor sign-in only on one's own profile, as a Console Admin", async () => {
    const mfa = await userByName(t.db, 'mfaadmin');
    const other = await option(admin, { id: mfa.id, enable_mfa_login: false });
    expect(other.statusCode).toBe(403);
    expect(other.json().error).toBe(USER_MSG.mfaOwnOnly);
    expect((await userByName(t.db, 'mfaadmin')).mfaEnabled).toBe(true);
    const rev = await userByName(t.db, 'reviewer');
    const notAdmin = await option(reviewer, { id: rev.id, enable_mfa_login: true });
    expect(notAdmin.statusCode).toBe(403);
    const unverified = await option(admin, { id: adminId, enable_mfa_login: true });
    expect(unverified.statusCode).toBe(400);
    expect(unverified.json().error).toBe(USER_MSG.mfaVerifyFirst);
    expect((await userByName(t.db, 'admin')).mfaEnabled).toBe(false);
  });

  it.each([
    [{ type_id: 41, mobile_app_access: true }, 'two changes at once'],
    [{ type_id: 7 }, 'an unknown type id'],
    [{ mobile_app_access: 'yes' }, 'a text boolean'],
    [{ colour: 'blue' }, 'an unknown option'],
    [{}, 'no option'],
  ])('refuses %o (%s) with 400', async (over, _name) => {
    const u = await userByName(t.db, 'newstaff');
    const res = await option(admin, { id: u.id, ...over });
    expect(res.statusCode).toBe(400);
  });

  it("answers another account's user like a missing one, and changes nothing", async () => {
    const parent = await userByName(t.db, 'riverside-parent');
    for (const payload of [{ type_id: 41 }, { mobile_app_access: false }, { beta_version_access: true }]) {
      const cross = await option(admin, { id: parent.id, ...payload });
      const missing = await option(admin, { id: 2_000_000_000, ...payload });
      expect(cross.statusCode).toBe(404);
      expect(cross.json()).toEqual(NOT_FOUND);
      expect(missing.json()).toEqual(cross.json());
    }
    const after = await userByName(t.db, 'riverside-parent');
    expect(after.type).toBe('console_user');
    expect(after.options).toEqual(parent.options);
    const enableOther = await option(admin, { id: parent.id, enable_mfa_login: false });
    expect(enableOther.statusCode).toBe(404);
  });
});
