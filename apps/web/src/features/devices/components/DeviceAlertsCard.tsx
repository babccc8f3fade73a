/**
 * Device Alerts (001 §2.2, §4): machines sort their alerts into Internet, Tamper and Validation tabs,
 * mobiles show one tab; the first tab with alerts opens first and the card says when the device is
 * critical. 'No alerts' when there are none.
 */
import { Badge, Group, Loader, Stack, Tabs, Text } from '@mantine/core';
import { aggregateAlerts, type AlertTabKey, type DeviceAlert } from '@wayguard/contracts';
import { useState } from 'react';
import { SectionCard } from '../../../components/SectionCard';
import { useDeviceAlerts } from '../api/device-alerts';
import type { DevicePageContext } from '../hooks/use-device-page';
import { ALERT_GROUP_LABELS, alertColor } from '../lib/alert-labels';

export const NO_ALERTS = 'No alerts';

function AlertItem({ alert }: { alert: DeviceAlert }) {
  return (
    <Stack gap={2} component="li">
      <Group gap="xs">
        <Badge size="sm" variant="dot" color={alertColor(alert)}>
          {ALERT_GROUP_LABELS[alert.group_id]}
        </Badge>
        <Text size="sm" fw={600}>
          {alert.title}
        </Text>
        <Text size="xs" c="dimmed">
          Code {alert.code}
        </Text>
      </Group>
      {alert.description && <Text size="sm">{alert.description}</Text>}
    </Stack>
  );
}

export function DeviceAlertsCard({ kind, id }: Pick<DevicePageContext, 'kind' | 'id'>) {
  const query = useDeviceAlerts(kind, id);
  const aggregation = query.data ? aggregateAlerts(kind, query.data.alerts) : null;
  const [chosen, setChosen] = useState<AlertTabKey | null>(null);
  const tab = chosen ?? aggregation?.initialTab ?? aggregation?.tabs[0]?.key ?? null;

  return (
    <SectionCard
      title="Device Alerts"
      testId="device-alerts"
      busy={query.isFetching}
      action={
        aggregation?.critical ? (
          <Badge color="red" variant="filled" data-testid="alerts-critical">
            Critical
          </Badge>
        ) : undefined
      }
    >
      {query.isError ? (
        <Text size="sm">The alerts could not be loaded.</Text>
      ) : !aggregation ? (
        <Loader size="sm" aria-label="Loading alerts" />
      ) : aggregation.total === 0 ? (
        <Text size="sm">{NO_ALERTS}</Text>
      ) : (
        <Tabs value={tab} onChange={(v) => setChosen(v as AlertTabKey)} keepMounted={false}>
          <Tabs.List>
            {aggregation.tabs.map((t) => (
              <Tabs.Tab key={t.key} value={t.key}>
                {t.label} ({t.alerts.length})
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {aggregation.tabs.map((t) => (
            <Tabs.Panel key={t.key} value={t.key} pt="sm">
              {t.alerts.length === 0 ? (
                <Text size="sm">{NO_ALERTS}</Text>
              ) : (
                <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                  {t.alerts.map((a) => (
                    <AlertItem key={`${a.code}-${a.title}`} alert={a} />
                  ))}
                </Stack>
              )}
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
    </SectionCard>
  );
}
