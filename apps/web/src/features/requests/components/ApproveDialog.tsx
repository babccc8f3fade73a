/**
 * The approval dialog (001 §2.5 modals; §4, §5): how long the approval lasts (permanent by default;
 * ours), and what the chosen option needs: a website group (search, case-sensitive substring of the
 * name; a group must be chosen) or devices (at least one, with the chips All, Machine, Mobile). Approve
 * is enabled only when that is complete and nothing is processing; a picker's error ('Please choose a
 * website group', 'Please select at least one device') shows only once the picker was left or Approve
 * was tried (never on opening). 30 skeleton rows while loading.
 */
import { useState, type FocusEvent } from 'react';
import {
  Button,
  Checkbox,
  Chip,
  Group,
  Radio,
  ScrollArea,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import dayjs from 'dayjs';
import {
  REQUEST_MSG,
  filterWebsiteGroups,
  type ApprovalExpiry,
  type ApproveOption,
  type RequestItem,
} from '@wayguard/contracts';
import { useBlockLookups } from '../api/block';
import { useWebsiteGroups } from '../api/website-groups';
import { ImpactPreview } from './ImpactPreview';
import { DEFAULT_EXPIRY, EXPIRY_CHOICES, canApprove, expiryValue, type ExpiryChoice } from '../lib/approve-form';
import { impactRequestFor } from '../lib/impact';
import { DEVICE_CHIPS, MODAL_SKELETON_ROWS, deviceKey, devicesOfKind, type DeviceChip } from '../lib/devices';
import { BusyModal } from '../../../components/BusyModal';

export type ApproveChoice = {
  expires?: ApprovalExpiry;
  group_id?: number;
  devices?: { id: string; type: 'machine' | 'mobile' }[];
};

type Props = {
  title: string;
  option: ApproveOption;
  /** What is approved, e.g. 'example.com' or '3 requests'. */
  subject: string;
  /** The rows approved: the impact preview's subjects. */
  rows: readonly RequestItem[];
  /** Approvals that end (pending and denied rows); 'allow for other devices' has none. */
  withExpiry: boolean;
  /** Focus starts on Approve (a keyboard shortcut opened the dialog). */
  focusApprove?: boolean;
  pending: boolean;
  onClose: () => void;
  onConfirm: (choice: ApproveChoice) => void;
};

/** Mounted while open: its state starts afresh each time. */
export function ApproveDialog({
  title,
  option,
  subject,
  rows,
  withExpiry,
  focusApprove = false,
  pending,
  onClose,
  onConfirm,
}: Props) {
  const [expiry, setExpiry] = useState<ExpiryChoice>(DEFAULT_EXPIRY);
  const [day, setDay] = useState<string | null>(null);
  const [groupId, setGroupId] = useState<number | null>(null);
  const [devices, setDevices] = useState<string[]>([]);
  // A picker's error shows once it was left or Approve was tried, never on opening.
  const [tried, setTried] = useState(false);
  const draft = { option, expiry: withExpiry ? expiry : DEFAULT_EXPIRY, day, groupId, devices };
  const ready = canApprove(draft) && !pending;
  const lookups = useBlockLookups(option.needs === 'devices');
  const allDevices = [...(lookups.data?.machines ?? []), ...(lookups.data?.mobiles ?? [])];

  const chosenDevices = allDevices
    .filter((d) => devices.includes(deviceKey(d)))
    .map((d) => ({ id: d.id, type: d.type }));

  const confirm = () => {
    setTried(true);
    if (!ready) return;
    const expires = withExpiry ? (expiryValue(expiry, day) ?? undefined) : undefined;
    onConfirm({
      ...(expires !== undefined ? { expires } : {}),
      ...(option.needs === 'group' && groupId !== null ? { group_id: groupId } : {}),
      ...(option.needs === 'devices' ? { devices: chosenDevices } : {}),
    });
  };

  return (
    <BusyModal opened pending={pending} onClose={onClose} title={title} size="lg">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          confirm();
        }}
      >
        <Stack gap="md">
          <Text size="sm">
            {option.label.replace(/\.\.\.$/, '')}: <strong style={{ overflowWrap: 'anywhere' }}>{subject}</strong>
          </Text>
          {option.needs === 'group' && <GroupPicker value={groupId} onChange={setGroupId} tried={tried} />}
          {option.needs === 'devices' && (
            <DevicePicker
              loading={lookups.isPending}
              failed={lookups.isError}
              devices={allDevices}
              value={devices}
              onChange={setDevices}
              tried={tried}
            />
          )}
          <ImpactPreview request={impactRequestFor(option, rows, groupId, chosenDevices)} />
          {withExpiry && (
            <Group gap="sm" align="flex-end" wrap="wrap">
              <Select
                label="Approved until"
                data={EXPIRY_CHOICES}
                value={expiry}
                onChange={(v) => v && setExpiry(v as ExpiryChoice)}
                allowDeselect={false}
                w={200}
                comboboxProps={{ withinPortal: true }}
                data-autofocus={option.needs || focusApprove ? undefined : true}
              />
              {expiry === 'date' && (
                <DatePickerInput
                  label="Date"
                  placeholder="YYYY/MM/DD"
                  valueFormat="YYYY/MM/DD"
                  minDate={dayjs().format('YYYY-MM-DD')}
                  value={day}
                  onChange={(v) => setDay(v)}
                  required
                  w={180}
                  popoverProps={{ withinPortal: true }}
                />
              )}
            </Group>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" disabled={!ready} loading={pending} data-autofocus={focusApprove || undefined}>
              Approve
            </Button>
          </Group>
        </Stack>
      </form>
    </BusyModal>
  );
}

function Loading({ label }: { label: string }) {
  return (
    <Stack gap={6} aria-busy="true" aria-label={label}>
      {Array.from({ length: MODAL_SKELETON_ROWS }, (_, i) => (
        <Skeleton key={i} height={10} radius="sm" />
      ))}
    </Stack>
  );
}

/** Calls `onLeave` when focus leaves the element and its children (a picker was touched). */
const leaving = (onLeave: () => void) => (e: FocusEvent<HTMLElement>) => {
  if (!e.currentTarget.contains(e.relatedTarget as Node | null)) onLeave();
};

function GroupPicker({
  value,
  onChange,
  tried,
}: {
  value: number | null;
  onChange: (id: number) => void;
  tried: boolean;
}) {
  const [search, setSearch] = useState('');
  const [touched, setTouched] = useState(false);
  const groups = useWebsiteGroups(true);
  const shown = filterWebsiteGroups(groups.data?.groups ?? [], search);
  return (
    <Stack gap="xs">
      <TextInput
        label="Search website groups"
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        data-autofocus
      />
      {groups.isPending ? (
        <Loading label="Loading the website groups" />
      ) : groups.isError ? (
        <Text size="sm" c="red" role="alert">
          The website groups could not be loaded.
        </Text>
      ) : (
        <ScrollArea.Autosize mah={260} type="auto" onBlur={leaving(() => setTouched(true))}>
          <Radio.Group
            label="Website group"
            value={value === null ? null : String(value)}
            onChange={(v) => onChange(Number(v))}
            error={value === null && (touched || tried) ? REQUEST_MSG.noGroupChosen : undefined}
          >
            <Stack gap={6} mt={4}>
              {shown.length === 0 ? (
                <Text size="sm">No website groups found</Text>
              ) : (
                shown.map((g) => <Radio key={g.id} value={String(g.id)} label={g.name} />)
              )}
            </Stack>
          </Radio.Group>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}

function DevicePicker({
  loading,
  failed,
  devices,
  value,
  onChange,
  tried,
}: {
  loading: boolean;
  failed: boolean;
  devices: { id: string; name: string; type: 'machine' | 'mobile' }[];
  value: string[];
  onChange: (keys: string[]) => void;
  tried: boolean;
}) {
  const [chip, setChip] = useState<DeviceChip>('all');
  const [touched, setTouched] = useState(false);
  const shown = devicesOfKind(devices, chip);
  return (
    <Stack gap="xs">
      <Chip.Group multiple={false} value={chip} onChange={(v) => setChip(v as DeviceChip)}>
        <Group gap="xs" role="group" aria-label="Device type">
          {DEVICE_CHIPS.map((c) => (
            <Chip key={c.key} value={c.key} size="sm">
              {c.label}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      {loading ? (
        <Loading label="Loading the devices" />
      ) : failed ? (
        <Text size="sm" c="red" role="alert">
          The devices could not be loaded.
        </Text>
      ) : (
        <ScrollArea.Autosize mah={260} type="auto" onBlur={leaving(() => setTouched(true))}>
          <Checkbox.Group
            label="Devices"
            value={value}
            onChange={(keys) => {
              setTouched(true);
              onChange(keys);
            }}
            error={value.length === 0 && (touched || tried) ? REQUEST_MSG.noDevicesSelected : undefined}
          >
            <Stack gap={6} mt={4}>
              {shown.length === 0 ? (
                <Text size="sm">{REQUEST_MSG.noDevices}</Text>
              ) : (
                shown.map((d) => <Checkbox key={deviceKey(d)} value={deviceKey(d)} label={d.name || d.id} />)
              )}
            </Stack>
          </Checkbox.Group>
        </ScrollArea.Autosize>
      )}
      <Text size="sm" c="dimmed" role="status">
        {value.length} selected
      </Text>
    </Stack>
  );
}
