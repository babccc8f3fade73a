/**
 * A machine's own cards of the settings tab (001 §2.3): Hardware Repair ('Request') and Unlock Device,
 * both in the classic console in a new tab, and the Beta Versions switch (when the config holds it).
 */
import { SettingCard } from './SettingCard';
import { SettingSwitch } from './SettingSwitch';
import { ExternalLinkButton } from '../../../components/ExternalLinkButton';
import { hardwareRepairUrl, unlockMachineUrl } from '../lib/classic-links';
import { boolSetting, SETTING_TEXTS } from '../lib/settings-cards';
import type { SettingsCardsProps } from './settings-props';

export function MachineActionCards({ id, config, classicBase, canChange, onToggle }: SettingsCardsProps) {
  const beta = boolSetting(config, 'allow_beta_service_pack_install');
  const betaText = SETTING_TEXTS.allow_beta_service_pack_install;
  return (
    <>
      <SettingCard
        title="Hardware Repair"
        description="Ask for this PC to be repaired under its warranty."
        testId="card-hardware-repair"
      >
        {canChange && <ExternalLinkButton href={hardwareRepairUrl(classicBase, id)} label="Request" />}
      </SettingCard>
      <SettingCard
        title="Unlock Device"
        description="Unlock this PC for a while, for example to install software."
        testId="card-unlock-device"
      >
        {canChange && <ExternalLinkButton href={unlockMachineUrl(classicBase, id)} label="Unlock" />}
      </SettingCard>
      {beta !== undefined && (
        <SettingCard title={betaText.title} description={betaText.description} testId="card-beta-versions">
          <SettingSwitch
            label={betaText.title}
            checked={beta}
            disabled={!canChange}
            onChange={(v) => onToggle('allow_beta_service_pack_install', v)}
          />
        </SettingCard>
      )}
    </>
  );
}
