/**
 * lib/request-log.ts: the request log never holds a credential from a query string (issue 25):
 * activation tokens, block-page tickets, password-like keys are written as [redacted].
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { AGENT_BASE, API_BASE } from '@wayguard/contracts';
import { buildApp } from '../app.js';
import { createTestApp, nextIp, type TestApp } from '../test/harness.js';
import { loggableUrl } from './request-log.js';

describe('loggableUrl', () => {
  it.each([
    ['/api/x?token=abc', '/api/x?token=[redacted]'],
    ['/block-page?t=bp.v1.xyz&lang=en', '/block-page?t=[redacted]&lang=en'],
    [
      '/a?new_password=P&Password=Q&mfa_pin=123456&api_secret=s',
      '/a?new_password=[redacted]&Password=[redacted]&mfa_pin=[redacted]&api_secret=[redacted]',
    ],
    ['/a?%74oken=abc', '/a?%74oken=[redacted]'],
    ['/a?token', '/a?token=[redacted]'],
    ['/a?page=2&sort=name', '/a?page=2&sort=name'],
    ['/a', '/a'],
    ['/a?%E0%A4%A=1', '/a?%E0%A4%A=1'],
  ])('%s is logged as %s', (url, logged) => {
    expect(loggableUrl(url)).toBe(logged);
  });
});

describe('the request log of the running app', () => {
  let t: TestApp;
  let app: FastifyInstance;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    const capture = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    app = await buildApp({ ...t.config, LOG_LEVEL: 'info' }, t.db, { logStream: capture });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  it('writes no activation token, ticket or password from a query string, and says which route it was', async () => {
    const token = 'Tk'.repeat(32);
    const ticket = 'bp.v1.SecretTicketValue_0123456789';
    const answers = await Promise.all([
      app.inject({ method: 'GET', url: `${API_BASE}/check_activation_token?token=${token}`, remoteAddress: nextIp() }),
      app.inject({ method: 'GET', url: `${AGENT_BASE}/block-page?t=${encodeURIComponent(ticket)}&x=1` }),
      app.inject({ method: 'GET', url: `${API_BASE}/registration_info?password=Hunter2Secret` }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, expect.any(Number), 401]);
    await expect.poll(() => lines.filter((l) => l.includes('request completed')).length).toBeGreaterThanOrEqual(3);
    const log = lines.join('\n');
    for (const secret of [token, 'SecretTicketValue', 'Hunter2Secret']) expect(log).not.toContain(secret);
    const completed = lines.map((l) => JSON.parse(l) as { msg: string; url?: string; route?: string });
    expect(completed.map((l) => l.url)).toEqual(
      expect.arrayContaining([
        `${API_BASE}/check_activation_token?token=[redacted]`,
        `${AGENT_BASE}/block-page?t=[redacted]&x=1`,
        `${API_BASE}/registration_info?password=[redacted]`,
      ]),
    );
    expect(completed.map((l) => l.route)).toContain(`${API_BASE}/check_activation_token`);
  });
});
