/**
 * The device-facing API (/api/agent/v1, docs/design/agent-api.md) read from the app's own route table:
 * every route declares who may call it; a device route refuses a missing, malformed, rotated or
 * console-only credential with 401 'reenrol'; a device secret opens no console API route; a route
 * without its declaration stops the app at start. Bad input is fuzz.test.ts's (it covers these routes
 * too, with a device secret).
 */
import { describe, expect, it } from 'vitest';
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'drizzle-orm';
import { AGENT_BASE, AGENT_COMMAND_MSG, AGENT_MSG } from '@wayguard/contracts';
import { queueCommand } from '../../domain/devices/device-commands.js';
import { sealText } from '../../lib/secret-box.js';
import { buildApp } from '../../app.js';
import {
  apiRoutes,
  deviceOf,
  expectSafeAnswer,
  send,
  sessionOf,
  useSecurityApp,
  type RouteInfo,
  type SecurityApp,
} from './context.js';
import { requestOf, sampleOf } from './requests.js';
import type { SampleCtx } from './policy.js';

let t: SecurityApp;
let ctx: SampleCtx;
useSecurityApp((s) => {
  ({ t, ctx } = s);
});

const agentRoutes = () => t.routes.filter((r) => r.url.startsWith(`${AGENT_BASE}/`) && r.method !== 'HEAD');
const deviceRoutes = () => agentRoutes().filter((r) => r.agent === 'device');
const call = (r: RouteInfo, o: { secret?: string; cookie?: string; csrf?: string } = {}) =>
  send(t.app, {
    method: r.method,
    url: r.url,
    ...(r.method === 'GET' ? {} : { body: '{}' }),
    headers: o.secret ? { authorization: `Bearer ${o.secret}` } : {},
    session: o.cookie ? { cookie: o.cookie, csrf: o.csrf ?? '' } : undefined,
  });

describe('device-facing API', () => {
  it('has routes, each declaring device or public; only enrolment and the block page (its sealed ticket is the key) are public', () => {
    expect(agentRoutes().map((r) => r.key)).toEqual(
      expect.arrayContaining([`POST ${AGENT_BASE}/enroll`, `POST ${AGENT_BASE}/checkin`]),
    );
    for (const r of agentRoutes())
      expect([r.key, r.agent]).toEqual([r.key, expect.stringMatching(/^(device|public)$/)]);
    expect(
      agentRoutes()
        .filter((r) => r.agent === 'public')
        .map((r) => r.key)
        .sort(),
    ).toEqual(
      [`POST ${AGENT_BASE}/enroll`, `GET ${AGENT_BASE}/block-page`, `POST ${AGENT_BASE}/block-page/ask`].sort(),
    );
  });

  it('refuses every device route without a valid device secret (none, malformed, unknown, or a console session), with the security headers', async () => {
    const admin = await sessionOf(t, 'admin');
    for (const r of deviceRoutes()) {
      for (const o of [
        {},
        { secret: 'short' },
        { secret: 'A'.repeat(43) },
        { cookie: admin.cookie, csrf: admin.csrf },
      ]) {
        const res = await call(r, o);
        expectSafeAnswer(r.key, res, { api: true });
        expect([r.key, res.statusCode, res.json()]).toEqual([
          r.key,
          401,
          expect.objectContaining({ error: AGENT_MSG.reenrol, error_code: 'reenrol', server_time: expect.any(Number) }),
        ]);
      }
    }
  });

  it('a re-enrolment with the current secret rotates it: the old one is refused everywhere', async () => {
    const instance = `sec-rotate-${Date.now()}`;
    const first = await deviceOf(t, 'admin', instance);
    const second = await deviceOf(t, 'admin', instance, 'machine', first.secret);
    expect(second.id).toBe(first.id);
    for (const r of deviceRoutes()) {
      expect([r.key, (await call(r, { secret: first.secret })).statusCode]).toEqual([r.key, 401]);
      expect([r.key, (await call(r, { secret: second.secret })).statusCode]).not.toEqual([r.key, 401]);
    }
  });

  it("a device secret never reaches another device's commands (same account or another)", async () => {
    const mine = await deviceOf(t, 'admin');
    const neighbour = await deviceOf(t, 'admin');
    const stranger = await deviceOf(t, 'family');
    const accountOf = async (id: number) =>
      (await t.db.execute<{ a: number }>(sql`SELECT account_id AS a FROM devices WHERE id = ${id}`)).rows[0]!.a;
    const password = 'Neighbour-Secret-42';
    const queued: number[] = [];
    for (const d of [neighbour, stranger]) {
      const accountId = await accountOf(d.id);
      const { id } = await t.db.transaction((tx) =>
        queueCommand(tx, {
          accountId,
          deviceId: d.id,
          type: 'set_password',
          payload: { password_sealed: sealText(t.config.SECRET_KEY, password) },
          createdByName: 'security suite',
        }),
      );
      queued.push(id);
    }
    const auth = { authorization: `Bearer ${mine.secret}` };
    const list = await send(t.app, { method: 'GET', url: `${AGENT_BASE}/commands`, headers: auth });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ commands: [] });
    expect(list.body).not.toContain(password);
    for (const id of queued) {
      for (const state of ['acknowledged', 'completed', 'failed']) {
        const res = await send(t.app, {
          method: 'POST',
          url: `${AGENT_BASE}/commands/${id}/result`,
          headers: auth,
          body: JSON.stringify({ state }),
        });
        expectSafeAnswer(`result ${id}`, res, { api: true });
        expect([id, res.statusCode, res.json()]).toEqual([
          id,
          404,
          expect.objectContaining({ error: AGENT_COMMAND_MSG.notFound }),
        ]);
      }
    }
    const states = await t.db.execute<{ state: string }>(
      sql`SELECT state FROM device_commands WHERE id IN (${sql.join(queued, sql`, `)})`,
    );
    expect(states.rows.map((r) => r.state)).toEqual(['pending', 'pending']);
  });

  it('a device secret opens no console API route', async () => {
    const device = await deviceOf(t, 'admin');
    for (const r of apiRoutes(t.routes).filter((x) => !x.public)) {
      const req = requestOf(r, sampleOf(r, ctx));
      const res = await send(t.app, { ...req, headers: { authorization: `Bearer ${device.secret}` } });
      expect([r.key, res.statusCode]).toEqual([
        r.key,
        r.method === 'GET' || r.method === 'HEAD' ? 401 : expect.any(Number),
      ]);
      expect([r.key, res.statusCode < 300]).toEqual([r.key, false]);
    }
  });

  it('stops the app at start when a device-facing route declares no caller', async () => {
    const undeclared: FastifyPluginAsync = async (app) => {
      app.register(
        async (agent) => {
          agent.post('/undeclared', async () => ({ ok: true }));
        },
        { prefix: AGENT_BASE },
      );
    };
    const app = await buildApp({ ...t.config, DEMO_OUTBOX: false }, t.db);
    const start = async () => {
      await app.register(undeclared);
      await app.ready();
    };
    await expect(start()).rejects.toThrow(/\/api\/agent\/v1\/undeclared declares no config.agent/);
    await app.close().catch(() => undefined);
  });
});
