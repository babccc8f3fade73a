import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { call, createTestApp, type TestApp } from '../test/harness.js';
import { createAccountWithAdmin } from './create-account.js';
import { accounts, outbox, users } from '../db/schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('create-account (production bootstrap)', () => {
  it('creates an account and its first console admin, who activates by the mailed link', async () => {
    const link = await createAccountWithAdmin(t.db, t.config, {
      name: 'Hillside School',
      username: 'hillside.it',
      email: 'it@hillside.example',
      first: 'Pat',
      last: 'Lee',
    });
    const token = new URL(link).searchParams.get('token')!;
    expect(token).toHaveLength(64);
    const [account] = await t.db.select().from(accounts).where(eq(accounts.name, 'Hillside School'));
    const [admin] = await t.db.select().from(users).where(eq(users.username, 'hillside.it'));
    expect(admin).toMatchObject({ accountId: account!.id, type: 'console_admin', status: 'awaiting_activation' });
    const mails = await t.db.select().from(outbox).where(eq(outbox.to, 'it@hillside.example'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(token);

    const activated = await call(t.app, 'POST', '/activation', {
      payload: { username: 'hillside.it', password: 'Hillside2026!', password_confirm: 'Hillside2026!', token },
    });
    expect(activated.json()).toEqual({ success: true });
    const login = await call(t.app, 'POST', '/login', {
      payload: { username: 'hillside.it', password: 'Hillside2026!' },
    });
    expect(login.json().success).toBe(true);
  });

  it('refuses a username outside 5-32 characters', async () => {
    await expect(
      createAccountWithAdmin(t.db, t.config, {
        name: 'X',
        username: 'abc',
        email: 'a@b.example',
        first: 'A',
        last: 'B',
      }),
    ).rejects.toThrow('5-32');
  });
});
