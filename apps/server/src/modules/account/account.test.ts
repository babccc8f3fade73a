import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { MSG, type AccountResponse } from '@wayguard/contracts';
import { call, createTestApp, type Session, type TestApp } from '../../test/harness.js';
import { signInAs } from '../../test/demo.js';
import { accounts, auditEvents, devices } from '../../db/schema/index.js';
import { INVALID_CHARACTERS } from '../../plugins/input-guard.js';

let t: TestApp;
let blobDir: string;
let admin: Session;
let reviewer: Session;
let teacher: Session;
let family: Session;

const address = ['Northfield Academy', '12 School Lane', 'Manchester', 'M14 6HR', ''];
const phone = { country_code_id: 19, area_code: '0161', number: '496012' };

beforeAll(async () => {
  blobDir = await mkdtemp(path.join(tmpdir(), 'wg-account-'));
  t = await createTestApp({ BLOB_DIR: blobDir });
  [admin, reviewer, teacher, family] = await Promise.all([
    signInAs(t, 'admin'),
    signInAs(t, 'reviewer'),
    signInAs(t, 'teacher'),
    signInAs(t, 'family'),
  ]);
});
afterAll(async () => {
  await t.close();
  await rm(blobDir, { recursive: true, force: true });
});

async function account(s: Session): Promise<AccountResponse> {
  const res = await call(t.app, 'GET', '/account', { session: s });
  expect(res.statusCode).toBe(200);
  return res.json() as AccountResponse;
}

async function accountId(number: string): Promise<number> {
  const [a] = await t.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.accountNumber, number));
  return a!.id;
}

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const r = await t.db.execute<{ n: string }>(query);
  return Number(r.rows[0]!.n);
}

describe('GET /account', () => {
  it('answers 401 without a session', async () => {
    expect((await call(t.app, 'GET', '/account')).statusCode).toBe(401);
  });

  it('returns the account with counts from real rows', async () => {
    const a = await account(admin);
    const id = await accountId('NF-100245');
    expect(a).toMatchObject({
      account_name: 'Northfield Academy',
      account_number: 'NF-100245',
      s3_account_number: 'S3-884120',
      country_name: 'United Kingdom',
      support_provided_by: 'Wayguard Education Support',
      billed_not_registered_count: 3,
      telephone: phone,
      logo: null,
    });
    const nowSeconds = Math.floor(Date.now() / 1000);
    expect(a.console_registered).toBeGreaterThan(nowSeconds - 401 * 86_400);
    expect(a.console_registered).toBeLessThan(nowSeconds - 399 * 86_400);
    expect(a.machine_count).toBe(
      await count(
        sql`SELECT count(*) AS n FROM devices WHERE account_id = ${id} AND kind = 'machine' AND deactivated_date IS NULL`,
      ),
    );
    expect(a.mobile_count).toBe(
      await count(
        sql`SELECT count(*) AS n FROM devices WHERE account_id = ${id} AND kind = 'mobile' AND deactivated_date IS NULL`,
      ),
    );
    // Users: what the users list lists (console, server and local users, every status), which it links to.
    const listed = (await call(t.app, 'GET', '/users', { session: admin })).json<{ total_count: number }>();
    expect(a.user_count).toBe(listed.total_count);
    expect(a.user_count).toBe(
      (await count(sql`SELECT count(*) AS n FROM users WHERE account_id = ${id}`)) +
        (await count(sql`SELECT count(*) AS n FROM server_users WHERE account_id = ${id}`)),
    );
    expect(a.registered_not_billed_count).toBe(1);
    // the seed has 12 machines (one deactivated) and 8 mobiles
    expect([a.machine_count, a.mobile_count]).toEqual([11, 8]);
  });

  it('follows the device rows: a deactivated device leaves the counts', async () => {
    const before = await account(admin);
    const id = await accountId('NF-100245');
    const [d] = await t.db
      .update(devices)
      .set({ deactivatedDate: new Date() })
      .where(and(eq(devices.accountId, id), eq(devices.serial, 'NFMB2008')))
      .returning();
    try {
      expect((await account(admin)).mobile_count).toBe(before.mobile_count - 1);
    } finally {
      await t.db.update(devices).set({ deactivatedDate: null }).where(eq(devices.id, d!.id));
    }
  });

  it('returns address lines, sfa, eset and the three social profiles in order', async () => {
    const a = await account(admin);
    expect(a.address).toEqual([
      { label: 'Address Line 1', value: 'Northfield Academy', required: true },
      { label: 'Address Line 2', value: '12 School Lane', required: true },
      { label: 'Address Line 3', value: 'Manchester', required: false },
      { label: 'Address Line 4', value: 'M14 6HR', required: false },
      { label: 'Address Line 5', value: '', required: false },
    ]);
    expect(a.sfa).toMatchObject({
      can_reregister: true,
      administrator: 'admin@northfield.example',
      enterprise_id: 'LC03k9x1',
    });
    expect(a.sfa.date_registered).toBeGreaterThan(0);
    expect(a.eset).toEqual({
      is_enabled: true,
      login_url: 'https://protect.eset.example/northfield',
      administrators: [
        { id: 5001, name: 'Alex Morgan' },
        { id: 5002, name: 'IT Services' },
      ],
    });
    expect(a.social_media).toEqual([
      { label: 'Facebook', value: 'northfieldacademy', website: 'https://www.facebook.com/' },
      { label: 'Twitter', value: 'northfieldac', website: 'https://twitter.com/' },
      { label: 'YouTube', value: '', website: 'https://www.youtube.com/' },
    ]);
  });

  it('fills in empty values for an account without sfa, eset, telephone or social profiles', async () => {
    const a = await account(family);
    expect(a.account_name).toBe('Riverside Family');
    expect(a.telephone).toBeNull();
    expect(a.sfa).toEqual({ can_reregister: false, date_registered: 0, administrator: '', enterprise_id: '' });
    expect(a.eset).toEqual({ is_enabled: false, login_url: '', administrators: [] });
    expect(a.social_media.map((p) => [p.label, p.value])).toEqual([
      ['Facebook', ''],
      ['Twitter', ''],
      ['YouTube', ''],
    ]);
    expect([a.machine_count, a.mobile_count, a.billed_not_registered_count]).toEqual([1, 1, 0]);
  });

  it('hides eset values when the account has eset switched off', async () => {
    const id = await accountId('NF-100245');
    await t.db.update(accounts).set({ esetEnabled: false }).where(eq(accounts.id, id));
    try {
      expect((await account(admin)).eset).toEqual({ is_enabled: false, login_url: '', administrators: [] });
    } finally {
      await t.db.update(accounts).set({ esetEnabled: true }).where(eq(accounts.id, id));
    }
  });

  it('is readable by every console user type', async () => {
    expect((await account(reviewer)).account_name).toBe('Northfield Academy');
    expect((await account(teacher)).account_name).toBe('Northfield Academy');
  });

  it("never shows one tenant's data to the other", async () => {
    const nf = await call(t.app, 'GET', '/account', { session: admin });
    const rf = await call(t.app, 'GET', '/account', { session: family });
    expect(nf.body).not.toContain('RIVERSIDE-MARKER');
    expect(nf.body).not.toContain('Riverside');
    expect(rf.body).toContain('RIVERSIDE-MARKER');
    expect(rf.body).not.toContain('Northfield');
    expect(rf.body).not.toContain('NF-100245');
  });
});

describe('POST /account', () => {
  const save = (s: Session, payload: unknown) => call(t.app, 'POST', '/account', { session: s, payload });

  it('saves the address lines and telephone, keeps labels and flags, and audits', async () => {
    const res = await save(admin, {
      address: ['Northfield Academy', '14 School Lane', '', 'M14 6HR', 'England'],
      telephone: { country_code_id: 19, area_code: '0161', number: '496099' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const a = await account(admin);
    expect(a.address.map((l) => l.value)).toEqual(['Northfield Academy', '14 School Lane', '', 'M14 6HR', 'England']);
    expect(a.address.map((l) => [l.label, l.required])).toEqual([
      ['Address Line 1', true],
      ['Address Line 2', true],
      ['Address Line 3', false],
      ['Address Line 4', false],
      ['Address Line 5', false],
    ]);
    expect(a.telephone).toEqual({ country_code_id: 19, area_code: '0161', number: '496099' });
    const audits = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'account.updated'));
    expect(audits.at(-1)).toMatchObject({ accountId: await accountId('NF-100245'), targetType: 'account' });
  });

  it('removes the telephone with null, and missing lines read as empty', async () => {
    expect((await save(admin, { address: ['Northfield Academy', '12 School Lane'], telephone: null })).statusCode).toBe(
      200,
    );
    const a = await account(admin);
    expect(a.telephone).toBeNull();
    expect(a.address.map((l) => l.value)).toEqual(['Northfield Academy', '12 School Lane', '', '', '']);
    expect((await save(admin, { address, telephone: phone })).statusCode).toBe(200);
  });

  it.each([
    [['', '12 School Lane'], MSG.addressLineRequired('Address Line 1'), 'address.0'],
    [['Northfield Academy', '   '], MSG.addressLineRequired('Address Line 2'), 'address.1'],
    [['Northfield Academy', '12 School Lane', 'x'.repeat(33)], 'Maximum character length is 32.', 'address.2'],
  ])('refuses address %j with %s', async (lines, message, field) => {
    const res = await save(admin, { address: lines, telephone: phone });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: message, error_message: message });
    expect(res.json().fields[field]).toBe(message);
  });

  it('checks required lines against the account: Address Line 1 is "Address Line 1 is required" in both, line 2 only in Northfield', async () => {
    expect(MSG.addressLineRequired('Address Line 1')).toBe('Address Line 1 is required');
    const rf = await save(family, { address: ['', ''], telephone: null });
    expect(rf.json().error).toBe('Address Line 1 is required');
    expect((await save(family, { address: ['RIVERSIDE-MARKER 4 River Walk', ''], telephone: null })).statusCode).toBe(
      200,
    );
    expect((await account(family)).address[1]!.value).toBe('');
  });

  // Found by the long fuzz campaign: a lone surrogate reached the jsonb column and answered 500.
  it('answers 400, not 500, to a lone surrogate in a line, and stores nothing', async () => {
    const before = await account(admin);
    for (const bad of ['x\ud83d', '\udc00x']) {
      const res = await save(admin, { address: [bad, ...address.slice(1)], telephone: phone });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(INVALID_CHARACTERS);
    }
    expect((await account(admin)).address).toEqual(before.address);
    // A surrogate pair (an emoji) is ordinary text.
    const ok = await save(admin, { address: ['Northfield \ud83c\udfeb', ...address.slice(1)], telephone: phone });
    expect(ok.statusCode).toBe(200);
    expect((await account(admin)).address[0]!.value).toBe('Northfield \u{1F3EB}');
    expect((await save(admin, { address, telephone: phone })).statusCode).toBe(200);
  });

  it('refuses more than five lines', async () => {
    const res = await save(admin, { address: [...address, 'sixth'], telephone: phone });
    expect(res.statusCode).toBe(400);
  });

  it.each([
    [{ area_code: '0161', number: '496012' }, MSG.accountCountryCodeRequired],
    [{ country_code_id: null, area_code: '0161', number: '496012' }, MSG.accountCountryCodeRequired],
    [{ country_code_id: 0, area_code: '0161', number: '496012' }, MSG.accountCountryCodeRequired],
    [{ country_code_id: 999_999, area_code: '0161', number: '496012' }, MSG.accountCountryCodeRequired],
    [{ country_code_id: 19, area_code: '', number: '496012' }, MSG.accountAreaCodeRequired],
    [{ country_code_id: 19, area_code: '01611', number: '496012' }, MSG.accountAreaCodeRequired],
    [{ country_code_id: 19, area_code: '0161', number: '' }, MSG.telephoneRequired],
    [{ country_code_id: 19, area_code: '0161' }, MSG.telephoneRequired],
  ])('refuses telephone %j with the account form text', async (telephone, message) => {
    const res = await save(admin, { address, telephone });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
  });

  it('uses the lower-case texts of the account form', () => {
    expect([MSG.accountCountryCodeRequired, MSG.accountAreaCodeRequired, MSG.telephoneRequired]).toEqual([
      'Please select a country code',
      'Please select an area code',
      'Please enter a telephone number',
    ]);
  });

  it('is for console admins only: a request admin and a console user get 403, even with a bad body', async () => {
    for (const s of [reviewer, teacher]) {
      expect((await save(s, { address, telephone: phone })).statusCode).toBe(403);
      expect((await save(s, { address: 'nonsense' })).statusCode).toBe(403);
    }
    expect((await account(admin)).address.map((l) => l.value)).toEqual(address);
  });

  it('needs the CSRF token', async () => {
    const res = await call(t.app, 'POST', '/account', {
      session: admin,
      payload: { address, telephone: phone },
      csrf: null,
    });
    expect(res.statusCode).toBe(403);
  });

  it("changes only the caller's account", async () => {
    expect(
      (
        await save(family, {
          address: ['RIVERSIDE-MARKER 4 River Walk', 'Galway'],
          telephone: { country_code_id: 19, area_code: '091', number: '555000' },
        })
      ).statusCode,
    ).toBe(200);
    const nf = await account(admin);
    expect(nf.address.map((l) => l.value)).toEqual(address);
    expect(nf.telephone).toEqual(phone);
    expect(JSON.stringify(nf)).not.toContain('RIVERSIDE-MARKER');
  });
});

describe('POST /account/social_media', () => {
  const save = (s: Session, values: string[]) =>
    call(t.app, 'POST', '/account/social_media', {
      session: s,
      payload: { profiles: values.map((value) => ({ value })) },
    });

  it('stores the three handles in order, keeping labels and websites', async () => {
    const res = await save(admin, ['northfield.fb', 'northfield_tw', '@northfieldyt']);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect((await account(admin)).social_media).toEqual([
      { label: 'Facebook', value: 'northfield.fb', website: 'https://www.facebook.com/' },
      { label: 'Twitter', value: 'northfield_tw', website: 'https://twitter.com/' },
      { label: 'YouTube', value: '@northfieldyt', website: 'https://www.youtube.com/' },
    ]);
    const audits = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'account.social_media_updated'));
    expect(audits).toHaveLength(1);
  });

  it('accepts 32 characters and refuses 33 with the spec text', async () => {
    expect((await save(admin, ['a'.repeat(32), '', ''])).statusCode).toBe(200);
    const res = await save(admin, ['', 'b'.repeat(33), '']);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Maximum character length is 32.');
  });

  it('answers 400, not 500, to a lone surrogate in a handle', async () => {
    const res = await save(admin, ['\ud800', '', '']);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(INVALID_CHARACTERS);
  });

  it('needs exactly three profiles', async () => {
    expect((await save(admin, ['a', 'b'])).statusCode).toBe(400);
    expect((await save(admin, ['a', 'b', 'c', 'd'])).statusCode).toBe(400);
  });

  it('is for console admins only', async () => {
    expect((await save(reviewer, ['x', 'y', 'z'])).statusCode).toBe(403);
    expect((await save(teacher, ['x', 'y', 'z'])).statusCode).toBe(403);
    expect((await account(admin)).social_media[0]!.value).toBe('a'.repeat(32));
  });

  it("changes only the caller's account", async () => {
    expect((await save(family, ['RIVERSIDE-MARKER', '', ''])).statusCode).toBe(200);
    expect(JSON.stringify(await account(admin))).not.toContain('RIVERSIDE-MARKER');
    expect((await account(family)).social_media[0]!.value).toBe('RIVERSIDE-MARKER');
  });
});
