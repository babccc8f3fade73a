/**
 * Suite 2, CSRF. Every POST/PUT/PATCH/DELETE route (from the route table) refuses a call without the
 * CSRF header, with an empty one, with another session's token or a near miss of its own, and with
 * the token anywhere but the header; the database is unchanged afterwards (per-table checksums; see
 * CHURN in context.ts for what is left out and why). JSON routes refuse the content types a page on
 * another site can send without a preflight (text/plain, form-encoded, multipart) with 415, and
 * multipart routes take only multipart.
 */
import { describe, expect, it } from 'vitest';
import { MSG } from '@wayguard/contracts';
import {
  MUTATING,
  apiRoutes,
  checksums,
  useSecurityApp,
  expectSafeAnswer,
  send,
  sessionOf,
  type RouteInfo,
  type SecurityApp,
  type Session,
} from './context.js';
import { requestOf, sampleOf } from './requests.js';
import type { SampleCtx } from './policy.js';

let t: SecurityApp;
let admin: Session;
let other: Session;
let ctx: SampleCtx;
useSecurityApp(async (s) => {
  ({ t, admin, ctx } = s);
  other = await sessionOf(t, 'teacher');
});

const REFUSED = { success: false, error: MSG.csrfMissing, error_message: MSG.csrfMissing };
const mutating = () => apiRoutes(t.routes).filter((r) => MUTATING.includes(r.method));
const sample = (r: RouteInfo, session?: Session) => requestOf(r, sampleOf(r, ctx), session);

/** Runs `calls` for each route and checks that no table changed (naming the tables that did). */
async function unchangedBy(label: string, calls: () => Promise<void>) {
  const before = await checksums(t.db);
  await calls();
  const after = await checksums(t.db);
  const changed = Object.keys(after).filter((k) => after[k] !== before[k]);
  expect([label, changed]).toEqual([label, []]);
}

describe('CSRF on private mutating routes', () => {
  it('finds the mutating routes', () => {
    expect(mutating().filter((r) => !r.public).length).toBeGreaterThanOrEqual(15);
  });

  it('refuses a missing, empty, foreign or near-miss token, and changes nothing', async () => {
    const near = [
      null,
      '',
      other.csrf,
      admin.csrf.slice(0, -1),
      `${admin.csrf}x`,
      ` ${admin.csrf}`,
      admin.csrf.toUpperCase() === admin.csrf ? admin.csrf.toLowerCase() : admin.csrf.toUpperCase(),
      'anonymous',
    ];
    for (const r of mutating().filter((x) => !x.public)) {
      await unchangedBy(r.key, async () => {
        for (const csrf of near) {
          const res = await send(t.app, { ...sample(r, admin), csrf });
          expectSafeAnswer(r.key, res, { api: true });
          expect([r.key, csrf, res.statusCode, res.json()]).toEqual([r.key, csrf, 403, REFUSED]);
        }
      });
    }
    // None of that ended or changed the session.
    expect(
      (await send(t.app, { method: 'GET', url: '/api/mobile/admin/registration_info', session: admin })).statusCode,
    ).toBe(200);
  });

  it('does not take the token from the query string, the body or a cookie', async () => {
    for (const r of mutating().filter((x) => !x.public && !x.multipart)) {
      await unchangedBy(r.key, async () => {
        const s = sample(r, admin);
        const body = JSON.parse(String(s.body)) as Record<string, unknown>;
        for (const variant of [
          { ...s, url: `${s.url}${s.url.includes('?') ? '&' : '?'}x-csrf-token=${admin.csrf}`, csrf: null },
          { ...s, body: JSON.stringify({ ...body, csrf_token: admin.csrf, 'x-csrf-token': admin.csrf }), csrf: null },
          { ...s, csrf: null, headers: { cookie: `x-csrf-token=${admin.csrf}; wg_session=${admin.cookie}` } },
        ]) {
          const res = await send(t.app, { ...variant, session: variant.headers ? undefined : admin });
          expect([r.key, res.statusCode]).toEqual([r.key, 403]);
        }
      });
    }
  });

  it('is not satisfied by a token of a logged-out session of the same user', async () => {
    const old = await sessionOf(t, 'admin');
    await send(t.app, { method: 'POST', url: '/api/mobile/admin/logout', session: old, body: '{}' });
    for (const r of mutating().filter((x) => !x.public)) {
      const res = await send(t.app, { ...sample(r, admin), csrf: old.csrf });
      expect([r.key, res.statusCode]).toEqual([r.key, 403]);
    }
  });
});

describe('CSRF on public mutating routes', () => {
  it('needs the header present, with or without a session cookie', async () => {
    for (const r of mutating().filter((x) => x.public)) {
      await unchangedBy(r.key, async () => {
        for (const session of [undefined, admin]) {
          for (const csrf of [null, '']) {
            const res = await send(t.app, { ...sample(r, session), csrf });
            expect([r.key, res.statusCode, res.json()]).toEqual([r.key, 403, REFUSED]);
          }
        }
      });
    }
  });
});

describe('content types', () => {
  /** Bodies a cross-site form or fetch without a preflight can send, and others a JSON route must not parse. */
  const foreign = (json: string) => [
    { type: 'text/plain', body: json },
    { type: 'text/plain;charset=UTF-8', body: json },
    { type: 'application/x-www-form-urlencoded', body: 'a=1&json=' + encodeURIComponent(json) },
    {
      type: 'multipart/form-data; boundary=x',
      body: `--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n`,
    },
    { type: 'text/xml', body: '<a/>' },
    { type: 'application/xml', body: '<a/>' },
    { type: 'application/csp-report', body: json },
    { type: 'text/json', body: json },
  ];

  it('JSON routes answer 415 to anything but JSON, with a valid token, and change nothing', async () => {
    for (const r of mutating().filter((x) => !x.multipart)) {
      const s = sample(r, r.public ? undefined : admin);
      await unchangedBy(r.key, async () => {
        for (const f of foreign(String(s.body))) {
          const res = await send(t.app, { ...s, body: f.body, contentType: f.type });
          expectSafeAnswer(r.key, res, { api: true });
          expect([r.key, f.type, res.statusCode]).toEqual([r.key, f.type, 415]);
        }
      });
    }
  });

  it('JSON routes do parse application/json (with a charset too), so the 415s above are about the type', async () => {
    for (const r of mutating().filter(
      (x) => !x.multipart && x.key !== 'POST /logout' && x.key !== 'POST /change_password',
    )) {
      for (const type of ['application/json', 'application/json; charset=utf-8']) {
        const res = await send(t.app, { ...sample(r, r.public ? undefined : admin), contentType: type });
        expect([r.key, type, res.statusCode === 415]).toEqual([r.key, type, false]);
      }
    }
  });

  it('multipart routes take only multipart bodies', async () => {
    const multipart = mutating().filter((x) => x.multipart);
    expect(multipart.length).toBeGreaterThan(0);
    for (const r of multipart) {
      await unchangedBy(r.key, async () => {
        for (const f of [
          { type: 'application/json', body: '{"feedback_name":"x"}' },
          { type: 'text/plain', body: 'feedback_name=x' },
          { type: 'application/x-www-form-urlencoded', body: 'feedback_name=x' },
        ]) {
          const res = await send(t.app, { ...sample(r, admin), body: f.body, contentType: f.type });
          expect([r.key, f.type, res.statusCode]).toEqual([r.key, f.type, 415]);
        }
      });
    }
  });
});
