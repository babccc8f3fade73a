/**
 * Retire (issue 25): a Console Admin cuts a device off for good, after a confirmation. From that
 * instant its secret is refused, its waiting commands expire and it leaves the devices list; its page
 * and history stay readable (shown as deactivated).
 */
import { useState } from 'react';
import { Button } from '@mantine/core';
import { DEVICE_IDENTITY_MSG, type DeviceKind } from '@wayguard/contracts';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { SectionCard } from '../../../components/SectionCard';
import { useAction } from '../../../lib/use-action';
import { retireDeviceAction } from '../api/device-identity';

export function RetireDeviceCard({ kind, id, name }: { kind: DeviceKind; id: string; name: string }) {
  const [asking, setAsking] = useState(false);
  const retire = useAction({ ...retireDeviceAction, success: DEVICE_IDENTITY_MSG.retired });
  const confirm = async () => {
    const outcome = await retire.run({ id, type: kind });
    if (outcome.ok || outcome.message) setAsking(false);
  };
  return (
    <SectionCard
      title="Retire Device"
      description="Cut this device off: it can no longer call the service. Its history stays."
      testId="retire-device"
    >
      <div>
        <Button variant="outline" color="red" onClick={() => setAsking(true)}>
          Retire device
        </Button>
      </div>
      <ConfirmDialog
        opened={asking}
        title={DEVICE_IDENTITY_MSG.retireTitle}
        confirmLabel="Retire"
        danger
        pending={retire.pending}
        onClose={() => setAsking(false)}
        onConfirm={() => void confirm()}
      >
        <strong>{name}</strong>: {DEVICE_IDENTITY_MSG.retireText}
      </ConfirmDialog>
    </SectionCard>
  );
}
