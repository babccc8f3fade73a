/** What the dashboard's logo tile shows and opens (000 §2.3, §2.6): the logo as an image source, and what the tile says (only a Console Admin may change the logo). */
import type { AccountResponse } from '@wayguard/contracts';
import { paths } from '../../lib/paths';

const MIME_BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  bmp: 'image/bmp',
  webp: 'image/webp',
};

/** The logo as an <img> source: a data URL as stored, or base64 data typed by its file name. */
export function logoSource(logo: AccountResponse['logo'] | undefined): string | null {
  if (!logo?.data) return null;
  if (logo.data.startsWith('data:')) return logo.data;
  const ext = logo.filename.split('.').pop()?.toLowerCase() ?? '';
  return `data:${MIME_BY_EXTENSION[ext] ?? 'image/png'};base64,${logo.data}`;
}

export type LogoTileView = { to: string; title: string; note: string | null };

export function logoTileView(canEdit: boolean, hasLogo: boolean): LogoTileView {
  if (canEdit)
    return {
      to: paths.account.href({ addLogo: true }),
      title: hasLogo ? 'Change your account logo' : 'Add your account logo',
      note: null,
    };
  return hasLogo
    ? { to: paths.account.href(), title: 'Your account logo', note: null }
    : { to: paths.account.href(), title: 'No account logo yet', note: 'A Console Admin can add one.' };
}
