/**
 * The block-request panel (001 §2.6, §4, §5): URL, Reason, Name, Email, 'Remember these details for
 * next time', and where it is blocked (a device, a user, a server connection, or the whole account;
 * the lookups of GET /requests/block). Every change is validated by the contracts' schema; Confirm is
 * enabled only when the form is valid and a target is chosen. Confirm opens 'Block Website
 * Confirmation', which sends the request and closes the panel. A failure is one toast (4000 ms),
 * 'Last action failed' when the server gives no text.
 */
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Drawer.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Radio.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import { useState } from 'react';
import { Button, Checkbox, Drawer, Group, Radio, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import {
  BLOCK_MSG,
  BLOCK_TARGETS,
  BLOCK_TARGET_LABELS,
  EMAIL_MAX,
  REQUEST_MSG,
  REQUEST_REASON_MAX,
  blockForm,
  type BlockForm,
} from '@wayguard/contracts';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useAction } from '../../../lib/use-action';
import { blockAction, useBlockLookups } from '../api/block';
import { blockBody, canConfirmBlock, rememberedNotify, targetOptions } from '../lib/block-form';

type Props = { opened: boolean; onClose: () => void };

/** The panel's frame; the form is mounted while it is open, so each opening starts afresh. */
export function BlockPanel({ opened, onClose }: Props) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="md"
      title="Block Website"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {opened && <BlockFormView onDone={onClose} />}
    </Drawer>
  );
}

function BlockFormView({ onDone }: { onDone: () => void }) {
  const remembered = rememberedNotify.get();
  const form = useForm<BlockForm>({
    mode: 'onChange',
    resolver: zodResolver(blockForm),
    defaultValues: { url: '', reason: '', name: remembered?.name ?? '', email: remembered?.email ?? '' },
  });
  const { errors, isValid } = form.formState;
  const target = useWatch({ control: form.control, name: 'for' });
  const [item, setItem] = useState<string | null>(null);
  const [remember, setRemember] = useState(remembered !== null);
  const [confirming, setConfirming] = useState(false);
  const lookups = useBlockLookups(true);
  const options = targetOptions(target, lookups.data);
  const block = useAction({
    ...blockAction,
    success: REQUEST_MSG.processed,
    refusalText: REQUEST_MSG.lastActionFailed,
  });
  const ready = canConfirmBlock(isValid, target, item, block.pending);

  const send = async () => {
    const values = form.getValues();
    const outcome = await block.run(blockBody(blockForm.parse(values), item), { form });
    if (!outcome.ok) return;
    rememberedNotify.set(remember ? { name: values.name.trim(), email: values.email.trim() } : null);
    setConfirming(false);
    onDone();
  };

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(() => {
        if (ready) setConfirming(true);
      })}
    >
      <Stack gap="sm">
        <TextInput {...form.register('url')} label="URL" required error={errors.url?.message} data-autofocus />
        <Textarea
          {...form.register('reason')}
          label="Reason"
          required
          autosize
          minRows={3}
          maxLength={REQUEST_REASON_MAX}
          error={errors.reason?.message}
        />
        <TextInput {...form.register('name')} label="Name" required error={errors.name?.message} />
        <TextInput
          {...form.register('email')}
          label="Email"
          type="email"
          required
          maxLength={EMAIL_MAX + 10}
          error={errors.email?.message}
        />
        <Checkbox
          label={REQUEST_MSG.rememberDetails}
          checked={remember}
          onChange={(e) => setRemember(e.currentTarget.checked)}
        />
        <Controller
          control={form.control}
          name="for"
          render={({ field, fieldState }) => (
            <Radio.Group
              label="Block for"
              required
              value={field.value ?? null}
              onChange={(v) => {
                setItem(null);
                field.onChange(v);
              }}
              error={
                fieldState.error?.message ??
                (fieldState.isTouched && !field.value ? BLOCK_MSG.targetRequired : undefined)
              }
            >
              <Stack gap={6} mt={4}>
                {BLOCK_TARGETS.map((t) => (
                  <Radio key={t} value={t} label={BLOCK_TARGET_LABELS[t]} onBlur={field.onBlur} />
                ))}
              </Stack>
            </Radio.Group>
          )}
        />
        {target && target !== 'global' && (
          <Select
            label={BLOCK_TARGET_LABELS[target]}
            placeholder={lookups.isPending ? 'Loading…' : 'Choose one'}
            data={groupOptions(options)}
            value={item}
            onChange={setItem}
            searchable
            required
            nothingFoundMessage="Nothing found"
            error={item === null ? BLOCK_MSG.targetMissing : undefined}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        {lookups.isError && (
          <Text size="sm" c="red" role="alert">
            The devices, users and connections could not be loaded.
          </Text>
        )}
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={onDone} disabled={block.pending}>
            Cancel
          </Button>
          <Button type="submit" disabled={!ready}>
            Confirm
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={REQUEST_MSG.blockConfirmTitle}
        confirmLabel="Block"
        danger
        pending={block.pending}
        onClose={() => setConfirming(false)}
        onConfirm={() => void send()}
      >
        Block {form.getValues('url')} for{' '}
        {target === 'global' || !target
          ? BLOCK_TARGET_LABELS.global.toLowerCase()
          : (options.find((o) => o.value === item)?.label ?? '')}
        ?
      </ConfirmDialog>
    </form>
  );
}

function groupOptions(options: ReturnType<typeof targetOptions>) {
  const groups = new Map<string, { value: string; label: string }[]>();
  for (const o of options) groups.set(o.group, [...(groups.get(o.group) ?? []), { value: o.value, label: o.label }]);
  return [...groups].map(([group, items]) => ({ group, items }));
}
