/**
 * config.ts, production defaults (issue 25): demo data, the demo outbox and a made-up SECRET_KEY belong
 * to the demo only (the embedded database, not production); everything else says what it wants.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from './config.js';

const KEY = 'k'.repeat(32);
const DB = 'postgres://u:p@127.0.0.1:5432/wayguard';
const dirs: string[] = [];
const dataDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'wg-config-'));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('loadConfig: SECRET_KEY', () => {
  it('is required in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir() })).toThrow(
      /SECRET_KEY is required in production/,
    );
  });

  it('is required with DATABASE_URL, in development and test too', () => {
    for (const NODE_ENV of ['development', 'test', undefined])
      expect(() => loadConfig({ NODE_ENV, DATABASE_URL: DB, DATA_DIR: dataDir() })).toThrow(
        /SECRET_KEY is required with DATABASE_URL/,
      );
  });

  it('is taken as given', () => {
    expect(loadConfig({ NODE_ENV: 'production', SECRET_KEY: KEY }).SECRET_KEY).toBe(KEY);
    expect(loadConfig({ DATABASE_URL: DB, SECRET_KEY: KEY }).SECRET_KEY).toBe(KEY);
  });

  it('for the demo is random, made once per DATA_DIR, kept readable by the owner only, and no published one', () => {
    const a = dataDir();
    const first = loadConfig({ DATA_DIR: a }).SECRET_KEY;
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(loadConfig({ DATA_DIR: a }).SECRET_KEY).toBe(first);
    expect(readFileSync(path.join(a, 'secret-key'), 'utf8').trim()).toBe(first);
    expect(statSync(path.join(a, 'secret-key')).mode & 0o777).toBe(0o600);
    const other = loadConfig({ DATA_DIR: dataDir() }).SECRET_KEY;
    expect(other).not.toBe(first);
    expect(first).not.toContain('development-secret-key');
  });
});

describe('loadConfig: demo data and the demo outbox', () => {
  it('the demo (embedded database, not production) seeds and shows the outbox by default', () => {
    const c = loadConfig({ DATA_DIR: dataDir() });
    expect(c).toMatchObject({ SEED_DEMO: true, DEMO_OUTBOX: true });
  });

  it('production seeds nothing and has no outbox by default', () => {
    const c = loadConfig({ NODE_ENV: 'production', SECRET_KEY: KEY });
    expect(c).toMatchObject({ SEED_DEMO: false, DEMO_OUTBOX: false });
    expect(loadConfig({ NODE_ENV: 'production', SECRET_KEY: KEY, DATABASE_URL: DB })).toMatchObject({
      SEED_DEMO: false,
      DEMO_OUTBOX: false,
    });
  });

  it('DATABASE_URL seeds nothing and has no outbox by default, outside production too', () => {
    expect(loadConfig({ DATABASE_URL: DB, SECRET_KEY: KEY })).toMatchObject({ SEED_DEMO: false, DEMO_OUTBOX: false });
  });

  it('production refuses SEED_DEMO=true (its sign-ins are published) and DEMO_OUTBOX=true', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SECRET_KEY: KEY, SEED_DEMO: 'true' })).toThrow(
      /SEED_DEMO cannot be on in production/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', SECRET_KEY: KEY, DEMO_OUTBOX: 'true' })).toThrow(
      /DEMO_OUTBOX cannot be on in production/,
    );
    expect(loadConfig({ NODE_ENV: 'production', SECRET_KEY: KEY, SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
  });

  it('outside production, an explicit SEED_DEMO or DEMO_OUTBOX is followed', () => {
    expect(loadConfig({ DATABASE_URL: DB, SECRET_KEY: KEY, SEED_DEMO: 'true' })).toMatchObject({
      SEED_DEMO: true,
      DEMO_OUTBOX: false,
    });
    expect(loadConfig({ DATABASE_URL: DB, SECRET_KEY: KEY, DEMO_OUTBOX: 'true' }).DEMO_OUTBOX).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir(), SEED_DEMO: 'false' })).toMatchObject({
      SEED_DEMO: false,
      DEMO_OUTBOX: false,
    });
  });
});

describe('loadConfig: TRUST_PROXY', () => {
  const trust = (TRUST_PROXY: string | undefined) =>
    loadConfig({ DATABASE_URL: DB, SECRET_KEY: KEY, TRUST_PROXY }).TRUST_PROXY;

  it('is off by default', () => {
    expect(trust(undefined)).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('0')).toBe(false);
  });

  it('takes a hop count; true means one hop, never every hop', () => {
    expect(trust('1')).toBe(1);
    expect(trust('2')).toBe(2);
    expect(trust('true')).toBe(1);
  });

  it('takes a list of addresses, CIDRs and named ranges', () => {
    expect(trust('10.0.0.1, 192.168.0.0/16,fd00::/8, loopback')).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses anything else, saying what it takes', () => {
    for (const bad of ['yes', '10.0.0.300', '10.0.0.0/33', '::1/129', '10.0.0.1,', 'proxy.example', '99'])
      expect(() => trust(bad), bad).toThrow(/TRUST_PROXY: /);
  });
});
