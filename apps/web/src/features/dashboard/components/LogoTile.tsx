/**
 * The account logo (000 §2.3). For a Console Admin, the only role that may change the account, the tile
 * opens the logo editor on the account page; everyone else sees the logo, or that there is none yet and
 * who can add it, and the tile opens the account page.
 */
import { Card, Center, Image, Stack, Text } from '@mantine/core';
import { IconPhoto, IconPhotoPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { accountQuery } from '../../../api/account';
import { logoSource, logoTileView } from '../logo-tile';
import classes from './tiles.module.css';

export function LogoTile({ companyName, canEdit }: { companyName: string; canEdit: boolean }) {
  // The account's own call (api/account.ts), read for its logo.
  const logo = useQuery({ ...accountQuery, select: (account) => logoSource(account.logo) });
  const src = logo.data ?? null;
  const view = logoTileView(canEdit, src !== null);
  const Icon = canEdit ? IconPhotoPlus : IconPhoto;
  return (
    <Card component={Link} to={view.to} withBorder padding="md" className={classes.tile} data-testid="logo-tile">
      <Stack gap="xs" h="100%" justify="center">
        <Center mih={100}>
          {src ? (
            <Image src={src} alt={`${companyName} logo`} mah={100} maw="100%" fit="contain" />
          ) : (
            <Icon size={48} stroke={1.25} aria-hidden="true" />
          )}
        </Center>
        <Text size="sm" ta="center" fw={600}>
          {view.title}
        </Text>
        {view.note ? (
          <Text size="xs" ta="center" c="dimmed">
            {view.note}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}
