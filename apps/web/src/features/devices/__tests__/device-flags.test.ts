/** The devices list's filters as the address and the call hold them (001 §2.1, §9). */
import { describe, expect, it } from 'vitest';
import { isLastTicked } from '../../../components/list/filters/flags';
import {
  billedParams,
  DEVICE_FILTER_GROUPS,
  deviceBilledFilter,
  deviceFlagParams,
  deviceFlagsFilter,
} from '../lib/device-flags';

describe('device flags', () => {
  it('start with online, offline, PC and mobile on', () => {
    expect(deviceFlagsFilter.initial).toEqual({
      online: true,
      offline: true,
      machine: true,
      mobile: true,
      deactivated: false,
      critical_alerts: false,
      important_alerts: false,
    });
  });
  it("read the dashboard's ?critical_alerts=1 as a flag on top of the defaults", () => {
    const flags = deviceFlagsFilter.read(new URLSearchParams('critical_alerts=1'));
    expect(flags.critical_alerts).toBe(true);
    expect(flags.online).toBe(true);
    expect(deviceFlagsFilter.applied(flags)).toBe(1);
  });
  it("send every flag as '1' or '0' (an absent flag would read as its default)", () => {
    const flags = { ...deviceFlagsFilter.initial, offline: false, deactivated: true };
    expect(deviceFlagParams(flags)).toEqual({
      online: '1',
      offline: '0',
      machine: '1',
      mobile: '1',
      deactivated: '1',
      critical_alerts: '0',
      important_alerts: '0',
    });
    expect(deviceFlagsFilter.toApi(flags)).toEqual(deviceFlagParams(flags));
  });
  it('write only the flags that differ from their defaults into the address', () => {
    const address = new URLSearchParams();
    deviceFlagsFilter.write(address, { ...deviceFlagsFilter.initial, mobile: false, critical_alerts: true });
    expect(address.toString()).toBe('mobile=0&critical_alerts=1');
  });
});

describe('billed options', () => {
  it("send nothing for 'all billed' and their own flag otherwise", () => {
    expect(billedParams('all_billed')).toEqual({});
    expect(billedParams(null)).toEqual({});
    expect(billedParams('registered_not_billed')).toEqual({ registered_not_billed: '1' });
    expect(billedParams('billed_not_registered')).toEqual({ billed_not_registered: '1' });
  });
  it('keep the chosen option in the address under billed, all billed being the default', () => {
    expect(deviceBilledFilter.read(new URLSearchParams('billed=billed_not_registered'))).toBe('billed_not_registered');
    expect(deviceBilledFilter.read(new URLSearchParams('billed=nonsense'))).toBe('all_billed');
    const address = new URLSearchParams();
    deviceBilledFilter.write(address, 'registered_not_billed');
    expect(address.toString()).toBe('billed=registered_not_billed');
    expect(deviceBilledFilter.toApi('registered_not_billed')).toEqual({ registered_not_billed: '1' });
  });
});

describe('the filter popup keeps one of Online/Offline and one of PC/Mobile ticked (issue 26)', () => {
  const [status, type, alerts] = DEVICE_FILTER_GROUPS;
  const flags = { ...deviceFlagsFilter.initial };
  it('lets either be unticked while both are ticked', () => {
    expect(isLastTicked(flags, status!.atLeastOne, 'online')).toBe(false);
    expect(isLastTicked(flags, type!.atLeastOne, 'mobile')).toBe(false);
  });
  it('locks the last one ticked, in status and type alike', () => {
    expect(isLastTicked({ ...flags, offline: false }, status!.atLeastOne, 'online')).toBe(true);
    expect(isLastTicked({ ...flags, offline: false }, status!.atLeastOne, 'offline')).toBe(false);
    expect(isLastTicked({ ...flags, machine: false }, type!.atLeastOne, 'mobile')).toBe(true);
  });
  it('leaves Deactivated and the alert flags free', () => {
    expect(isLastTicked({ ...flags, offline: false, deactivated: true }, status!.atLeastOne, 'deactivated')).toBe(
      false,
    );
    expect(alerts!.atLeastOne).toBeUndefined();
  });
});
