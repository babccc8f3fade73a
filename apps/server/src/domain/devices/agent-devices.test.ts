/**
 * The device-secret cache (domain/devices/agent-devices.ts) against a counting stand-in for the database: a
 * refused secret is refused again without a round trip for a few seconds, in a bounded map; a forget
 * of the secret (it became valid) or of the device ends what was kept; without a listener hearing
 * forgets, a found device is kept DEVICE_SECRET_UNHEARD_MS only.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DbOrTx } from '../../db/client.js';
import {
  DEVICE_SECRET_UNHEARD_MS,
  UNKNOWN_SECRET_CACHE_MS,
  findDeviceBySecretHash,
  forgetDevice,
} from './agent-devices.js';
import { forgetsHeard } from '../../lib/kept/broadcast.js';

/** A stand-in for the database: answers `rows(sql)` and counts the statements run. */
function fakeDb(rows: (sql: string) => unknown[]) {
  const seen: string[] = [];
  const db = {
    _: {
      session: {
        prepareQuery: (q: { sql: string }) => ({
          execute: async () => {
            seen.push(q.sql);
            return { rows: rows(q.sql) };
          },
        }),
      },
    },
  } as unknown as DbOrTx;
  return { db, seen };
}

let n = 0;
/** A made-up secret hash, never one made before ('-1' and '-10' padded with zeros would be the same). */
const hash = () => `h${Date.now()}-${++n}-`.padEnd(64, 'x');

afterEach(() => vi.useRealTimers());

describe('the device-secret cache', () => {
  it('refuses an unknown secret again without asking the database, until the refusal ends', async () => {
    vi.useFakeTimers({ now: Date.now(), toFake: ['Date'] });
    const { db, seen } = fakeDb(() => []);
    const h = hash();
    expect(await findDeviceBySecretHash(db, h)).toEqual({ refusal: 'reenrol' });
    expect(seen).toHaveLength(2); // the devices, then the replacements' claims
    for (let i = 0; i < 5; i++) expect(await findDeviceBySecretHash(db, h)).toEqual({ refusal: 'reenrol' });
    expect(seen).toHaveLength(2);
    vi.setSystemTime(Date.now() + UNKNOWN_SECRET_CACHE_MS + 1);
    await findDeviceBySecretHash(db, h);
    expect(seen).toHaveLength(4);
  });

  it('a secret that becomes valid is not refused once its forget is heard', async () => {
    let valid = false;
    const { db } = fakeDb((q) =>
      valid && q.includes('FROM devices') ? [{ id: 7, accountId: 1, kind: 'machine', retired: false }] : [],
    );
    const h = hash();
    expect(await findDeviceBySecretHash(db, h)).toEqual({ refusal: 'reenrol' });
    valid = true;
    expect(await findDeviceBySecretHash(db, h)).toEqual({ refusal: 'reenrol' }); // still refused from memory
    forgetDevice(7, h);
    expect(await findDeviceBySecretHash(db, h)).toEqual({ device: { id: 7, accountId: 1, kind: 'machine' } });
  });

  it('keeps at most 10,000 refusals: the oldest goes first', async () => {
    const { db, seen } = fakeDb(() => []);
    const first = hash();
    await findDeviceBySecretHash(db, first);
    for (let i = 0; i < 10_000; i++) await findDeviceBySecretHash(db, hash());
    const before = seen.length;
    await findDeviceBySecretHash(db, first);
    expect(seen.length).toBe(before + 2);
  });

  it('tells a pending or refused claim and a retired device apart', async () => {
    const pending = hash();
    const refused = hash();
    const retired = hash();
    let retiredAsked = false;
    let claimState = 'pending';
    const { db } = fakeDb((q) => {
      if (q.includes('FROM devices'))
        return retiredAsked ? [{ id: 9, accountId: 1, kind: 'machine', retired: true }] : [];
      return [{ state: claimState }];
    });
    expect(await findDeviceBySecretHash(db, pending)).toEqual({ refusal: 'replacement_pending' });
    claimState = 'refused';
    expect(await findDeviceBySecretHash(db, refused)).toEqual({ refusal: 'replacement_refused' });
    retiredAsked = true;
    expect(await findDeviceBySecretHash(db, retired)).toEqual({ refusal: 'device_retired' });
  });

  it('keeps a found device DEVICE_SECRET_UNHEARD_MS only while no listener hears forgets', async () => {
    vi.useFakeTimers({ now: Date.now(), toFake: ['Date'] });
    expect(forgetsHeard()).toBe(false);
    const { db, seen } = fakeDb(() => [{ id: 11, accountId: 1, kind: 'mobile', retired: false }]);
    const h = hash();
    await findDeviceBySecretHash(db, h);
    await findDeviceBySecretHash(db, h);
    expect(seen).toHaveLength(1);
    vi.setSystemTime(Date.now() + DEVICE_SECRET_UNHEARD_MS + 1);
    await findDeviceBySecretHash(db, h);
    expect(seen).toHaveLength(2);
    // A forget of the device drops it at once.
    forgetDevice(11);
    await findDeviceBySecretHash(db, h);
    expect(seen).toHaveLength(3);
  });
});
