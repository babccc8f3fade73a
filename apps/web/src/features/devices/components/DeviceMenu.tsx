/**
 * The device pages' left menu (001 §2.2): Information, Settings, Web Access (Categories, Websites,
 * Media) and Apps: a mobile's own page, a machine's process history in the classic console (a new
 * tab). A deactivated device has its Information page only.
 */
import { NavLink, Text, VisuallyHidden } from '@mantine/core';
import {
  IconApps,
  IconCategory,
  IconExternalLink,
  IconId,
  IconMovie,
  IconSettings,
  IconWorldWww,
} from '@tabler/icons-react';
import type { DeviceKind } from '@wayguard/contracts';
import { MENU_ICON, PageMenuLink } from '../../../components/PageMenuLink';
import { paths } from '../../../lib/paths';
import { NEW_TAB } from '../../../lib/classic-console';
import { processHistoryUrl } from '../lib/classic-links';

type Props = { kind: DeviceKind; id: string; deactivated: boolean; classicBase: string };

export function DeviceMenu({ kind, id, deactivated, classicBase }: Props) {
  return (
    <nav aria-label="Device pages">
      <PageMenuLink to={paths.devices.href(kind, id)} label="Information" icon={<IconId {...MENU_ICON} />} />
      {!deactivated && (
        <>
          <PageMenuLink
            to={paths.devices.href(kind, id, 'settings')}
            label="Settings"
            icon={<IconSettings {...MENU_ICON} />}
          />
          <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pt="sm" pb={4} component="div">
            Web Access
          </Text>
          <PageMenuLink
            to={paths.devices.href(kind, id, 'categories')}
            label="Categories"
            icon={<IconCategory {...MENU_ICON} />}
          />
          <PageMenuLink
            to={paths.devices.href(kind, id, 'websites')}
            label="Websites"
            icon={<IconWorldWww {...MENU_ICON} />}
          />
          <PageMenuLink to={paths.devices.href(kind, id, 'media')} label="Media" icon={<IconMovie {...MENU_ICON} />} />
          {kind === 'mobile' ? (
            <PageMenuLink to={paths.devices.href(kind, id, 'apps')} label="Apps" icon={<IconApps {...MENU_ICON} />} />
          ) : (
            <NavLink
              component="a"
              href={processHistoryUrl(classicBase, id)}
              {...NEW_TAB}
              label={
                <>
                  Apps<VisuallyHidden> (opens in a new tab)</VisuallyHidden>
                </>
              }
              leftSection={<IconApps {...MENU_ICON} />}
              rightSection={<IconExternalLink size={14} aria-hidden="true" />}
            />
          )}
        </>
      )}
    </nav>
  );
}
