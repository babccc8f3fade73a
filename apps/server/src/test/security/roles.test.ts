/**
 * Suite 4, roles. The role table says, for every private route, which of console_admin,
 * requests_admin and console_user may call it (with the route's sample, which acts on another user
 * where the route takes one). It is read from the routes' own declarations (config.roles, narrowed by
 * config.subjectRule: policy.ts roleTableOf), never typed twice. Each route is called by a user of each
 * role: the others get 403 and nothing changes, including where the refusal depends on the subject
 * (the service's authorize()); the allowed ones get past the role check. A private route without
 * declared roles stops the app at start (auth.test.ts proves it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { forgetAllSessions } from '../../domain/sessions/session-cache.js';
import { API_BASE } from '@wayguard/contracts';
import { users } from '../../db/schema/index.js';
import {
  apiRoutes,
  checksums,
  createSecurityApp,
  expectSafeAnswer,
  send,
  sessionOf,
  type SecurityApp,
} from './context.js';
import { ROLES, roleTableOf, type Role, type SampleCtx } from './policy.js';
import { requestOf, sampleCtx, sampleOf } from './requests.js';

/** Activated Northfield staff of each role (demo filler users, password FILLER_PASSWORD: test/demo.ts). */
const USER_OF: Record<Role, string> = {
  console_admin: 'katie.adams11',
  requests_admin: 'ella.jones5',
  console_user: 'ben.hughes2',
};
const TARGET = 'chloe.evans3';

let t: SecurityApp;
let ROLE_TABLE: Record<string, readonly Role[]> = {};
const ctxOf = new Map<Role, SampleCtx>();
beforeAll(async () => {
  t = await createSecurityApp();
  ROLE_TABLE = roleTableOf(t.routes);
  for (const role of ROLES) {
    const [u] = await t.db.select().from(users).where(eq(users.username, USER_OF[role]));
    expect([role, u?.type, u?.status]).toEqual([role, role, 'activated']);
    ctxOf.set(role, await sampleCtx(t, USER_OF[role], TARGET));
  }
});
afterAll(async () => t.close());

describe('role table', () => {
  it('refuses each role somewhere and allows each role something (the table is not trivially open or shut)', () => {
    for (const role of ROLES) {
      const allowed = Object.values(ROLE_TABLE).filter((r) => r.includes(role)).length;
      expect([role, allowed > 0]).toEqual([role, true]);
      if (role !== 'console_admin') expect([role, allowed < Object.keys(ROLE_TABLE).length]).toEqual([role, true]);
    }
    // Everything is open to the Console Admin.
    expect(Object.entries(ROLE_TABLE).filter(([, r]) => !r.includes('console_admin'))).toEqual([]);
  });

  it('reads subject-dependent rules too: everyone edits themselves, another user only a Console Admin', () => {
    const details = t.routes.find((r) => r.key === 'POST /users/details');
    expect(details?.roles).toEqual(ROLES);
    expect(details?.subjectRule).toBe('user.edit_details');
    // The sample edits another user: the table, and so the refusals below, narrow to the Console Admin.
    expect(ROLE_TABLE['POST /users/details']).toEqual(['console_admin']);
    expect(ROLE_TABLE['GET /users/details']).toEqual(ROLES);
  });
});

describe('every private route, as each role', () => {
  it('refuses the roles the table leaves out with 403, changing nothing', async () => {
    let refusals = 0;
    for (const r of apiRoutes(t.routes).filter((x) => !x.public)) {
      const allowed = ROLE_TABLE[r.key] ?? [];
      for (const role of ROLES.filter((x) => !allowed.includes(x))) {
        const session = await sessionOf(t, USER_OF[role]);
        const label = `${r.key} as ${role}`;
        const before = await checksums(t.db);
        const res = await send(t.app, requestOf(r, sampleOf(r, ctxOf.get(role)!), session));
        expectSafeAnswer(label, res, { api: true });
        expect([label, res.statusCode]).toEqual([label, 403]);
        expect(res.json()).toMatchObject({ success: false, error: expect.any(String) });
        expect(await checksums(t.db), `${label} changed data`).toEqual(before);
        refusals++;
      }
    }
    expect(refusals).toBeGreaterThanOrEqual(20);
  });

  it('lets the roles the table names past the role check', async () => {
    for (const r of apiRoutes(t.routes).filter((x) => !x.public)) {
      for (const role of ROLE_TABLE[r.key] ?? []) {
        const session = await sessionOf(t, USER_OF[role]);
        const label = `${r.key} as ${role}`;
        const res = await send(t.app, requestOf(r, sampleOf(r, ctxOf.get(role)!), session));
        expectSafeAnswer(label, res, { api: true });
        expect([label, res.statusCode === 401 || res.statusCode === 403]).toEqual([label, false]);
      }
    }
  });
});

describe('roles are read on every request', () => {
  it('a demoted Console Admin is refused at once, on the session they already hold', async () => {
    const session = await sessionOf(t, 'katie.adams11');
    const create = () =>
      send(t.app, {
        method: 'POST',
        url: `${API_BASE}/profile/2fa/setup`,
        session,
        body: '{}',
      });
    expect((await create()).statusCode).toBe(200);
    await t.db.update(users).set({ type: 'console_user' }).where(eq(users.username, 'katie.adams11'));
    // A change by SQL skips the app's forget of the user's cached sessions (domain/sessions/session-cache.ts, held up
    // to 5 s): this test used to pass only because an earlier POST /change_password sample had forgotten
    // them, which a session without a fresh password proof no longer does (issue 25).
    forgetAllSessions();
    try {
      expect((await create()).statusCode).toBe(403);
    } finally {
      await t.db.update(users).set({ type: 'console_admin' }).where(eq(users.username, 'katie.adams11'));
    }
  });
});
