/**
 * The block-request panel (001 §2.6, §4, §5): URL, Reason, Name, Email, 'Remember these details for
 * next time', and where it is blocked (one or more devices, users or server connections, or the whole account;
 * the lookups of GET /requests/block). Every change is validated by the contracts' schema; Confirm is
 * enabled only when the form is valid and a target is chosen. Confirm opens 'Block Website
 * Confirmation', which sends the request (several targets: /requests/block/batch) and closes the
 * panel. A failure is one toast (4000 ms) with the code's sentence, 'Last action failed' when the
 * server gives no text; a batch's refused items one 'N unsuccessful:' toast (lib/block-result.ts).
 */
import { useState } from 'react';
import { Button, Checkbox, Drawer, Group, MultiSelect, Radio, Stack, Text, TextInput, Textarea } from '@mantine/core';
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
import { toast } from '../../../lib/toast';
import { useAction } from '../../../lib/use-action';
import { blockAction, useBlockLookups } from '../api/block';
import { blockBody, canConfirmBlock, rememberedNotify, targetOptions } from '../lib/block-form';
import { blockToasts } from '../lib/block-result';
import { RESULT_TOAST } from '../lib/result-toasts';

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
  const [items, setItems] = useState<string[]>([]);
  const [remember, setRemember] = useState(remembered !== null);
  const [confirming, setConfirming] = useState(false);
  const lookups = useBlockLookups(true);
  const options = targetOptions(target, lookups.data);
  const block = useAction({
    ...blockAction,
    // A batch's items refused next to items blocked: one 'N unsuccessful:' toast besides the success.
    success: (answer) => blockToasts(answer).success,
    onSuccess: (answer) => {
      const failure = blockToasts(answer).failure;
      if (failure) toast.error(failure, RESULT_TOAST);
    },
    refusalText: REQUEST_MSG.lastActionFailed,
  });
  const ready = canConfirmBlock(isValid, target, items, block.pending);

  const send = async () => {
    const values = form.getValues();
    const outcome = await block.run(blockBody(blockForm.parse(values), items), { form });
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
                setItems([]);
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
          <MultiSelect
            label={BLOCK_TARGET_LABELS[target]}
            placeholder={lookups.isPending ? 'Loading…' : items.length === 0 ? 'Choose one or more' : undefined}
            data={groupOptions(options)}
            value={items}
            onChange={setItems}
            searchable
            clearable
            hidePickedOptions
            required
            nothingFoundMessage="Nothing found"
            error={items.length === 0 ? BLOCK_MSG.targetMissing : undefined}
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
        {target === 'global' || !target ? BLOCK_TARGET_LABELS.global.toLowerCase() : chosenLabels(options, items)}?
      </ConfirmDialog>
    </form>
  );
}

/** 'PC 1, PC 2 and Tablet 3'. */
function chosenLabels(options: ReturnType<typeof targetOptions>, items: readonly string[]): string {
  const labels = items.map((i) => options.find((o) => o.value === i)?.label ?? i);
  return labels.length <= 1 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;
}

function groupOptions(options: ReturnType<typeof targetOptions>) {
  const groups = new Map<string, { value: string; label: string }[]>();
  for (const o of options) groups.set(o.group, [...(groups.get(o.group) ?? []), { value: o.value, label: o.label }]);
  return [...groups].map(([group, items]) => ({ group, items }));
}
