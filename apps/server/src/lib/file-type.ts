/**
 * Recognises an uploaded file by its bytes (magic numbers), never by its name or declared type.
 * Used by feedback attachments and by the account logo.
 */
export type SniffedType = 'png' | 'jpeg' | 'gif' | 'webp' | 'bmp' | 'pdf' | 'text';

const startsWith = (b: Buffer, bytes: readonly number[], at = 0) =>
  b.length >= at + bytes.length && bytes.every((x, i) => b[at + i] === x);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** BITMAPCOREHEADER .. BITMAPV5HEADER sizes: 'BM' alone would also match ordinary text. */
const BMP_DIB_SIZES = new Set([12, 40, 52, 56, 64, 108, 124]);

const ALLOWED_CONTROLS = new Set([0x09, 0x0a, 0x0c, 0x0d]);

function isPlainText(b: Buffer): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(b);
  } catch {
    return false;
  }
  // Tab, line feed, form feed and carriage return only; no NUL or other control characters.
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c < 0x20 && !ALLOWED_CONTROLS.has(c)) || c === 0x7f) return false;
  }
  // Markup (HTML, SVG, XML) is not plain text, whatever the file is called.
  return !/^\uFEFF?\s*</.test(text);
}

/** The file's type by content, or null when it is none of the known kinds (an empty file included). */
export function sniffFileType(b: Buffer): SniffedType | null {
  if (b.length === 0) return null;
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(b, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(b, ascii('GIF87a')) || startsWith(b, ascii('GIF89a'))) return 'gif';
  if (startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WEBP'), 8)) return 'webp';
  if (startsWith(b, ascii('BM')) && b.length >= 26 && BMP_DIB_SIZES.has(b.readUInt32LE(14))) return 'bmp';
  if (startsWith(b, ascii('%PDF-'))) return 'pdf';
  if (isPlainText(b)) return 'text';
  return null;
}
