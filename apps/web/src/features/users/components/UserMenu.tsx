/** The user pages' left menu (000 §2.8): Information; Settings unless deactivated; Apps unless deactivated or without devices. */
import { MENU_ICON, PageMenuLink } from '../../../components/PageMenuLink';
import { IconApps, IconId, IconSettings } from '@tabler/icons-react';
import type { UserDetails } from '@wayguard/contracts';
import { userMenuEntries } from '../lib/permissions';
import { paths } from '../../../lib/paths';

export function UserMenu({ user }: { user: UserDetails }) {
  const entries = userMenuEntries(user);
  return (
    <nav aria-label="User pages">
      <PageMenuLink to={paths.users.details.href(user.id)} label="Information" icon={<IconId {...MENU_ICON} />} />
      {entries.settings && (
        <PageMenuLink to={paths.users.settings.href(user.id)} label="Settings" icon={<IconSettings {...MENU_ICON} />} />
      )}
      {entries.apps && (
        <PageMenuLink to={paths.users.apps.href(user.id)} label="Apps" icon={<IconApps {...MENU_ICON} />} />
      )}
    </nav>
  );
}
