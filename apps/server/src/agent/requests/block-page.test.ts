/**
 * The block page (issue 11): a device gets a page for a blocked address; the page says why in plain
 * words and offers "Ask for access" unless the category is locked, requests are off or prevented; the
 * form makes one request (twice sent: still one); a forged, foreign or expired ticket shows the
 * expired page; once the address is allowed the page says so. A ticket naming one account's device under
 * another account is refused, viewed or asked from (issue 25), and the page routes log no ticket.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  AGENT_BASE,
  BLOCK_PAGE_MSG,
  BLOCK_PAGE_TICKET_MINUTES,
  CATEGORIES,
  LOCKED_CATEGORY_IDS,
  type AgentBlockPageResponse,
} from '@wayguard/contracts';
import { symbols } from 'pino';
import type { TestApp } from '../../test/harness.js';
import { buildApp } from '../../app.js';
import { sealText } from '../../lib/secret-box.js';
import { enrolDevice, newEnrolmentToken, agentTestApp, signInDemo } from '../../test/agent.js';
import { escapeHtml } from './block-page-html.js';
import { openTicket, type Ticket } from './block-page.js';
import { forgetAccountRules } from '../../domain/web-access/scope-rules.js';

let t: TestApp;
let token: string;
let nf: number;

beforeAll(async () => {
  ({ t, token } = await agentTestApp());
  nf = (await t.db.execute<{ id: number }>(sql`SELECT id FROM accounts ORDER BY id LIMIT 1`)).rows[0]!.id;
});
afterAll(async () => t.close());

let n = 0;
const SOCIAL = CATEGORIES.find((c) => c.key === 'social_networks')!;
const LOCKED = CATEGORIES.find((c) => c.id === [...LOCKED_CATEGORY_IDS][0])!;

async function hostIn(categoryId: number): Promise<string> {
  const host = `bp-${++n}-${Date.now()}.example`;
  await t.db
    .execute(sql`INSERT INTO websites (account_id, kind, name, url, pattern, match_mode, host, path, category_id)
    VALUES (${nf}, 'website', ${host}, ${'https://' + host}, ${host}, 'ends_with', ${host}, '/', ${categoryId})`);
  return host;
}

async function pageFor(secret: string, url: string): Promise<AgentBlockPageResponse> {
  const res = await t.app.inject({
    method: 'POST',
    url: `${AGENT_BASE}/block-page`,
    headers: { authorization: `Bearer ${secret}` },
    payload: { url },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AgentBlockPageResponse>();
}

const ticketOf = (pageUrl: string) => new URL(pageUrl).searchParams.get('t')!;
const open = (pageUrl: string) => {
  const u = new URL(pageUrl);
  return t.app.inject({ method: 'GET', url: u.pathname + u.search });
};
const askFor = (ticket: string, notes: string) =>
  t.app.inject({
    method: 'POST',
    url: `${AGENT_BASE}/block-page/ask`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ t: ticket, notes }).toString(),
  });

describe('block page', () => {
  it('says why in plain words, and the form makes one request however often it is sent', async () => {
    const d = await enrolDevice(t, token);
    const host = await hostIn(SOCIAL.id);
    const p = await pageFor(d.device_secret, `https://${host}/feed`);
    expect(p.page_url).toMatch(/^http:\/\/localhost:8080\/api\/agent\/v1\/block-page\?t=/);
    expect(p.expires * 1000).toBeGreaterThan(Date.now() + (BLOCK_PAGE_TICKET_MINUTES - 1) * 60_000);

    const page = await open(p.page_url);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(`<h1>${BLOCK_PAGE_MSG.title}</h1>`);
    expect(page.body).toContain(escapeHtml(BLOCK_PAGE_MSG.byCategory('Northfield Academy', SOCIAL.name)));
    expect(page.body).toContain(BLOCK_PAGE_MSG.askButton);
    expect(page.body).not.toContain('<script');

    const sent = await askFor(ticketOf(p.page_url), 'For my project');
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toContain('asked=created');
    const again = await askFor(ticketOf(p.page_url), 'For my project');
    expect(again.headers.location).toContain('asked=duplicate');
    const threads = await t.db.execute<{ id: number; notes: string }>(
      sql`SELECT id, notes FROM access_requests WHERE account_id = ${nf} AND subject_key = ${host}`,
    );
    expect(threads.rows).toHaveLength(1);
    expect(threads.rows[0]!.notes).toBe('For my project');

    const after = await t.app.inject({ method: 'GET', url: sent.headers.location as string });
    expect(after.body).toContain('role="status"');
    expect(after.body).toContain(BLOCK_PAGE_MSG.asked.created);
    expect(after.body).not.toContain(BLOCK_PAGE_MSG.askButton);
  });

  it('offers no ask for a locked category, and says nobody can unblock it', async () => {
    const d = await enrolDevice(t, token);
    const host = await hostIn(LOCKED.id);
    const page = await open((await pageFor(d.device_secret, `https://${host}/`)).page_url);
    expect(page.body).toContain(escapeHtml(BLOCK_PAGE_MSG.locked(LOCKED.name)));
    expect(page.body).toContain(BLOCK_PAGE_MSG.cannotAskLocked);
    expect(page.body).not.toContain('<form');
  });

  it('offers no ask when the device turned website requests off', async () => {
    const d = await enrolDevice(t, token);
    await t.db.execute(sql`UPDATE device_configs SET bool_settings =
      '[{"key":"allow_website_requests","value":false}]'::jsonb WHERE device_id = ${d.device_id}`);
    const host = await hostIn(SOCIAL.id);
    const page = await open((await pageFor(d.device_secret, `https://${host}/`)).page_url);
    expect(page.body).toContain(escapeHtml(BLOCK_PAGE_MSG.cannotAskOff));
    expect(page.body).not.toContain('<form');
  });

  it('says the page is allowed once an administrator allows it', async () => {
    const d = await enrolDevice(t, token);
    const host = await hostIn(SOCIAL.id);
    const p = await pageFor(d.device_secret, `https://${host}/`);
    const site = (
      await t.db.execute<{ id: number }>(sql`SELECT id FROM websites WHERE account_id = ${nf} AND host = ${host}`)
    ).rows[0]!;
    await t.db
      .execute(sql`INSERT INTO web_access_rules (account_id, scope_kind, scope_id, subject_kind, subject_id, action)
      VALUES (${nf}, 'device', ${d.device_id}, 'website', ${site.id}, 'ALLOW')`);
    // Written behind the rule writer's back: the kept rules must be told.
    forgetAccountRules(nf);
    const page = await open(p.page_url);
    expect(page.body).toContain(BLOCK_PAGE_MSG.titleAllowed);
    expect(page.body).toContain(`href="https://${host}/"`);
  });

  it('shows the expired page for a changed, foreign or expired ticket, and makes no request', async () => {
    const d = await enrolDevice(t, token);
    const host = await hostIn(SOCIAL.id);
    const ticket = ticketOf((await pageFor(d.device_secret, `https://${host}/`)).page_url);
    const changed = ticket.slice(0, -3) + (ticket.endsWith('AAA') ? 'BBB' : 'AAA');
    for (const bad of [changed, 'bp.v1.nonsense', 'nothing']) {
      const page = await t.app.inject({ method: 'GET', url: `${AGENT_BASE}/block-page?t=${encodeURIComponent(bad)}` });
      expect(page.statusCode).toBe(410);
      expect(page.body).toContain(BLOCK_PAGE_MSG.titleExpired);
      const sent = await askFor(bad, 'x');
      expect(sent.statusCode).toBe(410);
    }
    expect(
      openTicket(t.config.SECRET_KEY, ticket, new Date(Date.now() + BLOCK_PAGE_TICKET_MINUTES * 60_000)),
    ).toBeNull();
    expect(openTicket(t.config.SECRET_KEY, ticket, new Date())).not.toBeNull();
    const rows = await t.db.execute(sql`SELECT 1 FROM access_requests WHERE subject_key = ${host}`);
    expect(rows.rows).toHaveLength(0);
  });

  it('escapes what the device sent', async () => {
    const d = await enrolDevice(t, token);
    const page = await open(
      (await pageFor(d.device_secret, 'https://evil.example/"><script>alert(1)</script>')).page_url,
    );
    expect(page.body).not.toContain('<script>alert');
    expect(page.body).toContain('&lt;script&gt;');
  });

  it('needs a device secret to issue a page, and refuses a JSON-less ask body of another type', async () => {
    const res = await t.app.inject({ method: 'POST', url: `${AGENT_BASE}/block-page`, payload: { url: 'x.example' } });
    expect(res.statusCode).toBe(401);
    const wrong = await t.app.inject({
      method: 'POST',
      url: `${AGENT_BASE}/block-page/ask`,
      headers: { 'content-type': 'text/plain' },
      payload: 't=x',
    });
    expect(wrong.statusCode).toBe(415);
  });

  it("refuses a ticket naming another account's device, viewed or asked from, and writes nothing", async () => {
    const family = await signInDemo(t, 'family');
    const stranger = await enrolDevice(t, (await newEnrolmentToken(t, family)).secret);
    const host = await hostIn(SOCIAL.id);
    // Sealed with the server's key (as a leaked key would let anyone): Northfield's account, Riverside's device.
    const forged: Ticket = {
      i: `forged-${Date.now()}`,
      a: nf,
      d: stranger.device_id,
      k: 'machine',
      kind: 'website',
      url: `https://${host}/`,
      e: Math.floor(Date.now() / 1000) + 600,
    };
    const ticket = `bp.${sealText(t.config.SECRET_KEY, JSON.stringify(forged))}`;
    const page = await t.app.inject({ method: 'GET', url: `${AGENT_BASE}/block-page?t=${encodeURIComponent(ticket)}` });
    expect(page.statusCode).toBe(410);
    const sent = await askFor(ticket, 'Let me in');
    expect(sent.statusCode).toBe(410);
    expect(sent.body).toContain(BLOCK_PAGE_MSG.titleExpired);
    const threads = await t.db.execute(sql`SELECT 1 FROM access_requests WHERE subject_key = ${host}`);
    const asks = await t.db.execute(
      sql`SELECT 1 FROM access_request_asks WHERE client_request_id = ${`bp-${forged.i}`}`,
    );
    expect([threads.rows, asks.rows]).toEqual([[], []]);
  });

  it("logs the page routes' URLs without the ticket", async () => {
    const app = await buildApp(t.config, t.db);
    const logged: unknown[] = [];
    // The url as the request's logger writes it (lib/request-log.ts logs { url: request.url }).
    app.addHook('onResponse', async (request) => {
      const serializers = (request.log as unknown as Record<symbol, Record<string, (v: unknown) => unknown>>)[
        symbols.serializersSym
      ];
      logged.push(serializers?.url ? serializers.url(request.url) : request.url);
    });
    await app.ready();
    try {
      const d = await enrolDevice(t, token);
      const p = await pageFor(d.device_secret, `https://${await hostIn(SOCIAL.id)}/`);
      const u = new URL(p.page_url);
      const ticket = ticketOf(p.page_url);
      await app.inject({ method: 'GET', url: u.pathname + u.search });
      await app.inject({ method: 'GET', url: `${u.pathname}?asked=created&t=${encodeURIComponent(ticket)}` });
      expect(logged).toHaveLength(2);
      for (const line of logged) {
        expect(line).toContain('t=[redacted]');
        expect(line).not.toContain(encodeURIComponent(ticket).slice(0, 40));
      }
    } finally {
      await app.close();
    }
  });
});
