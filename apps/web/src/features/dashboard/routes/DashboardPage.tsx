/**
 * Dashboard (000 §2.3): greeting, logo tile, news, pending request counts, device alert counts and
 * user status counts. Counts come from registration info, refetched whenever the dashboard opens.
 */
import { Anchor, Grid, Group, Stack } from '@mantine/core';
import {
  IconAlertCircle,
  IconAlertTriangle,
  IconApps,
  IconMailX,
  IconMovie,
  IconUserCheck,
  IconUserOff,
  IconUserPause,
  IconWorld,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { useRegistrationInfo } from '../../../api/registration-info';
import { usePageTitle } from '../../../lib/page-title';
import { CountTiles } from '../components/CountTile';
import { Greeting } from '../components/Greeting';
import { LogoTile } from '../components/LogoTile';
import { NewsTile } from '../components/NewsTile';
import { TileSection } from '../components/TileSection';
import { ALERT_TILES, FAILED_EMAIL_LINK, REQUEST_TILES, USER_TILES } from '../dashboard-tiles';

const REQUEST_ICONS = [IconWorld, IconWorld, IconMovie, IconMovie, IconApps, IconApps] as const;
/** Critical first, then important (ALERT_TILES' order). */
const ALERT_ICONS = [IconAlertCircle, IconAlertTriangle] as const;
const USER_ICONS = [IconUserPause, IconUserCheck, IconUserOff] as const;

export default function DashboardPage() {
  usePageTitle('Dashboard');
  const info = useRegistrationInfo({ refetchOnMount: true });

  return (
    <Stack gap="xl">
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Greeting fullName={info.user_full_name} email={info.user_email} companyName={info.company_name} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
          <LogoTile companyName={info.company_name} canEdit={info.user_type === 'console_admin'} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
          <NewsTile />
        </Grid.Col>
      </Grid>

      <TileSection title="Pending requests" cols={{ base: 1, sm: 2, lg: 3 }}>
        <CountTiles tiles={REQUEST_TILES} counts={info} icons={REQUEST_ICONS} />
      </TileSection>

      <Grid gap="xl">
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <TileSection title="Device alerts" cols={{ base: 1, sm: 2 }}>
            <CountTiles
              tiles={ALERT_TILES}
              counts={info}
              icons={ALERT_ICONS}
              tone={(t) => (t.key === 'critical_alert_count' ? 'critical' : 'warning')}
            />
          </TileSection>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <TileSection
            title="Users"
            cols={{ base: 1, sm: 3 }}
            footer={
              <Group mt="sm" gap={6}>
                <IconMailX size={18} stroke={1.5} aria-hidden="true" />
                <Anchor component={Link} to={FAILED_EMAIL_LINK} size="sm">
                  Users with failed e-mail delivery
                </Anchor>
              </Group>
            }
          >
            <CountTiles tiles={USER_TILES} counts={info} icons={USER_ICONS} />
          </TileSection>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
