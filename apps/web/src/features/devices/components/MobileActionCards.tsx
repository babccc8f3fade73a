/**
 * A mobile's own cards of the settings tab (001 §2.3): Device Password ('Create' opens the dialog, which
 * is its confirmation), Lock Screen ('Lock' asks for confirmation, then sends the lock command; an
 * offline device is named in the dialog and the toast: it is locked at its next check-in), Lock or
 * Unlock Device in the classic console (a new tab), and the Google Accounts switch (when the config
 * holds it).
 */
import { useState } from 'react';
import { Button } from '@mantine/core';
import { DEVICE_MSG, deviceOnline } from '@wayguard/contracts';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useAction } from '../../../lib/use-action';
import { lockMobileDeviceAction } from '../api/lock-mobile-device';
import { mobileLockStatusUrl } from '../lib/classic-links';
import { commandQueuedText } from '../lib/command-text';
import { boolSetting, SETTING_TEXTS } from '../lib/settings-cards';
import { DevicePasswordDialog } from './DevicePasswordDialog';
import { ExternalLinkButton } from '../../../components/ExternalLinkButton';
import { SettingCard } from './SettingCard';
import { SettingSwitch } from './SettingSwitch';
import type { SettingsCardsProps } from './settings-props';

export function MobileActionCards({
  id,
  name,
  lastOnline,
  config,
  classicBase,
  canChange,
  onToggle,
}: SettingsCardsProps) {
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [lockOpen, setLockOpen] = useState(false);
  const lock = useAction({
    ...lockMobileDeviceAction,
    success: (data) => commandQueuedText(DEVICE_MSG.lockSent, data.device_online),
  });
  const google = boolSetting(config, 'allow_google_secondary_accounts');
  const googleText = SETTING_TEXTS.allow_google_secondary_accounts;
  return (
    <>
      <SettingCard
        title="Device Password"
        description="Set a new password that unlocks this device."
        testId="card-device-password"
      >
        {canChange && (
          <Button variant="default" onClick={() => setPasswordOpen(true)}>
            Create
          </Button>
        )}
      </SettingCard>
      <SettingCard title="Lock Screen" description="Lock this device's screen now." testId="card-lock-screen">
        {canChange && (
          <Button variant="default" onClick={() => setLockOpen(true)}>
            Lock
          </Button>
        )}
      </SettingCard>
      <SettingCard
        title="Lock or Unlock Device"
        description="Lock this device for good, or unlock it again."
        testId="card-lock-unlock-device"
      >
        {canChange && <ExternalLinkButton href={mobileLockStatusUrl(classicBase, id)} label="Lock or Unlock" />}
      </SettingCard>
      {google !== undefined && (
        <SettingCard title={googleText.title} description={googleText.description} testId="card-google-accounts">
          <SettingSwitch
            label={googleText.title}
            checked={google}
            disabled={!canChange}
            onChange={(v) => onToggle('allow_google_secondary_accounts', v)}
          />
        </SettingCard>
      )}
      {canChange && <DevicePasswordDialog id={id} opened={passwordOpen} onClose={() => setPasswordOpen(false)} />}
      {canChange && (
        <ConfirmDialog
          opened={lockOpen}
          title={DEVICE_MSG.lockConfirmTitle}
          confirmLabel="Lock"
          danger
          pending={lock.pending}
          onClose={() => setLockOpen(false)}
          onConfirm={() =>
            void lock.run({ id }).then((outcome) => {
              if (outcome.ok) setLockOpen(false);
            })
          }
        >
          <p style={{ margin: 0 }}>{DEVICE_MSG.lockConfirm(name)}</p>
          {!deviceOnline(lastOnline) && (
            <p style={{ margin: '0.5rem 0 0' }} data-testid="lock-offline-note">
              {DEVICE_MSG.lockConfirmOffline}
            </p>
          )}
        </ConfirmDialog>
      )}
    </>
  );
}
