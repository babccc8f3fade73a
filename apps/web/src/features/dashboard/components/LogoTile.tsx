/** The account logo; the tile opens the logo editor on the account page (000 §2.3). */
import { Card, Center, Image, Stack, Text } from '@mantine/core';
import { IconPhotoPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useAccountLogo } from '../api/account-logo';
import classes from './tiles.module.css';

export function LogoTile({ companyName }: { companyName: string }) {
  const logo = useAccountLogo();
  const src = logo.data ?? null;
  return (
    <Card
      component={Link}
      to="/account?add_logo=1"
      withBorder
      padding="md"
      className={classes.tile}
      data-testid="logo-tile"
    >
      <Stack gap="xs" h="100%" justify="center">
        <Center mih={100}>
          {src ? (
            <Image src={src} alt={`${companyName} logo`} mah={100} maw="100%" fit="contain" />
          ) : (
            <IconPhotoPlus size={48} stroke={1.25} aria-hidden="true" />
          )}
        </Center>
        <Text size="sm" ta="center" fw={600}>
          {src ? 'Change your account logo' : 'Add your account logo'}
        </Text>
      </Stack>
    </Card>
  );
}
