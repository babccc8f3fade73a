/**
 * Turns an uploaded logo into the stored one: base64 decoded, recognised by its bytes (jpeg, png,
 * gif, bmp, webp), bounded in size, then re-encoded by sharp as a metadata-free 500x100 PNG. Nothing
 * of the uploaded file except its pixels reaches storage.
 */
import sharp, { type Metadata } from 'sharp';
import { LOGO_MAX_BYTES, LOGO_MAX_SIDE_PX, LOGO_SIZE, MSG } from '@wayguard/contracts';
import { badRequest } from '../../lib/http-errors.js';
import { sniffFileType } from '../../lib/file-type.js';

const LOGO_TYPES = new Set(['jpeg', 'png', 'gif', 'bmp', 'webp']);
const DATA_URL_PREFIX = /^data:[^,;]*(;[^,;]*)*;base64,/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The bytes of `data` (plain base64 or a base64 data URL); the declared media type is ignored. */
export function decodeLogoData(data: string): Buffer {
  const body = data.replace(DATA_URL_PREFIX, '').replace(/\s+/g, '');
  if (body === '' || body.length % 4 === 1 || !BASE64.test(body)) throw badRequest(MSG.invalidImage);
  return Buffer.from(body, 'base64');
}

/** Validates the image and returns the PNG to store. Throws 400 with the spec's or the size message. */
export async function normaliseLogo(bytes: Buffer): Promise<Buffer> {
  if (bytes.length > LOGO_MAX_BYTES) throw badRequest(MSG.logoTooLarge);
  const kind = sniffFileType(bytes);
  if (!kind || !LOGO_TYPES.has(kind)) throw badRequest(MSG.invalidImage);
  const options = { limitInputPixels: LOGO_MAX_SIDE_PX * LOGO_MAX_SIDE_PX, animated: false } as const;
  let meta: Metadata;
  try {
    meta = await sharp(bytes, options).metadata();
  } catch {
    // Includes BMP: the prebuilt libvips that sharp ships cannot decode it.
    throw badRequest(MSG.invalidImage);
  }
  // The decoder must agree with the magic number (a PNG header on a JPEG body is not an image we trust).
  if (meta.format !== kind) throw badRequest(MSG.invalidImage);
  if (!meta.width || !meta.height) throw badRequest(MSG.invalidImage);
  if (meta.width > LOGO_MAX_SIDE_PX || meta.height > LOGO_MAX_SIDE_PX) throw badRequest(MSG.logoTooLarge);
  try {
    return await sharp(bytes, options)
      .rotate()
      .resize(LOGO_SIZE.width, LOGO_SIZE.height, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png({ compressionLevel: 9 })
      .toBuffer();
  } catch {
    throw badRequest(MSG.invalidImage);
  }
}

/** The stored name: the uploaded base name (path and control characters removed) with a .png extension. */
export function logoFilename(uploaded: string): string {
  const base = uploaded
    .split(/[\\/]/)
    .pop()!
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .trim();
  const stem = base.replace(/\.[^.]*$/, '').slice(0, 200) || 'logo';
  return `${stem}.png`;
}
