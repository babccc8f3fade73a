/**
 * "Copy QR code" (000 §4.1 step 4): puts the QR image and, as text, the setup key on the clipboard, so
 * pasting into an image target gives the code and into a text field gives the key. Falls back to the
 * key alone where the browser cannot write images.
 */
function pngDataUrlToBlob(dataUrl: string): Blob | null {
  const prefix = 'data:image/png;base64,';
  if (!dataUrl.startsWith(prefix)) return null;
  const binary = atob(dataUrl.slice(prefix.length));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: 'image/png' });
}

export async function copyQrCode(qrCode: string | null, setupKey: string | null): Promise<void> {
  const items: Record<string, Blob> = {};
  const image = qrCode ? pngDataUrlToBlob(qrCode) : null;
  if (image) items['image/png'] = image;
  if (setupKey) items['text/plain'] = new Blob([setupKey], { type: 'text/plain' });
  if (Object.keys(items).length > 0 && typeof ClipboardItem !== 'undefined' && navigator.clipboard?.write) {
    try {
      await navigator.clipboard.write([new ClipboardItem(items)]);
      return;
    } catch {
      // Some browsers refuse images; the key alone is still what an authenticator app needs.
    }
  }
  if (!setupKey) throw new Error('Nothing to copy');
  await navigator.clipboard.writeText(setupKey);
}
