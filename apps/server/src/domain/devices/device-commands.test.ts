/**
 * domain/devices/device-commands.ts against the seeded database: queueing (expiry time, supersede with its
 * timeline lines), expiry of due commands (payload emptied), and the contract's list view.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, desc, eq } from 'drizzle-orm';
import { DEVICE_COMMAND_TTL_HOURS } from '@wayguard/contracts';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { deviceCommands, devices, deviceTimeline } from '../../db/schema/index.js';
import { COMMANDS_SHOWN, expireDueCommands, listCommands, queueCommand } from './device-commands.js';

let t: TestApp;
let device: { id: number; accountId: number };
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp();
  const [d] = await t.db.select().from(devices).where(eq(devices.serial, 'NFMB2003'));
  device = { id: d!.id, accountId: d!.accountId };
});
afterAll(async () => t.close());

const commands = () =>
  t.db.select().from(deviceCommands).where(eq(deviceCommands.deviceId, device.id)).orderBy(asc(deviceCommands.id));
const timeline = () =>
  t.db.select().from(deviceTimeline).where(eq(deviceTimeline.deviceId, device.id)).orderBy(desc(deviceTimeline.id));
const queue = (type: 'lock_screen' | 'set_password', now: Date, payload: Record<string, string> = {}) =>
  t.db.transaction((tx) =>
    queueCommand(tx, { accountId: device.accountId, deviceId: device.id, type, payload, createdByName: 'admin', now }),
  );

describe('device commands', () => {
  it('queues pending with the TTL; a newer one cancels the older open one of its type only', async () => {
    const now = new Date('2030-01-01T10:00:00Z');
    const a = await queue('lock_screen', now);
    const p = await queue('set_password', now, { password_sealed: 'v1.abc' });
    const b = await queue('lock_screen', new Date(now.getTime() + 1000));
    const rows = await commands();
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(a.id)).toMatchObject({ state: 'cancelled', payload: {} });
    expect(byId.get(p.id)).toMatchObject({ state: 'pending', payload: { password_sealed: 'v1.abc' } });
    expect(byId.get(b.id)!.state).toBe('pending');
    expect(byId.get(b.id)!.expiresAt.getTime()).toBe(now.getTime() + 1000 + DEVICE_COMMAND_TTL_HOURS * HOUR);
    const lines = (await timeline()).slice(0, 4).map((l) => [l.kind, l.text, l.actor]);
    expect(lines).toEqual([
      ['command_sent', 'Lock screen sent', 'admin'],
      ['command_cancelled', 'Lock screen cancelled: replaced by a newer one', 'admin'],
      ['command_sent', 'Device password sent', 'admin'],
      ['command_sent', 'Lock screen sent', 'admin'],
    ]);
  });

  it('expires open commands past their time: finished at expiry, payload emptied, a timeline line each', async () => {
    const before = await commands();
    const open = before.filter((c) => c.state === 'pending');
    expect(open.length).toBe(2);
    const latest = Math.max(...open.map((c) => c.expiresAt.getTime()));
    // Just before the expiry of the later one: only the earlier one expires.
    await expireDueCommands(t.db, device.accountId, device.id, new Date(latest - 1));
    const mid = await commands();
    expect(mid.filter((c) => c.state === 'expired').map((c) => c.id)).toEqual(
      open.filter((c) => c.expiresAt.getTime() < latest).map((c) => c.id),
    );
    await expireDueCommands(t.db, device.accountId, device.id, new Date(latest));
    for (const c of (await commands()).filter((x) => open.some((o) => o.id === x.id))) {
      expect(c).toMatchObject({ state: 'expired', payload: {} });
      expect(c.finishedAt!.getTime()).toBe(c.expiresAt.getTime());
    }
    const expiredLines = (await timeline()).filter((l) => l.kind === 'command_expired');
    expect(expiredLines).toHaveLength(2);
    expect(expiredLines.map((l) => l.actor)).toEqual(['', '']);
    // Expiring again changes nothing.
    await expireDueCommands(t.db, device.accountId, device.id, new Date(latest + HOUR));
    expect((await timeline()).filter((l) => l.kind === 'command_expired')).toHaveLength(2);
  });

  it('lists at most 20, newest first, in the contract shape, expiring due ones first', async () => {
    const start = new Date('2030-02-01T00:00:00Z');
    for (let i = 0; i < 22; i++)
      await queue(i % 2 ? 'lock_screen' : 'set_password', new Date(start.getTime() + i * 1000));
    const list = await listCommands(t.db, device.accountId, device.id, new Date(start.getTime() + 30_000));
    expect(list).toHaveLength(COMMANDS_SHOWN);
    expect(list.map((c) => c.id)).toEqual([...list.map((c) => c.id)].sort((x, y) => y - x));
    expect(list[0]).toEqual({
      id: list[0]!.id,
      type: 'lock_screen',
      state: 'pending',
      created_by: 'admin',
      created: Math.floor(start.getTime() / 1000) + 21,
      delivered: 0,
      acknowledged: 0,
      finished: 0,
      expires: Math.floor(start.getTime() / 1000) + 21 + DEVICE_COMMAND_TTL_HOURS * 3600,
      error: '',
    });
    expect(list[1]!.state).toBe('pending');
    expect(list.slice(2).every((c) => c.state === 'cancelled' && c.finished > 0)).toBe(true);
    const later = await listCommands(
      t.db,
      device.accountId,
      device.id,
      new Date(start.getTime() + (DEVICE_COMMAND_TTL_HOURS + 1) * HOUR),
    );
    expect(later.slice(0, 2).map((c) => c.state)).toEqual(['expired', 'expired']);
    const open = await t.db
      .select()
      .from(deviceCommands)
      .where(and(eq(deviceCommands.deviceId, device.id), eq(deviceCommands.state, 'pending')));
    expect(open).toEqual([]);
  });
});
