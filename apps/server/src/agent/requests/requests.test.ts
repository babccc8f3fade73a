import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  AGENT_BASE,
  AGENT_REQUEST_MSG,
  CATEGORIES,
  LOCKED_CATEGORY_IDS,
  type AgentRequestResponse,
} from '@wayguard/contracts';
import type { Session, TestApp } from '../../test/harness.js';
import { enrolDevice, newEnrolmentToken, agentTestApp, signInDemo } from '../../test/agent.js';
import { forgetAccountRules } from '../../domain/web-access/scope-rules.js';

let t: TestApp;
let family: Session;
let token: string;
let familyToken: string;
let nf: number;

beforeAll(async () => {
  ({ t, token } = await agentTestApp());
  family = await signInDemo(t, 'family');
  familyToken = (await newEnrolmentToken(t, family)).secret;
  nf = (await t.db.execute<{ id: number }>(sql`SELECT id FROM accounts ORDER BY id LIMIT 1`)).rows[0]!.id;
});
afterAll(async () => t.close());

let n = 0;
const uid = () => `r${++n}-${Date.now()}`;
const ask = (secret: string, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `${AGENT_BASE}/requests`,
    headers: { authorization: `Bearer ${secret}` },
    payload: { request_id: uid(), kind: 'website', ...body },
  });
const answer = async (secret: string, body: Record<string, unknown>) => {
  const res = await ask(secret, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AgentRequestResponse>();
};
const SOCIAL = CATEGORIES.find((c) => c.key === 'social_networks')!.id;
const LOCKED = [...LOCKED_CATEGORY_IDS][0]!;

/** A new host of the account in a category (social networks: blocked for the whole Northfield account). */
async function hostIn(accountId: number, categoryId: number): Promise<string> {
  const host = `site-${uid()}.example`.toLowerCase();
  await t.db
    .execute(sql`INSERT INTO websites (account_id, kind, name, url, pattern, match_mode, host, path, category_id)
    VALUES (${accountId}, 'website', ${host}, ${'https://' + host}, ${host}, 'ends_with', ${host}, '/', ${categoryId})`);
  return host;
}
const thread = async (id: number) =>
  (await t.db.execute<Record<string, unknown>>(sql`SELECT * FROM access_requests WHERE id = ${id}`)).rows[0]!;
const asksOf = async (id: number) =>
  (await t.db.execute<{ device_id: number }>(sql`SELECT * FROM access_request_asks WHERE request_id = ${id}`)).rows;

describe('POST /api/agent/v1/requests', () => {
  it('creates a pending thread with one ask and a timeline line; the same request_id again is a duplicate', async () => {
    const d = await enrolDevice(t, token);
    const host = await hostIn(nf, SOCIAL);
    const body = { request_id: uid(), url: `https://www.${host}/page?x=1`, title: 'A page', notes: 'For homework' };
    const first = await answer(d.device_secret, body);
    expect(first).toMatchObject({ status: 'created', request_id: expect.any(Number) });
    const row = await thread(first.request_id!);
    expect(row).toMatchObject({
      account_id: nf,
      kind: 'website',
      state: 'pending',
      status: 'admin',
      subject_key: host,
      device_count: 1,
      association_type: 'machine',
      association_id: d.device_id,
      notes: 'For homework',
    });
    expect(row.website_id).not.toBeNull();
    const again = await answer(d.device_secret, body);
    expect(again).toMatchObject({ status: 'duplicate', request_id: first.request_id });
    expect(await asksOf(first.request_id!)).toHaveLength(1);
    const lines = await t.db.execute<{ text: string }>(
      sql`SELECT text FROM device_timeline WHERE device_id = ${d.device_id} AND kind = 'request_sent'`,
    );
    expect(lines.rows.map((l) => l.text)).toEqual([`Website request sent: ${host}`]);
  });

  it('joins the pending thread of the subject: several devices make one thread', async () => {
    const [a, b] = [await enrolDevice(t, token), await enrolDevice(t, token, { kind: 'mobile' })];
    const host = await hostIn(nf, SOCIAL);
    const one = await answer(a.device_secret, { url: `https://${host}` });
    const two = await answer(b.device_secret, { url: `http://WWW.${host.toUpperCase()}/other` });
    expect(one.status).toBe('created');
    expect(two).toMatchObject({ status: 'joined', request_id: one.request_id });
    expect(await thread(one.request_id!)).toMatchObject({
      device_count: 2,
      association_type: 'devices',
      association_id: null,
      for_name: '2 devices',
    });
    expect((await asksOf(one.request_id!)).map((x) => x.device_id).sort()).toEqual([a.device_id, b.device_id].sort());
  });

  it('answers the same thread to asks sent at once, with one ask each', async () => {
    const devs = await Promise.all([1, 2, 3].map(() => enrolDevice(t, token)));
    const host = await hostIn(nf, SOCIAL);
    const answers = await Promise.all(devs.map((d) => answer(d.device_secret, { url: `https://${host}` })));
    expect(new Set(answers.map((x) => x.request_id)).size).toBe(1);
    expect(answers.map((x) => x.status).sort()).toEqual(['created', 'joined', 'joined']);
    expect(await asksOf(answers[0]!.request_id!)).toHaveLength(3);
  });

  it('names the asking server user, and counts requesters', async () => {
    const d = await enrolDevice(t, token);
    const host = await hostIn(nf, SOCIAL);
    const pupils = (
      await t.db.execute<{ id: number; username: string; first_name: string; last_name: string }>(
        sql`SELECT id, username, first_name, last_name FROM server_users WHERE account_id = ${nf}
          AND type = 'server_user' AND status = 'activated' AND first_name <> '' ORDER BY id LIMIT 2`,
      )
    ).rows;
    for (const p of pupils)
      await answer(d.device_secret, { url: host, user: { kind: 'server_user', username: p.username } });
    const [first] = (
      await t.db.execute<Record<string, unknown>>(sql`SELECT * FROM access_requests WHERE subject_key = ${host}`)
    ).rows;
    expect(first).toMatchObject({
      requester_kind: 'server_user',
      requester_id: pupils[0]!.id,
      requester_name: `${pupils[0]!.first_name} ${pupils[0]!.last_name}`.trim(),
      requester_count: 2,
      device_count: 1,
    });
    expect(first!.requester_name).not.toBe(pupils[0]!.username);
    // A user without a name (a local user the account does not know yet) is named by their username.
    const other = await hostIn(nf, SOCIAL);
    await answer(d.device_secret, { url: other, user: { kind: 'local_user', username: 'student@NF-NEW-PC' } });
    const [second] = (
      await t.db.execute<{ requester_name: string }>(
        sql`SELECT requester_name FROM access_requests WHERE subject_key = ${other}`,
      )
    ).rows;
    expect(second?.requester_name).toBe('student@NF-NEW-PC');
  });

  it('answers not_blocked for an allowed address and locked for a provider-locked one, making no thread', async () => {
    const d = await enrolDevice(t, token);
    const open = `open-${uid()}.example`.toLowerCase();
    expect(await answer(d.device_secret, { url: `https://${open}` })).toMatchObject({
      status: 'not_blocked',
      request_id: null,
    });
    const locked = await hostIn(nf, LOCKED);
    expect(await answer(d.device_secret, { url: `https://${locked}` })).toMatchObject({
      status: 'locked',
      request_id: null,
    });
    const made = await t.db.execute(sql`SELECT 1 FROM access_requests WHERE subject_key IN (${open}, ${locked})`);
    expect(made.rows).toHaveLength(0);
  });

  it('answers disabled when the device setting or the user option turns requests off', async () => {
    const d = await enrolDevice(t, token);
    const host = await hostIn(nf, SOCIAL);
    await t.db.execute(sql`INSERT INTO device_configs (device_id, account_id, bool_settings)
      VALUES (${d.device_id}, ${nf}, ${JSON.stringify([{ key: 'allow_website_requests', value: false }])}::jsonb)
      ON CONFLICT (device_id) DO UPDATE SET bool_settings = EXCLUDED.bool_settings`);
    expect((await answer(d.device_secret, { url: host })).status).toBe('disabled');
    // Media requests are still on for the device, but off for this pupil.
    const pupil = (
      await t.db.execute<{ id: number; username: string }>(
        sql`SELECT id, username FROM server_users WHERE account_id = ${nf} AND type = 'server_user' ORDER BY id DESC LIMIT 1`,
      )
    ).rows[0]!;
    await t.db.execute(sql`UPDATE server_users SET options = options || '{"disable_media_requests": true}'::jsonb
      WHERE id = ${pupil.id}`);
    const media = { type: 'video', title: 'A video' };
    expect(
      (
        await answer(d.device_secret, {
          kind: 'media',
          url: `https://www.youtube.com/watch?v=${uid()}`,
          media,
          user: { kind: 'server_user', username: pupil.username },
        })
      ).status,
    ).toBe('disabled');
  });

  it('answers prevented after a denial that prevents further requests', async () => {
    const [a, b] = [await enrolDevice(t, token), await enrolDevice(t, token)];
    const host = await hostIn(nf, SOCIAL);
    const first = await answer(a.device_secret, { url: host });
    await t.db.execute(
      sql`UPDATE access_requests SET state = 'denied', prevent_requests = true WHERE id = ${first.request_id}`,
    );
    expect(await answer(b.device_secret, { url: `https://www.${host}` })).toMatchObject({
      status: 'prevented',
      request_id: first.request_id,
    });
    await t.db.execute(sql`UPDATE access_requests SET prevent_requests = false WHERE id = ${first.request_id}`);
    const later = await answer(b.device_secret, { url: host });
    expect(later.status).toBe('created');
    expect(later.request_id).not.toBe(first.request_id);
  });

  it('makes media threads of the item (host and path), with its media row', async () => {
    await t.db
      .execute(sql`INSERT INTO web_access_rules (account_id, scope_kind, scope_id, subject_kind, subject_id, action)
      SELECT ${nf}, 'account', 0, 'category', ${SOCIAL}, 'BLOCK' ON CONFLICT DO NOTHING`);
    const d = await enrolDevice(t, token);
    // Block video sites for this device: the media item is then blocked.
    const yt = await hostIn(nf, SOCIAL);
    const url = `https://${yt}/watch?v=abc`;
    const media = { type: 'video', title: 'Volcanoes', thumbnail: 'https://img.example/v.jpg', description: 'Lava' };
    const r = await answer(d.device_secret, { kind: 'media', url, media });
    expect(r.status).toBe('created');
    const row = await thread(r.request_id!);
    expect(row).toMatchObject({
      kind: 'media',
      subject_key: `${yt}/watch?v=abc`,
      title: 'Volcanoes',
      media_type: 'video',
    });
    const site = (
      await t.db.execute<Record<string, unknown>>(sql`SELECT * FROM websites WHERE id = ${row.website_id as number}`)
    ).rows[0];
    expect(site).toMatchObject({ kind: 'media', match_mode: 'exact', title: 'Volcanoes', account_id: nf });
  });

  it('refuses a URL without a host and a media request without its item, with 400 and the message', async () => {
    const d = await enrolDevice(t, token);
    const bad = await ask(d.device_secret, { url: 'https://' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: AGENT_REQUEST_MSG.urlInvalid });
    const noMedia = await ask(d.device_secret, { kind: 'media', url: 'https://www.youtube.com/watch?v=1' });
    expect(noMedia.statusCode).toBe(400);
    expect(noMedia.body).toContain(AGENT_REQUEST_MSG.mediaMissing);
    const long = await ask(d.device_secret, { url: 'https://a.example', notes: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
  });

  it("keeps each account's threads apart: the same site from another account makes its own thread", async () => {
    const mine = await enrolDevice(t, token);
    const theirs = await enrolDevice(t, familyToken);
    const host = await hostIn(nf, SOCIAL);
    const rf = (
      await t.db.execute<{ account_id: number }>(sql`SELECT account_id FROM devices WHERE id = ${theirs.device_id}`)
    ).rows[0]!.account_id;
    await hostIn(rf, SOCIAL).then((h) =>
      t.db.execute(
        sql`UPDATE websites SET pattern = ${host}, host = ${host}, name = ${host} WHERE account_id = ${rf} AND host = ${h}`,
      ),
    );
    await t.db
      .execute(sql`INSERT INTO web_access_rules (account_id, scope_kind, scope_id, subject_kind, subject_id, action)
      VALUES (${rf}, 'account', 0, 'category', ${SOCIAL}, 'BLOCK') ON CONFLICT DO NOTHING`);
    // Written behind the rule writer's back: the kept rules must be told.
    forgetAccountRules(rf);
    const a = await answer(mine.device_secret, { url: host });
    const b = await answer(theirs.device_secret, { url: host });
    expect(a.status).toBe('created');
    expect(b.status).toBe('created');
    expect(b.request_id).not.toBe(a.request_id);
    expect((await thread(b.request_id!)).account_id).toBe(rf);
  });
});
