import { describe, expect, it } from 'vitest';
import { checkTotp, newTotpSecret, totpCode, totpQrCode } from './totp.js';

// RFC 6238 appendix B: the SHA-1 seed is the ASCII string "12345678901234567890"; the RFC prints 8 digits,
// authenticator apps show the last 6.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const RFC_VECTORS: [seconds: number, eightDigits: string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('totpCode', () => {
  it('encodes the RFC 6238 seed as expected', () => {
    expect(Buffer.from('12345678901234567890').toString('hex')).toBe('3132333435363738393031323334353637383930');
  });

  it.each(RFC_VECTORS)('matches the RFC 6238 SHA-1 vector at T=%i', (seconds, eight) => {
    expect(totpCode(RFC_SECRET, seconds * 1000)).toBe(eight.slice(-6));
  });

  it('keeps a code for the whole 30-second step', () => {
    // 1111111110 is a multiple of 30: the step runs from there to 1111111139.
    expect(totpCode(RFC_SECRET, 1111111110 * 1000)).toBe(totpCode(RFC_SECRET, 1111111139_999));
    expect(totpCode(RFC_SECRET, 1111111109_999)).not.toBe(totpCode(RFC_SECRET, 1111111110 * 1000));
    expect(totpCode(RFC_SECRET, 1111111139_999)).not.toBe(totpCode(RFC_SECRET, 1111111140 * 1000));
  });
});

describe('checkTotp', () => {
  const now = 1234567890 * 1000;
  const step = Math.floor(now / 30_000);

  it('accepts the current code and answers its time step', () => {
    expect(checkTotp(RFC_SECRET, '005924', now)).toBe(step);
  });

  it('accepts one step of drift either way, answering the step the code belongs to', () => {
    expect(checkTotp(RFC_SECRET, totpCode(RFC_SECRET, now - 30_000), now)).toBe(step - 1);
    expect(checkTotp(RFC_SECRET, totpCode(RFC_SECRET, now + 30_000), now)).toBe(step + 1);
  });

  it('refuses codes two steps away, wrong codes and malformed input', () => {
    expect(checkTotp(RFC_SECRET, totpCode(RFC_SECRET, now - 60_000), now)).toBeNull();
    expect(checkTotp(RFC_SECRET, totpCode(RFC_SECRET, now + 60_000), now)).toBeNull();
    expect(checkTotp(RFC_SECRET, '005925', now)).toBeNull();
    expect(checkTotp(RFC_SECRET, '', now)).toBeNull();
    expect(checkTotp(RFC_SECRET, '05924', now)).toBeNull();
  });

  it('refuses a code of another secret', () => {
    const other = newTotpSecret();
    const code = totpCode(other, now);
    const valid = [-1, 0, 1].map((k) => totpCode(RFC_SECRET, now + k * 30_000));
    if (!valid.includes(code)) expect(checkTotp(RFC_SECRET, code, now)).toBeNull();
  });
});

describe('newTotpSecret', () => {
  it('makes 160-bit base32 secrets, different each time', () => {
    const a = newTotpSecret();
    const b = newTotpSecret();
    expect(a).toMatch(/^[A-Z2-7]{32}$/);
    expect(a).not.toBe(b);
  });
});

describe('totpQrCode', () => {
  it('renders a PNG data URL that depends on the secret and the user', async () => {
    const secret = newTotpSecret();
    const qr = await totpQrCode(secret, 'someone');
    expect(qr).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
    expect(await totpQrCode(secret, 'someone')).toBe(qr);
    expect(await totpQrCode(secret, 'another')).not.toBe(qr);
    expect(await totpQrCode(newTotpSecret(), 'someone')).not.toBe(qr);
  });
});
