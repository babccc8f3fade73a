/**
 * The demo's app requests (issue 12), made as the device API and the console make them: each ask goes
 * through domain/apps/asks.ts `addAppAsk` from a Northfield mobile (the teacher's tablets), the approvals
 * and denials through the console's own steps (modules/apps/service.ts `approveInTx`, `actInTx`), which
 * assign the approved apps; the tablets report those apps installed beforehand (inventory), so no install
 * command waits on a demo device (the simulator shows installs). Threads with the provider's
 * team get their status as the team's decisions would leave it. The dashboard's counts (registration
 * tests): Northfield pending 3 (admin) and 1 (tech), Riverside 1 pending (and one denied by the team).
 */
import { sql } from 'drizzle-orm';
import { personName } from '@wayguard/contracts';
import type { DbOrTx } from '../db/client.js';
import type { Actor } from '../domain/access/actor.js';
import { addAppAsk } from '../domain/apps/asks.js';
import { appByPackage } from '../domain/apps/catalogue.js';
import { replaceInstalledApps } from '../domain/apps/installed.js';
import { actInTx, approveInTx } from '../modules/apps/service.js';
import { sqlArray } from '../lib/sql-array.js';
import type { AgentDevice } from '../domain/devices/agent-device.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type Device = AgentDevice & { name: string };
type User = { id: number; username: string; firstName?: string; lastName?: string };
/** Who asks: a console user (the teacher's own tablet) or a pupil signed in on a shared tablet. */
type Asker = { kind: 'user' | 'server_user' | 'local_user'; id: number; username: string };

export type DemoAppsInput = {
  now: Date;
  northfieldId: number;
  riversideId: number;
  devices: Device[];
  riversideDevice: Device;
  teacher: User;
  admin: User;
  riversideUser: User;
  /** Pupils (server users) who sign in on the school's shared tablets: most asks are theirs. */
  pupils: Asker[];
};

type Plan = { pkg: string; asks: number; daysAgo: number; notes: string | null };

const PENDING: Plan[] = [
  { pkg: 'com.duolingo', asks: 2, daysAgo: 1, notes: 'For our Spanish homework' },
  { pkg: 'com.mojang.minecraftpe', asks: 1, daysAgo: 2, notes: 'Minecraft club on Thursdays' },
  { pkg: 'com.zhiliaoapp.musically', asks: 1, daysAgo: 3, notes: null },
];
const APPROVED: (Plan & { auto: boolean; mandatory: boolean; assignTeacher: boolean })[] = [
  {
    pkg: 'org.khanacademy.android',
    asks: 2,
    daysAgo: 20,
    notes: 'Maths revision',
    auto: true,
    mandatory: true,
    assignTeacher: false,
  },
  {
    pkg: 'com.google.android.apps.classroom',
    asks: 1,
    daysAgo: 18,
    notes: null,
    auto: true,
    mandatory: false,
    assignTeacher: false,
  },
  {
    pkg: 'com.quizlet.quizletandroid',
    asks: 1,
    daysAgo: 12,
    notes: 'Flashcards for the science test',
    auto: false,
    mandatory: false,
    assignTeacher: true,
  },
  { pkg: 'com.chess', asks: 1, daysAgo: 9, notes: 'Chess club', auto: false, mandatory: false, assignTeacher: false },
];
const DENIED: (Plan & { reason: string })[] = [
  { pkg: 'com.snapchat.android', asks: 1, daysAgo: 8, notes: 'To talk to my class', reason: 'Not for school tablets' },
  { pkg: 'com.vpn.free.unblock', asks: 1, daysAgo: 6, notes: null, reason: 'VPNs get round the filter' },
];

export async function seedDemoApps(tx: DbOrTx, o: DemoAppsInput): Promise<void> {
  const mobiles = o.devices.filter((d) => d.kind === 'mobile');
  if (mobiles.length === 0) throw new Error('the demo has no Northfield mobiles');
  let n = 0;
  const ask = async (accountId: number, device: Device, user: Asker, p: Plan, k: number) => {
    const app = await appByPackage(tx, p.pkg);
    if (!app) throw new Error(`${p.pkg} is not in the demo catalogue`);
    return addAppAsk(tx, {
      accountId,
      app,
      device: { id: device.id, name: device.name },
      requester: { kind: user.kind, id: user.id, name: user.username },
      notes: k === 0 ? p.notes : null,
      clientRequestId: `demo-app-${++n}`,
      at: new Date(o.now.getTime() - p.daysAgo * DAY + k * HOUR),
    });
  };
  // The asks go round the pupils; every fourth is the teacher's own (asked on the tablet lent to them).
  const teacher: Asker = { kind: 'user', ...o.teacher };
  let turn = 0;
  const nextAsker = () => {
    const t = turn++;
    return t % 4 === 3 || o.pupils.length === 0 ? teacher : o.pupils[(t - Math.floor(t / 4)) % o.pupils.length]!;
  };
  const asks = async (p: Plan) => {
    for (let k = 0; k < p.asks; k++) await ask(o.northfieldId, mobiles[(n + k) % mobiles.length]!, nextAsker(), p, k);
  };
  const adminName = personName({
    first_name: o.admin.firstName,
    last_name: o.admin.lastName,
    username: o.admin.username,
  });
  const admin: Actor = {
    userId: o.admin.id,
    accountId: o.northfieldId,
    username: o.admin.username,
    name: adminName,
    role: 'console_admin',
    ip: '127.0.0.1',
    sessionIdHash: '',
  };
  const at = (p: Plan) => new Date(o.now.getTime() - p.daysAgo * DAY + 6 * HOUR);
  // Decided now (their commands' timeline lines follow the devices' own), then dated as the plan says.
  const dated = (p: Plan) =>
    tx.execute(sql`UPDATE app_requests SET processed_at = ${at(p).toISOString()}
      WHERE account_id = ${o.northfieldId} AND package_name = ${p.pkg}`);

  // The tablets report what they have installed (the school's apps, put on before the console existed),
  // so the approvals below find them there and queue no install command; the simulator shows installs.
  const installed = await tx.execute<{ package_name: string; name: string; version: string }>(sql`
    SELECT package_name, name, version FROM apps
    WHERE package_name = ANY(${sqlArray([...APPROVED.filter((p) => p.auto || p.assignTeacher).map((p) => p.pkg), 'com.google.android.youtube'])}::text[])`);
  for (const [k, tablet] of mobiles.entries())
    await replaceInstalledApps(
      tx,
      o.northfieldId,
      tablet.id,
      installed.rows.map((a) => ({ ...a, installed_at: Math.floor((o.now.getTime() - (30 + k) * DAY) / 1000) })),
      o.now,
    );
  for (const p of APPROVED) {
    await asks(p);
    await approveInTx(
      tx,
      admin,
      {
        package_name: p.pkg,
        auto_assign: p.auto,
        mandatory: p.mandatory,
        assign_users: p.assignTeacher ? [o.teacher.id] : [],
      },
      o.now,
    );
    await dated(p);
  }
  for (const p of DENIED) {
    await asks(p);
    await actInTx(tx, admin, { package_name: [p.pkg], action: 'deny', status: 'admin', reason: p.reason }, o.now);
    await dated(p);
  }
  for (const p of PENDING) await asks(p);

  // With the provider's team: one escalated and waiting (in the team's queue), one the team denied by
  // policy (its review may be asked once).
  const roblox = { pkg: 'com.roblox.client', asks: 1, daysAgo: 4, notes: 'Everyone in my class plays it' };
  await asks(roblox);
  await tx.execute(sql`UPDATE app_requests SET status = 'tech', review_requested = true,
      review_notes = 'Please check whether the chat can be turned off',
      review_requested_at = ${new Date(o.now.getTime() - 2 * DAY).toISOString()}, review_requested_by = ${adminName}
    WHERE account_id = ${o.northfieldId} AND package_name = ${roblox.pkg}`);
  const discord = { pkg: 'com.discord', asks: 1, daysAgo: 14, notes: 'Homework server' };
  await asks(discord);
  await tx.execute(sql`UPDATE app_requests SET state = 'denied', status = 'tech',
      reason = 'Open chat with strangers: not suitable for pupils', processor_name = 'Wayguard Team',
      processed_at = ${at(discord).toISOString()}
    WHERE account_id = ${o.northfieldId} AND package_name = ${discord.pkg}`);

  await ask(o.riversideId, o.riversideDevice, { kind: 'user', ...o.riversideUser }, PENDING[0]!, 0);
  // Riverside's own denial by the team's policy, which its administrator may send for review (the review
  // team's e2e spec escalates and decides it, apart from Northfield's threads that other specs change).
  const instagram = { pkg: 'com.instagram.android', asks: 1, daysAgo: 5, notes: 'To share my drawings' };
  await ask(o.riversideId, o.riversideDevice, { kind: 'user', ...o.riversideUser }, instagram, 0);
  await tx.execute(sql`UPDATE app_requests SET state = 'denied', status = 'tech',
      reason = 'Not suitable for children under 13', processor_name = 'Wayguard Team',
      processed_at = ${at(instagram).toISOString()}
    WHERE account_id = ${o.riversideId} AND package_name = ${instagram.pkg}`);
}
