/**
 * The note POST /devices/reset_mobile_password mails the acting administrator when asked to: that a
 * new password was set on a device. Never the password itself (docs/decisions/devices.md
 * "The device password is never mailed").
 */
import { CONSOLE_NAME } from '@wayguard/contracts';

export function devicePasswordMail(adminName: string, deviceName: string, serial: string) {
  return {
    subject: `${CONSOLE_NAME}: a new password was set on ${deviceName}`,
    text: `Hello ${adminName},\n\nYou set a new device password on ${deviceName} (serial ${serial}) in ${CONSOLE_NAME}. The device applies it the next time it checks in; the device's Commands tab shows when it has.\n\nFor your security this e-mail does not contain the password. If you did not make this change, sign in and review the device.`,
  };
}
