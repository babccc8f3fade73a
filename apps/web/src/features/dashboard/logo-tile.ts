/** What the dashboard's logo tile says and opens (000 §2.3, §2.6): only a Console Admin may change the logo. */
import { paths } from '../../lib/paths';

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
