/**
 * The weekly schedule editor of a rule at this node (issue 10; docs/design/policy.md 'Rules'): Allowed or
 * Blocked during the windows; windows by day, from and to (an end before the start runs past
 * midnight); Save sends the rule with its schedule, 'Remove schedule' the same rule without one. The
 * contract's schema checks the windows here as on the server; the server's refusal shows inline.
 */
import { useState } from 'react';
import { ActionIcon, Alert, Button, Group, Modal, NativeSelect, Radio, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useAction } from '../../../lib/use-action';
import { setAccessAction } from '../api/set-access';
import { ACCESS_TOASTS, type AccessRow } from '../lib/access';
import type { WebAccessNode } from '../lib/node';
import {
  DAY_NAMES,
  canAddWindow,
  checkSchedule,
  initialScheduleRule,
  keptExpiry,
  newWindow,
  toDraft,
  type ScheduleErrors,
  type WindowDraft,
} from '../lib/schedule-edit';
import type { AccessSubject } from '../hooks/use-access-changes';

export type ScheduleTarget = { subject: AccessSubject; row: AccessRow };

type Props = { node: WebAccessNode; target: ScheduleTarget | null; canChange: boolean; onClose: () => void };

export function ScheduleModal({ node, target, canChange, onClose }: Props) {
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={target ? `Schedule for ${target.subject.name}` : 'Schedule'}
      closeButtonProps={{ 'aria-label': 'Close' }}
      size="lg"
    >
      {/* Keyed: every opening starts from the row as it is. */}
      {target && (
        <ScheduleForm
          key={`${target.subject.field}:${target.subject.id}`}
          node={node}
          target={target}
          canChange={canChange}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

const DAY_OPTIONS = DAY_NAMES.map((label, value) => ({ value: String(value), label }));

function ScheduleForm({ node, target, canChange, onClose }: Props & { target: ScheduleTarget }) {
  const { subject, row } = target;
  const [rule, setRule] = useState(() => initialScheduleRule(row));
  const [windows, setWindows] = useState<WindowDraft[]>(() =>
    row.schedule ? row.schedule.windows.map(toDraft) : [newWindow([])],
  );
  const [errors, setErrors] = useState<ScheduleErrors>({ windows: {} });
  const [serverError, setServerError] = useState<string | null>(null);
  const action = useAction({ ...setAccessAction, errors: 'inline', success: (_, v) => ACCESS_TOASTS[v.rule] });
  const readOnly = !canChange;

  const base = { node_id: node.id, node_type: node.type, [subject.field]: subject.id };
  const update = (i: number, patch: Partial<WindowDraft>) =>
    setWindows((ws) => ws.map((w, j) => (j === i ? { ...w, ...patch } : w)));

  const save = async () => {
    setServerError(null);
    const checked = checkSchedule(windows);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({ windows: {} });
    const outcome = await action.run({
      ...base,
      rule,
      schedule: checked.schedule,
      expires_at: keptExpiry(row.expires_at),
    });
    if (outcome.ok) onClose();
    else setServerError(outcome.message);
  };

  const removeSchedule = async () => {
    setServerError(null);
    const own = row.own_access === 'BLOCK' ? 'block' : 'allow';
    const outcome = await action.run({ ...base, rule: own, schedule: null, expires_at: keptExpiry(row.expires_at) });
    if (outcome.ok) onClose();
    else setServerError(outcome.message);
  };

  return (
    <Stack gap="md">
      <Radio.Group
        label="During these times the rule is"
        value={rule}
        onChange={(v) => setRule(v === 'block' ? 'block' : 'allow')}
      >
        <Group gap="lg" mt={6}>
          <Radio value="allow" label="Allowed" disabled={readOnly} />
          <Radio value="block" label="Blocked" disabled={readOnly} />
        </Group>
      </Radio.Group>
      <Text size="sm" c="dimmed">
        Outside the windows the rule does not apply: what is set above this{' '}
        {node.type === 'server_user' ? 'user' : 'device'} decides. A window that ends before it starts runs past
        midnight into the next day.
      </Text>

      <Stack gap="sm" role="list" aria-label="Time windows">
        {windows.map((w, i) => (
          <Group key={i} gap="sm" align="flex-start" wrap="wrap" role="listitem">
            <NativeSelect
              label="Day"
              data={DAY_OPTIONS}
              value={String(w.day)}
              disabled={readOnly}
              onChange={(e) => update(i, { day: Number(e.currentTarget.value) })}
              aria-label={`Day of window ${i + 1}`}
            />
            <TextInput
              type="time"
              label="From"
              aria-label={`From, window ${i + 1}`}
              value={w.from}
              disabled={readOnly}
              onChange={(e) => update(i, { from: e.currentTarget.value })}
              error={errors.windows[i]}
            />
            <TextInput
              type="time"
              label="To"
              aria-label={`To, window ${i + 1}`}
              value={w.to}
              disabled={readOnly}
              onChange={(e) => update(i, { to: e.currentTarget.value })}
            />
            {!readOnly && (
              <ActionIcon
                variant="subtle"
                color="red"
                mt={26}
                aria-label={`Remove window ${i + 1}`}
                onClick={() => setWindows((ws) => ws.filter((_, j) => j !== i))}
              >
                <IconTrash size={16} aria-hidden="true" />
              </ActionIcon>
            )}
          </Group>
        ))}
      </Stack>
      {!readOnly && (
        <Group>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconPlus size={14} aria-hidden="true" />}
            disabled={!canAddWindow(windows)}
            onClick={() => setWindows((ws) => [...ws, newWindow(ws)])}
          >
            Add window
          </Button>
        </Group>
      )}
      {(errors.form ?? serverError) && (
        <Alert color="red" role="alert" data-testid="schedule-error">
          {errors.form ?? serverError}
        </Alert>
      )}
      <Group justify="space-between" gap="sm">
        <div>
          {!readOnly && row.scheduled && (
            <Button variant="subtle" color="red" onClick={() => void removeSchedule()} disabled={action.pending}>
              Remove schedule
            </Button>
          )}
        </div>
        <Group gap="sm">
          <Button variant="default" onClick={onClose} disabled={action.pending}>
            Cancel
          </Button>
          {!readOnly && (
            <Button onClick={() => void save()} loading={action.pending}>
              Save
            </Button>
          )}
        </Group>
      </Group>
    </Stack>
  );
}
