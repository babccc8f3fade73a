/**
 * A device's Settings tab (001 §2.3, §4; 002 §2.2): the machine's or the mobile's own cards, then the
 * Safe Search Internet Filter, Web Access Options and Social Media Options sections, each card only
 * when its key is in the device's bool_settings. A switch change resends the other boolean settings.
 * Console Users and Request Admins see it read-only.
 */
import { useId, type ReactNode } from 'react';
import { Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDeviceConfig } from '../api/device-config';
import { ExternalLinkButton } from '../../../components/ExternalLinkButton';
import { MachineActionCards } from '../components/MachineActionCards';
import { MobileActionCards } from '../components/MobileActionCards';
import { SettingCard } from '../components/SettingCard';
import { SettingSwitch } from '../components/SettingSwitch';
import type { SettingsCardsProps } from '../components/settings-props';
import { useConfigToggle } from '../hooks/use-config-toggle';
import { useDevicePage } from '../hooks/use-device-page';
import { safeSearchScheduleUrl } from '../lib/classic-links';
import { visibleSettingSections } from '../lib/settings-cards';

/** A titled group of setting cards, two a row on wide screens. */
function SettingsSection({ title, testId, children }: { title: string; testId?: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId} data-testid={testId}>
      <Title order={2} size="h3" id={headingId}>
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        {children}
      </SimpleGrid>
    </Stack>
  );
}

export const READ_ONLY_TEXT = 'Only a Console Admin can change these settings.';

export default function DeviceSettingsPage() {
  const { kind, id, device, viewer, can } = useDevicePage();
  const query = useDeviceConfig(kind, id);
  const config = query.data;
  const toggle = useConfigToggle(kind, id, config);

  if (query.isError) return <Text>The settings of this device could not be loaded.</Text>;
  if (!config) return <Loader size="sm" aria-label="Loading settings" />;

  const props: SettingsCardsProps = {
    id,
    name: device.name,
    lastOnline: device.last_online,
    config,
    classicBase: viewer.classic_console_url,
    canChange: can.changeSettings,
    onToggle: toggle,
  };
  const sections = visibleSettingSections(config, kind);

  return (
    <Stack gap="lg">
      {!can.changeSettings && (
        <Text size="sm" c="dimmed" data-testid="settings-read-only">
          {READ_ONLY_TEXT}
        </Text>
      )}
      <SettingsSection title="Device Options" testId="device-actions">
        {kind === 'machine' ? <MachineActionCards {...props} /> : <MobileActionCards {...props} />}
      </SettingsSection>
      {sections.map((section) => (
        <SettingsSection key={section.title} title={section.title}>
          {section.cards.map((card) => (
            <SettingCard key={card.key} title={card.title} description={card.description} testId={`card-${card.key}`}>
              {card.schedule && can.changeSettings && (
                <ExternalLinkButton href={safeSearchScheduleUrl(viewer.classic_console_url, id)} label="Schedule" />
              )}
              <SettingSwitch
                label={card.title}
                checked={config.bool_settings.find((s) => s.key === card.key)?.value ?? false}
                disabled={!can.changeSettings}
                onChange={(v) => toggle(card.key, v)}
              />
            </SettingCard>
          ))}
        </SettingsSection>
      ))}
    </Stack>
  );
}
