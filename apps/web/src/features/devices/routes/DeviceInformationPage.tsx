/**
 * A device's Information page (001 §2.2): Product, User, Status and System Information, Device
 * Alerts, and ours: Commands and Timeline; issue 25: a replacement awaiting a decision (first) and,
 * for a Console Admin, a mobile's Console User and Retire (last), while the device is not deactivated.
 */
import { SimpleGrid, Stack } from '@mantine/core';
import { CommandsCard } from '../components/CommandsCard';
import { DeviceAlertsCard } from '../components/DeviceAlertsCard';
import { MobileUserCard } from '../components/MobileUserCard';
import { ProductInformationCard } from '../components/ProductInformationCard';
import { ReplacementCard } from '../components/ReplacementCard';
import { RetireDeviceCard } from '../components/RetireDeviceCard';
import { StatusInformationCard } from '../components/StatusInformationCard';
import { SystemInformationCard } from '../components/SystemInformationCard';
import { TimelineCard } from '../components/TimelineCard';
import { UserInformationCard } from '../components/UserInformationCard';
import { useDevicePage } from '../hooks/use-device-page';

export default function DeviceInformationPage() {
  const page = useDevicePage();
  return (
    <Stack gap="lg">
      {page.device.deactivated_date === null && (
        <ReplacementCard kind={page.kind} id={page.id} canDecide={page.can.changeSettings} />
      )}
      <DeviceAlertsCard kind={page.kind} id={page.id} />
      <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="lg">
        <ProductInformationCard {...page} />
        <StatusInformationCard device={page.device} />
      </SimpleGrid>
      <UserInformationCard device={page.device} />
      {page.kind === 'mobile' && page.can.changeSettings && page.device.deactivated_date === null && (
        <MobileUserCard device={page.device} />
      )}
      <SystemInformationCard device={page.device} />
      <CommandsCard kind={page.kind} id={page.id} />
      <TimelineCard kind={page.kind} id={page.id} />
      {page.can.changeSettings && page.device.deactivated_date === null && (
        <RetireDeviceCard kind={page.kind} id={page.id} name={page.device.name} />
      )}
    </Stack>
  );
}
