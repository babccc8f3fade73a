/**
 * Logo files the editor accepts (000 §5): jpeg, png, gif, bmp or webp, judged by the file's type,
 * or by its extension when the browser gives no type. Anything else, or a file that does not decode
 * as an image, gets 'Please select a valid image file.'. The server checks the uploaded bytes again.
 */
import { LOGO_FILE_TYPES, LOGO_SIZE } from '@wayguard/contracts';
import { cropPlacement, type LogoView } from './logo-geometry';

const EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'bmp', 'webp'] as const;

/** The file input's accept list: the types and their extensions. */
export const LOGO_ACCEPT = [...LOGO_FILE_TYPES, ...EXTENSIONS.map((e) => `.${e}`)].join(',');

export function isLogoFile(file: Pick<File, 'name' | 'type'>): boolean {
  if (file.type) return (LOGO_FILE_TYPES as readonly string[]).includes(file.type.toLowerCase());
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  return file.name.includes('.') && (EXTENSIONS as readonly string[]).includes(ext);
}

/** The decoded image, or null when the browser cannot decode the file. */
export async function decodeLogo(file: Blob): Promise<ImageBitmap | null> {
  try {
    return await createImageBitmap(file);
  } catch {
    return null;
  }
}

/** The crop area as a 500x100 PNG, base64 without the data-URL prefix. */
export function cropToPng(image: CanvasImageSource & { width: number; height: number }, view: LogoView): string {
  const canvas = document.createElement('canvas');
  canvas.width = LOGO_SIZE.width;
  canvas.height = LOGO_SIZE.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('Canvas is not available');
  ctx.imageSmoothingQuality = 'high';
  const p = cropPlacement(view, image);
  ctx.drawImage(image, p.x, p.y, p.width, p.height);
  return canvas.toDataURL('image/png').replace(/^data:[^,]*,/, '');
}

/** The stored logo (base64 PNG, or a data URL) as an <img> source. */
export function logoSource(logo: { data: string } | null): string | null {
  if (!logo?.data) return null;
  return logo.data.startsWith('data:') ? logo.data : `data:image/png;base64,${logo.data}`;
}
