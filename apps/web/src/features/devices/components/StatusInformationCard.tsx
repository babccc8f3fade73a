/**
 * Status Information (001 §2.2, §3): last online as a relative time (exact time as tooltip), the
 * registration and update times, and whether the device applies the current web-access policy, named
 * by its number (ours, issue 26: 'Version 3 · Applied'). Dates in the browser's time zone (lib/dates).
 */
import { Badge } from '@mantine/core';
import { SectionCard } from '../../../components/SectionCard';
import { TimeText } from '../../../components/list';
import { formatDateTime } from '../../../lib/dates';
import type { DevicePageContext } from '../hooks/use-device-page';
import { NEVER, orMissing, policyStateText, relativeTime } from '../lib/device-labels';
import { ValueRows } from './ValueRows';

const dateOrMissing = (unixSeconds: number) => orMissing(unixSeconds ? formatDateTime(unixSeconds) : '');

export function StatusInformationCard({ device }: Pick<DevicePageContext, 'device'>) {
  const { policy } = device;
  return (
    <SectionCard title="Status Information" testId="status-information">
      <ValueRows
        rows={[
          [
            'Last online',
            device.last_online ? (
              <TimeText unixSeconds={device.last_online}>{relativeTime(device.last_online)}</TimeText>
            ) : (
              NEVER
            ),
          ],
          ['Registered', dateOrMissing(device.registered_date)],
          ['Status updated', dateOrMissing(device.status_updated)],
          ['Details updated', dateOrMissing(device.details_updated)],
          ['Update installed', dateOrMissing(device.update_installed)],
          [
            'Web access policy',
            <Badge
              key="policy"
              variant="dot"
              color={policy.state === 'applied' ? 'green' : 'orange'}
              data-testid="policy-state"
            >
              {policyStateText(policy)}
            </Badge>,
          ],
        ]}
      />
    </SectionCard>
  );
}
