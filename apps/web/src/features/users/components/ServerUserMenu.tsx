/**
 * The server user pages' left menu: Information; Settings and Web Access (Websites, Categories, Media)
 * unless the user is deleted (000 §6); Screen Captures with both screen-capture permissions (002 §6).
 */
import type { ReactNode } from 'react';
import { MENU_ICON, PageMenuLink } from '../../../components/PageMenuLink';
import { IconCamera, IconCategory, IconId, IconMovie, IconSettings, IconWorldWww } from '@tabler/icons-react';
import type { RegistrationInfo, ServerUserDetails } from '@wayguard/contracts';
import { menuPages } from '../lib/server-user-permissions';
import { paths, type ServerUserPage } from '../../../lib/paths';

const PAGES: Record<ServerUserPage, { label: string; icon: ReactNode }> = {
  settings: { label: 'Settings', icon: <IconSettings {...MENU_ICON} /> },
  websites: { label: 'Websites', icon: <IconWorldWww {...MENU_ICON} /> },
  categories: { label: 'Categories', icon: <IconCategory {...MENU_ICON} /> },
  media: { label: 'Media', icon: <IconMovie {...MENU_ICON} /> },
  'screen-captures': { label: 'Screen Captures', icon: <IconCamera {...MENU_ICON} /> },
};

type Props = { user: ServerUserDetails; permissions: RegistrationInfo['access_permissions'] };

export function ServerUserMenu({ user, permissions }: Props) {
  return (
    <nav aria-label="User pages">
      <PageMenuLink to={paths.users.serverUser.href(user.id)} label="Information" icon={<IconId {...MENU_ICON} />} />
      {menuPages(user, permissions).map((page) => (
        <PageMenuLink key={page} to={paths.users.serverUser.href(user.id, page)} {...PAGES[page]} />
      ))}
    </nav>
  );
}
