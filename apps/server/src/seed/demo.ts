/**
 * Deterministic demo data (README): two accounts, users in every status, devices with alerts (made
 * through the device API's own services: demo-devices.ts), server users, requests of all kinds, so
 * that every count on the dashboard comes from real rows.
 */
import { sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Db, DbOrTx } from '../db/client.js';
import {
  accounts,
  agreementAcceptances,
  agreements,
  enrolmentTokens,
  serverConnections,
  serverUsers,
  users,
  type AccessPermissions,
} from '../db/schema/index.js';
import { hashPassword, randomToken, sha256 } from '../lib/crypto.js';
import { ENROLMENT_TOKEN } from '@wayguard/contracts';
import { issueActivation } from '../domain/users/credentials.js';
import { seedReferenceData } from './reference-data.js';
import { seedDemoApps } from './demo-apps.js';
import { fillerUsers, NORTHFIELD_USERS, RIVERSIDE_USERS, type DemoUser } from './demo-users.js';
import { seedDemoDevices } from './demo-devices.js';
import { seedDemoWebAccess } from './demo-web-access.js';
import { linkDemoRequestWebsites, seedDemoRequests } from './demo-requests.js';
import { seedDemoProviderStaff } from './provider-staff.js';

/** Northfield Academy's, the first demo account. */
const DEMO_ACCOUNT_NUMBER = 'NF-100245';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ALL_PERMISSIONS: AccessPermissions = {
  allow_user_creation: true,
  allow_screen_capture_access: true,
  manage_server_users: true,
  allow_disable_media_requests: true,
  allow_disable_website_requests: true,
  allow_social_media: true,
};

/** Small deterministic PRNG (mulberry32) so that every reset makes the same data. */
function prng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export async function seedDemoIfEmpty(db: Db, config: Config): Promise<boolean> {
  const r = await db.execute<{ n: string }>(sql`SELECT count(*) AS n FROM accounts`);
  if (Number(r.rows[0]?.n ?? 0) > 0) return false;
  await seedDemo(db, config);
  return true;
}

/** True when the demo's first account and its admin exist (seeded earlier), so the printed sign-ins apply. */
export async function demoPresent(db: Db): Promise<boolean> {
  const r = await db.execute(
    sql`SELECT 1 FROM users u JOIN accounts a ON a.id = u.account_id
        WHERE a.account_number = ${DEMO_ACCOUNT_NUMBER} AND u.username = 'admin' LIMIT 1`,
  );
  return r.rows.length > 0;
}

/** Empties every table, then seeds. */
export async function resetDemo(db: Db, config: Config): Promise<void> {
  const tables = await db.execute<{ tablename: string }>(
    sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public'`,
  );
  const names = tables.rows.map((t) => `"${t.tablename}"`).join(', ');
  if (names) await db.execute(sql.raw(`TRUNCATE ${names} RESTART IDENTITY CASCADE`));
  await seedDemo(db, config);
}

async function insertUsers(
  tx: DbOrTx,
  accountId: number,
  list: DemoUser[],
  now: Date,
  rand: () => number,
  creator: string,
  /** When the account was registered: its users were created, and active, after it. */
  since: Date,
) {
  const ageDays = (now.getTime() - since.getTime()) / DAY;
  const hashes = new Map<string, string>();
  for (const p of new Set(list.map((u) => u.password).filter((p): p is string => p !== null)))
    hashes.set(p, await hashPassword(p));
  const rows = await tx
    .insert(users)
    .values(
      list.map((u, i) => {
        const activity = rand();
        const lastActive =
          u.status === 'awaiting_activation'
            ? null
            : activity < 0.25
              ? new Date(now.getTime() - rand() * HOUR)
              : activity < 0.7
                ? new Date(now.getTime() - (1 + rand() * 28) * DAY)
                : activity < 0.92
                  ? new Date(now.getTime() - (31 + rand() * Math.min(200, ageDays - 45)) * DAY)
                  : null;
        return {
          accountId,
          username: u.username,
          email: u.email,
          firstName: u.first,
          lastName: u.last,
          timeZone: 'Europe/London',
          type: u.type,
          status: u.status,
          previousStatus: u.status === 'deactivated' ? 'activated' : null,
          passwordHash: u.password ? hashes.get(u.password)! : null,
          mustChangePassword: u.mustChange ?? false,
          mfaEnabled: u.mfaEnabled ?? false,
          mfaSecret: u.mfaSecret ?? null,
          hasConfirmedDetails: u.confirmed,
          options: u.options ?? { mobile_app_access: u.type === 'console_user', beta_version_access: false },
          deactivatedNotes: u.status === 'deactivated' ? 'Left the school at the end of term.' : null,
          failedEmailDate: i % 17 === 5 ? new Date(now.getTime() - 2 * DAY) : null,
          failedEmailReason: i % 17 === 5 ? '550 5.1.1 Mailbox does not exist' : null,
          lastActive,
          telephone: i % 3 === 0 ? { number: '496000', area_code: '0161', country_code_id: 19 } : null,
          createdByName: creator,
          // Created before they were ever active (the demo's seed test holds the dates in order).
          createdAt: new Date(
            Math.max(
              since.getTime() + DAY,
              Math.min(now.getTime() - (40 + i) * DAY, (lastActive?.getTime() ?? Infinity) - (1 + (i % 30)) * DAY),
            ),
          ),
        };
      }),
    )
    .returning();
  return rows;
}

export async function seedDemo(db: Db, config: Config): Promise<void> {
  const now = new Date();
  const rand = prng(20261121);
  await db.transaction(async (tx) => {
    await seedReferenceData(tx, now);
    const [terms] = await tx
      .select()
      .from(agreements)
      .where(sql`${agreements.kind} = 'terms_of_use'`);

    const [northfield, riverside] = await tx
      .insert(accounts)
      .values([
        {
          name: 'Northfield Academy',
          accountNumber: DEMO_ACCOUNT_NUMBER,
          s3AccountNumber: 'S3-884120',
          consoleRegistered: new Date(now.getTime() - 400 * DAY),
          countryName: 'United Kingdom',
          supportProvidedBy: 'Wayguard Education Support',
          address: [
            { label: 'Address Line 1', value: 'Northfield Academy', required: true },
            { label: 'Address Line 2', value: '12 School Lane', required: true },
            { label: 'Address Line 3', value: 'Manchester', required: false },
            { label: 'Address Line 4', value: 'M14 6HR', required: false },
            { label: 'Address Line 5', value: '', required: false },
          ],
          telephone: { number: '496012', area_code: '0161', country_code_id: 19 },
          socialMedia: [
            { label: 'Facebook', value: 'northfieldacademy', website: 'https://www.facebook.com/' },
            { label: 'Twitter', value: 'northfieldac', website: 'https://twitter.com/' },
            { label: 'YouTube', value: '', website: 'https://www.youtube.com/' },
          ],
          esetEnabled: true,
          esetLoginUrl: 'https://protect.eset.example/northfield',
          esetAdministrators: [
            { id: 5001, name: 'Alex Morgan' },
            { id: 5002, name: 'IT Services' },
          ],
          sfaEnterpriseId: 'LC03k9x1',
          sfaCanReregister: true,
          sfaDateRegistered: new Date(now.getTime() - 200 * DAY),
          sfaAdministrator: 'admin@northfield.example',
          accessPermissions: ALL_PERMISSIONS,
          billedNotRegisteredCount: 3,
        },
        {
          name: 'Riverside Family',
          accountNumber: 'RF-300871',
          s3AccountNumber: 'S3-310554',
          consoleRegistered: new Date(now.getTime() - 90 * DAY),
          countryName: 'Ireland',
          supportProvidedBy: 'Wayguard Home',
          address: [
            { label: 'Address Line 1', value: 'RIVERSIDE-MARKER 4 River Walk', required: true },
            { label: 'Address Line 2', value: 'Galway', required: false },
            { label: 'Address Line 3', value: '', required: false },
            { label: 'Address Line 4', value: '', required: false },
            { label: 'Address Line 5', value: '', required: false },
          ],
          accessPermissions: { ...ALL_PERMISSIONS, allow_screen_capture_access: false },
        },
      ])
      .returning();
    if (!northfield || !riverside) throw new Error('seed: accounts');

    const nfUsers = await insertUsers(
      tx,
      northfield.id,
      [...NORTHFIELD_USERS, ...fillerUsers()],
      now,
      rand,
      'Alex Morgan',
      northfield.consoleRegistered ?? now,
    );
    const rfUsers = await insertUsers(
      tx,
      riverside.id,
      RIVERSIDE_USERS.map((u) => ({ ...u, last: u.username === 'riverside-parent' ? 'RIVERSIDE-MARKER' : u.last })),
      now,
      rand,
      'Jordan Rivers',
      riverside.consoleRegistered ?? now,
    );
    const byName = new Map([...nfUsers, ...rfUsers].map((u) => [u.username, u]));
    const acceptedBy = [...NORTHFIELD_USERS, ...fillerUsers(), ...RIVERSIDE_USERS]
      .filter((u) => u.acceptedTerms)
      .map((u) => byName.get(u.username)!);
    if (terms) {
      await tx.insert(agreementAcceptances).values(
        acceptedBy.map((u) => ({
          accountId: u.accountId,
          userId: u.id,
          agreementId: terms.id,
          result: 'accept' as const,
          capturedAt: new Date(now.getTime() - 5 * DAY),
        })),
      );
    }

    // Activation mails: a live link for newstaff, an expired one for stalelink.
    const newstaff = byName.get('newstaff')!;
    const stalelink = byName.get('stalelink')!;
    await issueActivation(tx, config.PUBLIC_URL, newstaff);
    await issueActivation(tx, config.PUBLIC_URL, stalelink, -DAY);

    // Server connection, domain users and local Windows users.
    const [dc] = await tx
      .insert(serverConnections)
      .values({
        accountId: northfield.id,
        name: 'NORTHFIELD-DC01',
        connectionType: 'Active Directory',
        lastSync: new Date(now.getTime() - 2 * HOUR),
      })
      .returning();
    // The family's home PC, seen as a local machine connection (no synced users).
    await tx.insert(serverConnections).values({
      accountId: riverside.id,
      name: 'RIVERSIDE-MARKER-PC',
      connectionType: 'Local machine',
      lastSync: new Date(now.getTime() - DAY),
    });
    const options = {
      disable_media_requests: false,
      disable_website_requests: false,
      disallow_facebook_access: false,
      disallow_twitter_access: false,
      disallow_youtube_access: false,
      disallow_instagram_access: false,
      disallow_pinterest_access: false,
    };
    const pupils = [
      'year7.ahmed',
      'year7.bella',
      'year8.carlos',
      'year8.dana',
      'year9.eli',
      'year10.farah',
      'year11.george',
      'staff.library',
    ];
    const sUsers = await tx
      .insert(serverUsers)
      .values([
        ...pupils.map((p, i) => ({
          accountId: northfield.id,
          connectionId: dc!.id,
          username: `${p}@northfield.local`,
          firstName: p.split('.')[1]!.replace(/^./, (c) => c.toUpperCase()),
          lastName: 'Pupil',
          type: 'server_user' as const,
          status: i === 7 ? ('deactivated' as const) : ('activated' as const),
          options,
          lastActive: new Date(now.getTime() - i * 5 * HOUR),
          // Synchronised from the domain when the connection was set up, long before their activity.
          createdAt: new Date(now.getTime() - (200 - i) * DAY),
        })),
        ...['lab01', 'lab02', 'library'].map((m) => ({
          accountId: northfield.id,
          username: `student@NF-${m.toUpperCase()}`,
          type: 'local_user' as const,
          options,
          lastActive: new Date(now.getTime() - 3 * DAY),
          createdAt: new Date(now.getTime() - 120 * DAY),
        })),
        {
          accountId: riverside.id,
          username: 'kid@RIVERSIDE-MARKER-PC',
          type: 'local_user' as const,
          options,
          lastActive: new Date(now.getTime() - DAY),
          createdAt: new Date(now.getTime() - 60 * DAY),
        },
      ])
      .returning();

    // Enrolment tokens (docs/design/agent-api.md): one live per account, one revoked. Their secrets are
    // random and not kept: an administrator makes a new token to enrol a device. The demo's devices
    // are enrolled with them below (the lab image's before it was revoked), which counts their uses.
    const tokenPlan = [
      {
        accountId: northfield.id,
        label: 'Staff laptops',
        maxUses: 200,
        uses: 14,
        by: 'Alex Morgan',
        days: 30,
        enrols: 8,
      },
      {
        accountId: northfield.id,
        label: 'Old lab image',
        maxUses: 50,
        uses: 50,
        by: 'Alex Morgan',
        days: -10,
        enrols: 12,
      },
      {
        accountId: riverside.id,
        label: 'Family phones',
        maxUses: 5,
        uses: 2,
        by: 'Jordan Rivers',
        days: 60,
        enrols: 2,
      },
    ];
    const tokenSecrets = tokenPlan.map(() => `${ENROLMENT_TOKEN.prefix}${randomToken(ENROLMENT_TOKEN.bytes)}`);
    const tokenRows = await tx
      .insert(enrolmentTokens)
      .values(
        tokenPlan.map((t, i) => {
          const secret = tokenSecrets[i]!;
          return {
            accountId: t.accountId,
            label: t.label,
            tokenHash: sha256(secret),
            hint: secret.slice(0, ENROLMENT_TOKEN.prefix.length + ENROLMENT_TOKEN.hintLength),
            maxUses: t.maxUses,
            uses: t.uses - t.enrols,
            createdByName: t.by,
            createdAt: new Date(now.getTime() - 20 * DAY),
            expiresAt: new Date(now.getTime() + Math.max(t.days, 1) * DAY),
          };
        }),
      )
      .returning({ id: enrolmentTokens.id });

    // Devices, enrolled and reporting through the device API's own services (seed/demo-devices.ts).
    const made = await seedDemoDevices(tx, {
      now,
      secretKey: config.SECRET_KEY,
      northfield,
      riverside,
      tokens: { staffLaptops: tokenSecrets[0]!, labImage: tokenSecrets[1]!, familyPhones: tokenSecrets[2]! },
      pupils: sUsers
        .slice(0, 7)
        .map((u) => ({ id: u.id, username: u.username, type: u.type as 'server_user' | 'local_user' })),
      teacherId: byName.get('teacher')!.id,
    });
    const nfDevices = made.northfield;
    // The lab image's token was revoked after the lab was enrolled.
    await tx
      .update(enrolmentTokens)
      .set({ revokedAt: new Date(now.getTime() - 12 * DAY), expiresAt: new Date(now.getTime() - 10 * DAY) })
      .where(sql`${enrolmentTokens.id} = ${tokenRows[1]!.id}`);

    // Website and media requests, made as the device API makes them (demo-requests.ts).
    await seedDemoRequests(tx, {
      now,
      northfieldId: northfield.id,
      riversideId: riverside.id,
      devices: nfDevices,
      riversideDevice: made.riverside[0]!,
      pupils: sUsers.slice(0, 7).map((u) => ({ id: u.id, username: u.username, type: u.type })),
      riversideUser: { id: sUsers.at(-1)!.id, username: sUsers.at(-1)!.username, type: sUsers.at(-1)!.type },
    });

    // Web access: websites, media, groups and rules at every scope (after the requests: approved ones make rules).
    await seedDemoWebAccess(tx, {
      now,
      northfield,
      riverside,
      devices: made,
      connectionId: dc!.id,
      serverUsers: sUsers,
      consoleUsers: byName,
    });
    await linkDemoRequestWebsites(tx, [northfield.id, riverside.id]);
    // The provider's review team, outside every account (issue 11).
    await seedDemoProviderStaff(tx);

    // App requests, asked by the teacher's tablets and decided in the console (demo-apps.ts).
    await seedDemoApps(tx, {
      now,
      northfieldId: northfield.id,
      riversideId: riverside.id,
      devices: nfDevices,
      riversideDevice: made.riverside[0]!,
      teacher: byName.get('teacher')!,
      admin: byName.get('admin')!,
      riversideUser: byName.get('riverside-parent')!,
      pupils: sUsers.slice(0, 7).map((u) => ({ kind: u.type, id: u.id, username: u.username })),
    });
  });
  // Statistics for the new rows at once, so that the first queries are planned on them (autovacuum
  // would gather them within a minute or so, after the demo's first pages were planned on empty tables).
  await db.execute(sql`ANALYZE`);
}
