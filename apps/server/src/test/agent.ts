/** Route-test helpers of the device-facing API: an enrolment token made through the console API, and devices enrolled with it. */
import { expect } from 'vitest';
import {
  AGENT_BASE,
  type AgentEnrollRequest,
  type AgentEnrollResponse,
  type EnrolmentTokenCreateResponse,
} from '@wayguard/contracts';
import { call, createTestApp, nextIp, type Session, type TestApp } from './harness.js';
import { DEMO_USERS, signInAs } from './demo.js';

export type DemoUser = 'admin' | 'family';

/** A console session of the demo's `admin` (the school) or `family` (test/demo.ts holds their passwords). */
export const signInDemo = (t: TestApp, who: DemoUser): Promise<Session> => signInAs(t, who);

/** The login body of a demo user, for a server started outside the test (the fault and cross-process suites). */
export const demoLogin = (who: DemoUser) => ({ username: who, password: DEMO_USERS[who].password });

/** A new enrolment token of `admin`'s account (POST /enrolment_tokens); `.secret` enrols devices. */
export async function newEnrolmentToken(
  t: TestApp,
  admin: Session,
  payload: Record<string, unknown> = {},
): Promise<EnrolmentTokenCreateResponse> {
  const res = await call(t.app, 'POST', '/enrolment_tokens', {
    session: admin,
    payload: { label: 'Test devices', max_uses: 50, valid_days: 1, ...payload },
  });
  expect(res.statusCode).toBe(200);
  return res.json<EnrolmentTokenCreateResponse>();
}

let n = 0;
/** Enrols a new device with `token` (POST /api/agent/v1/enroll); its id and secret. */
export async function enrolDevice(
  t: TestApp,
  token: string,
  over: Partial<AgentEnrollRequest> = {},
): Promise<AgentEnrollResponse> {
  n += 1;
  const unique = `${n}-${Date.now()}`;
  const res = await t.app.inject({
    method: 'POST',
    url: `${AGENT_BASE}/enroll`,
    payload: {
      token,
      instance_id: `test-${unique}`,
      kind: 'machine',
      serial: `TEST-${unique}`,
      name: `Test ${n}`,
      ...over,
    },
    remoteAddress: nextIp(),
  });
  expect(res.statusCode).toBe(200);
  return res.json<AgentEnrollResponse>();
}

/** A call of the device-facing API, with a device secret when given. */
export function agentCall(
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  o: { payload?: unknown; secret?: string } = {},
) {
  return t.app.inject({
    method,
    url: `${AGENT_BASE}${path}`,
    headers: o.secret ? { authorization: `Bearer ${o.secret}` } : {},
    payload: method === 'GET' ? undefined : ((o.payload ?? {}) as object),
    remoteAddress: nextIp(),
  });
}

/** An app for a file of device-API tests: the demo admin signed in, and an enrolment token of its account. */
export type AgentTestApp = { t: TestApp; admin: Session; token: string };

/**
 * A new test app, the demo admin's session and an enrolment token (`tokenPayload`: the token's label,
 * uses, ...). The file closes it: `afterAll(async () => t.close())`.
 */
export async function agentTestApp(tokenPayload: Record<string, unknown> = {}): Promise<AgentTestApp> {
  const t = await createTestApp();
  const admin = await signInDemo(t, 'admin');
  return { t, admin, token: (await newEnrolmentToken(t, admin, tokenPayload)).secret };
}
