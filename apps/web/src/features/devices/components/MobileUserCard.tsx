/**
 * Console user of a mobile (issue 25): a Console Admin links the mobile to a console user of the
 * account, or unlinks it; its policy and apps then follow that user. The mobile itself never chooses.
 */
import { useState } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { DEVICE_IDENTITY_MSG, type DeviceDetails } from '@wayguard/contracts';
import { ConsoleUserSelect } from '../../../components/ConsoleUserSelect';
import { SectionCard } from '../../../components/SectionCard';
import { useAction } from '../../../lib/use-action';
import { linkMobileUserAction } from '../api/device-identity';

export function MobileUserCard({ device }: { device: DeviceDetails }) {
  const linked = device.user?.type === 'user' ? device.user : null;
  const [chosen, setChosen] = useState<number | null>(linked?.id ?? null);
  const link = useAction({ ...linkMobileUserAction, success: DEVICE_IDENTITY_MSG.userLinked });
  const unchanged = chosen === (linked?.id ?? null);
  return (
    <SectionCard
      title="Console User"
      description="The console user this mobile is lent to: its rules and apps follow the user."
      testId="mobile-console-user"
    >
      <Stack gap="sm">
        <ConsoleUserSelect
          label="Lent to"
          value={chosen}
          valueName={linked?.name ?? null}
          onChange={setChosen}
          disabled={link.pending}
        />
        <Group gap="sm">
          <Button
            loading={link.pending}
            disabled={unchanged}
            onClick={() => void link.run({ id: device.id, user_id: chosen })}
          >
            Save console user
          </Button>
        </Group>
      </Stack>
    </SectionCard>
  );
}
