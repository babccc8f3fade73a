/** What the settings tab's card groups are given: the device, its config, and what the viewer may do. */
import type { DeviceBoolSettingKey, DeviceConfig } from '@wayguard/contracts';

export type SettingsCardsProps = {
  id: string;
  /** The device's name and last online (unix seconds; 0 = never), for the Lock confirmation. */
  name: string;
  lastOnline: number;
  config: DeviceConfig;
  classicBase: string;
  /** A Console Admin: switches work and buttons show (others see the settings read-only). */
  canChange: boolean;
  onToggle: (key: DeviceBoolSettingKey, value: boolean) => void;
};
