/** Route-test helpers of the device-facing API: an enrolment token made through the console API, and devices enrolled with it. */
import { expect } from 'vitest';
import {
  AGENT_BASE,
  type AgentEnrollRequest,
  type AgentEnrollResponse,
  type EnrolmentTokenCreateResponse,
} from '@wayguard/contracts';
import { call, nextIp, type Session, type TestApp } from './harness.js';

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
