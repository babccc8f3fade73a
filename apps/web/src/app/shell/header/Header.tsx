/** The shell's header: rail toggle (small screens), product name, breadcrumbs, scheme toggle, profile. */
import { Burger, Group } from '@mantine/core';
import type { RegistrationInfo } from '@wayguard/contracts';
import { AppBreadcrumbs } from './AppBreadcrumbs';
import { ColorSchemeToggle } from './ColorSchemeToggle';
import { ProductHomeLink } from './ProductHomeLink';
import { ProfileMenu } from './ProfileMenu';

type Props = { info: RegistrationInfo; navOpened: boolean; onToggleNav: () => void; navId: string };

export function Header({ info, navOpened, onToggleNav, navId }: Props) {
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="md">
      <Group wrap="nowrap" gap="md" miw={0}>
        <Burger
          opened={navOpened}
          onClick={onToggleNav}
          hiddenFrom="sm"
          size="sm"
          aria-label="Toggle navigation"
          aria-expanded={navOpened}
          aria-controls={navId}
        />
        <ProductHomeLink />
        <Group visibleFrom="sm" miw={0}>
          <AppBreadcrumbs />
        </Group>
      </Group>
      <Group wrap="nowrap" gap="sm">
        <ColorSchemeToggle />
        <ProfileMenu info={info} />
      </Group>
    </Group>
  );
}
