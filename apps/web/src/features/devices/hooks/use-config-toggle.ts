/**
 * Changing one boolean setting of a device (001 §4): the body carries every boolean setting with the
 * changed one, through the one action path; the switch moves at once and moves back on a refusal.
 */
import type { DeviceBoolSettingKey, DeviceConfig, DeviceKind } from '@wayguard/contracts';
import { useAction } from '../../../lib/use-action';
import { updateDeviceConfigAction } from '../api/update-device-config';
import { boolSettingsChange, settingChangedText } from '../lib/settings-cards';

export function useConfigToggle(kind: DeviceKind, id: string, config: DeviceConfig | undefined) {
  const update = useAction(updateDeviceConfigAction);
  return (key: DeviceBoolSettingKey, value: boolean) => {
    if (!config) return;
    void update.run(
      { id, type: kind, bool_settings: boolSettingsChange(config, key, value) },
      { success: settingChangedText(key) },
    );
  };
}
