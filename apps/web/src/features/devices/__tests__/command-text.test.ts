/** The Commands card's lines and when the card keeps polling. */
import { describe, expect, it } from 'vitest';
import type { DeviceCommand } from '@wayguard/contracts';
import { anyCommandOpen, commandLine, commandStateLabel } from '../lib/command-text';

const time = (s: number) => `t${s}`;
const command = (over: Partial<DeviceCommand>): DeviceCommand => ({
  id: 1,
  type: 'lock_screen',
  state: 'pending',
  created_by: 'admin',
  created: 100,
  delivered: 0,
  acknowledged: 0,
  finished: 0,
  expires: 900,
  error: '',
  ...over,
});

describe('commandLine', () => {
  it('names a sent command with its time', () => {
    expect(commandLine(command({}), time)).toBe('Lock screen · Sent t100');
    expect(commandStateLabel(command({}))).toBe('Sent');
  });
  it('lists every step with its time up to Done', () => {
    const done = command({ state: 'completed', delivered: 110, acknowledged: 120, finished: 130 });
    expect(commandLine(done, time)).toBe('Lock screen · Sent t100 · Delivered t110 · Received t120 · Done t130');
    expect(commandStateLabel(done)).toBe('Done');
  });
  it('ends a failed command with its error', () => {
    const failed = command({
      type: 'set_password',
      state: 'failed',
      delivered: 110,
      finished: 140,
      error: 'Too short',
    });
    expect(commandLine(failed, time)).toBe('Device password · Sent t100 · Delivered t110 · Failed t140: Too short');
  });
  it('dates an expired command at its expiry when it never finished', () => {
    expect(commandLine(command({ state: 'expired' }), time)).toBe('Lock screen · Sent t100 · Expired t900');
  });
});

describe('anyCommandOpen', () => {
  it('is true while a command is sent, delivered or received, false once all are finished', () => {
    expect(anyCommandOpen([command({ state: 'completed' }), command({ state: 'delivered' })])).toBe(true);
    expect(anyCommandOpen([command({ state: 'acknowledged' })])).toBe(true);
    expect(anyCommandOpen([command({ state: 'completed' }), command({ state: 'failed' })])).toBe(false);
    expect(anyCommandOpen([])).toBe(false);
  });
});
