/** RFC 6238 TOTP (SHA-1, 6 digits, 30 s), as standard authenticator apps expect. */
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import { PRODUCT_NAME } from '@wayguard/contracts';

const PERIOD = 30;

const totpFor = (secretBase32: string, label = 'user') =>
  new OTPAuth.TOTP({
    issuer: PRODUCT_NAME,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: OTPAuth.Secret.fromBase32(secretBase32),
  });

export const newTotpSecret = () => new OTPAuth.Secret({ size: 20 }).base32;

/** Returns the time step the code belongs to (±1 step of drift), or null. */
export function checkTotp(secretBase32: string, code: string, now = Date.now()): number | null {
  const delta = totpFor(secretBase32).validate({ token: code, window: 1, timestamp: now });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD) + delta;
}

export function totpCode(secretBase32: string, now = Date.now()): string {
  return totpFor(secretBase32).generate({ timestamp: now });
}

/** The otpauth:// URI an authenticator app takes (the content of the set-up QR code). */
export const totpUri = (secretBase32: string, label: string): string => totpFor(secretBase32, label).toString();

export async function totpQrCode(secretBase32: string, username: string): Promise<string> {
  return QRCode.toDataURL(totpFor(secretBase32, username).toString(), { margin: 1, width: 200 });
}
