/** Texts of the devices part: the spec's toasts (001 §2.2, §8) and ours. */
export const DEVICE_MSG = {
  serialCopied: 'Serial number copied',
  manufacturerSerialCopied: 'Manufacturer serial copied',
  windowsKeyCopied: 'Microsoft Windows key copied',
  officeKeyCopied: 'Microsoft Office key copied',
  passwordChanged: 'Device password has been changed successfully!',
  lockSent: 'A device screen lock message has been sent to the device.',
  betaChanged: 'Beta versions access changed',
  googleAccountsChanged: 'Google Accounts access changed',
  configChanged: 'Device config was changed',
  nameUpdated: 'Device name updated',
  detailsTitle: (name: string) => `Device Details for ${name}`,
  // ours
  notFound: 'This device could not be found',
  deactivated: 'This device is deactivated',
  mobileOnly: 'This action is for mobile devices only',
  unknownSetting: (key: string) => `This device has no setting ${key}`,
  passwordPending: 'A device password change is already waiting for this device',
  renamedMeanwhile: 'This device was renamed by someone else meanwhile. Reload it to see its name',
  // beside lockSent and passwordChanged when the device is offline, and the Lock confirmation (issue 26)
  queuedOffline:
    'This device is offline: the command waits and is delivered when the device next checks in. The Commands card shows its state.',
  lockConfirmTitle: 'Lock Screen',
  lockConfirm: (name: string) =>
    `Lock the screen of ${name} now? Whoever is using it needs the device password to go on.`,
  lockConfirmOffline: 'This device is offline: the lock waits and is delivered when the device next checks in.',
} as const;
