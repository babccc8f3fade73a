/** Saves a file the API answered as base64 (exports: 000 §7, 001 §7) through the browser's download. */
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The server's file name, made safe for a download name and given the extension if it lacks it. */
export function downloadName(filename: string, extension: string): string {
  const printable = [...filename].filter((c) => c.charCodeAt(0) >= 0x20).join('');
  const base = printable.replace(/[\\/:*?"<>|]/g, '_').trim() || 'export';
  return base.toLowerCase().endsWith(extension) ? base : `${base}${extension}`;
}

export function saveBase64File(content: string, filename: string, mime = XLSX_MIME, extension = '.xlsx'): void {
  const url = URL.createObjectURL(new Blob([base64ToBytes(content)], { type: mime }));
  const a = document.createElement('a');
  a.href = url;
  a.download = downloadName(filename, extension);
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  // The download has started from the URL by now; give slow browsers a moment before freeing it.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
