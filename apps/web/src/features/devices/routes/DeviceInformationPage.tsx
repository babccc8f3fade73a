/**
 * A device's Information page (001 §2.2): Product, User, Status and System Information, Device
 * Alerts, and ours: Commands and Timeline.
 */
import { SimpleGrid, Stack } from '@mantine/core';
import { CommandsCard } from '../components/CommandsCard';
import { DeviceAlertsCard } from '../components/DeviceAlertsCard';
import { ProductInformationCard } from '../components/ProductInformationCard';
import { StatusInformationCard } from '../components/StatusInformationCard';
import { SystemInformationCard } from '../components/SystemInformationCard';
import { TimelineCard } from '../components/TimelineCard';
import { UserInformationCard } from '../components/UserInformationCard';
import { useDevicePage } from '../hooks/use-device-page';

export default function DeviceInformationPage() {
  const page = useDevicePage();
  return (
    <Stack gap="lg">
      <DeviceAlertsCard kind={page.kind} id={page.id} />
      <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="lg">
        <ProductInformationCard {...page} />
        <StatusInformationCard device={page.device} />
      </SimpleGrid>
      <UserInformationCard device={page.device} />
      <SystemInformationCard device={page.device} />
      <CommandsCard kind={page.kind} id={page.id} />
      <TimelineCard kind={page.kind} id={page.id} />
    </Stack>
  );
}
