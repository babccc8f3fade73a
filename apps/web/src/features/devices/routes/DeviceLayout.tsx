/**
 * The frame of every device page (/devices/{type}/{id} and its tabs; 001 §2.2): loads the device
 * (cached 5 minutes; a failed load goes back to /devices with an error toast), titles the page
 * 'Device Details for {name}', names the breadcrumb, and shows the left menu. A deactivated device
 * shows when it was deactivated, and its sub-pages go to its own page. The pages below get the device
 * through the outlet context.
 */
import { useEffect } from 'react';
import { Alert, Badge, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { DEVICE_MSG } from '@wayguard/contracts';
import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { useRegistrationInfo } from '../../../api/registration-info';
import { PageLoader } from '../../../components/PageLoader';
import { ApiError } from '../../../lib/api-client';
import { useCrumbLabel } from '../../../lib/crumb-label';
import { formatDateTime } from '../../../lib/dates';
import { usePageTitle } from '../../../lib/page-title';
import { paths } from '../../../lib/paths';
import { toast } from '../../../lib/toast';
import { useDeviceDetails } from '../api/device-details';
import { DeviceMenu } from '../components/DeviceMenu';
import type { DevicePageContext } from '../hooks/use-device-page';
import { DEVICE_KIND_LABELS } from '../lib/device-labels';
import { deviceSubPage } from '../lib/device-route';
import { devicePermissions } from '../lib/permissions';

const DEVICE_HEADING_ID = 'device-heading';

/** Why the page goes back to the list. */
function loadErrorText(error: unknown): string {
  if (error instanceof ApiError && error.status !== 404 && error.message) return error.message;
  return DEVICE_MSG.notFound;
}

export default function DeviceLayout() {
  const route = paths.devices.parse(useParams());
  const viewer = useRegistrationInfo();
  const details = useDeviceDetails(route?.kind ?? 'machine', route?.id ?? '', route !== null);
  const device = details.data;
  const { pathname } = useLocation();
  const failed = route === null || (details.isError && !device);
  useCrumbLabel(device?.name);
  usePageTitle(device ? DEVICE_MSG.detailsTitle(device.name) : 'Device Details');

  useEffect(() => {
    if (failed) toast.error(loadErrorText(details.error));
  }, [failed, details.error]);

  if (failed) return <Navigate to={paths.devices.list.href()} replace />;
  if (!device) return <PageLoader label="Loading device" />;
  const { kind, id } = route;
  const deactivated = device.deactivated_date !== null;
  if (deactivated && deviceSubPage(pathname, kind, id) !== null)
    return <Navigate to={paths.devices.href(kind, id)} replace />;

  const context: DevicePageContext = { device, kind, id, viewer, can: devicePermissions(viewer) };
  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Title order={1} id={DEVICE_HEADING_ID} tabIndex={-1} style={{ overflowWrap: 'anywhere' }}>
          {DEVICE_MSG.detailsTitle(device.name)}
        </Title>
        <Group gap="xs">
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {device.id}
          </Text>
          <Badge variant="outline" color="blue" data-testid="device-kind">
            {DEVICE_KIND_LABELS[kind]}
          </Badge>
          {deactivated && (
            <Badge variant="dot" color="red" data-testid="device-deactivated">
              Deactivated
            </Badge>
          )}
        </Group>
      </Stack>
      {device.deactivated_date !== null && (
        <Alert color="orange" icon={<IconAlertTriangle aria-hidden="true" />} data-testid="deactivated-banner">
          Deactivated on {formatDateTime(device.deactivated_date)}
        </Alert>
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <DeviceMenu kind={kind} id={id} deactivated={deactivated} classicBase={viewer.classic_console_url} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          {/* Keyed by device: a half-done edit or an open dialog never carries over to another device. */}
          <Outlet key={`${kind}-${id}`} context={context} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
