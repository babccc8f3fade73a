/**
 * The device name with its view/edit toggle (001 §2.2, §4, §5): Rename opens the form, Save or
 * Cancel returns to the view. The name is required with at least 3 characters, checked on blur; a
 * saved name shows 'Device name updated' and refreshes the device.
 */
import { useEffect, useState } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { DEVICE_MSG, DEVICE_NAME_MAX, renameDeviceForm, type DeviceKind } from '@wayguard/contracts';
import { useForm } from 'react-hook-form';
import { EditForm } from '../../../components/EditForm';
import { useAction } from '../../../lib/use-action';
import { renameDeviceAction } from '../api/rename-device';

type Props = { kind: DeviceKind; id: string; name: string; canRename: boolean };

export function DeviceNameField({ kind, id, name, canRename }: Props) {
  const [editing, setEditing] = useState(false);
  if (!editing)
    return (
      <Group gap="sm" wrap="wrap" justify="space-between">
        <span style={{ overflowWrap: 'anywhere' }} data-testid="device-name">
          {name}
        </span>
        {canRename && (
          <Button
            variant="light"
            size="compact-sm"
            style={{ flexShrink: 0 }}
            onClick={() => setEditing(true)}
            aria-label="Rename device"
          >
            Rename
          </Button>
        )}
      </Group>
    );
  return <RenameForm kind={kind} id={id} name={name} onDone={() => setEditing(false)} />;
}

function RenameForm({ kind, id, name, onDone }: Omit<Props, 'canRename'> & { onDone: () => void }) {
  const rename = useAction({ ...renameDeviceAction, success: DEVICE_MSG.nameUpdated });
  const form = useForm<{ name: string }>({
    mode: 'onBlur',
    resolver: zodResolver(renameDeviceForm),
    defaultValues: { name },
  });
  const { errors, isDirty } = form.formState;
  const { setFocus } = form;
  // The field takes the focus when the form opens: the Rename button it replaces is gone.
  useEffect(() => setFocus('name'), [setFocus]);

  const onSubmit = form.handleSubmit(async (values) => {
    const outcome = await rename.run({ id, type: kind, name: values.name.trim() }, { form });
    if (outcome.ok) onDone();
  });

  return (
    <EditForm
      label="Rename device"
      onSubmit={onSubmit}
      onCancel={onDone}
      canSave={isDirty && !errors.name}
      saving={rename.pending}
    >
      <TextInput
        {...form.register('name')}
        label="Device name"
        required
        maxLength={DEVICE_NAME_MAX}
        error={errors.name?.message}
      />
    </EditForm>
  );
}
