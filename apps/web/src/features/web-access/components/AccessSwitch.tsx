/**
 * A row's access (002 §3, §4.3): the Allowed/Blocked switch showing what applies to the node now,
 * with its state in words (not colour alone), 'Inherited' when the node has no rule of its own, the
 * rule's end, and why (the row's explanation, always shown as text so it is read and reachable
 * without a pointer). A provider-locked row's switch is disabled.
 */
import { Badge, Group, Stack, Switch, Text } from '@mantine/core';
import { formatDateTime } from '../../../lib/dates';
import { ACCESS_LABELS, INHERITED_HINT, explanation, ruleOfSwitch, type AccessRow } from '../lib/access';
import switchContrast from '../../../components/ContrastSwitch.module.css';
import classes from './AccessSwitch.module.css';

const switchClasses = { input: switchContrast.input, track: switchContrast.track };

type Props = {
  row: AccessRow;
  /** The row's name, for the switch's accessible name. */
  name: string;
  canChange: boolean;
  pending: boolean;
  onChange: (rule: 'allow' | 'block') => void;
};

export function AccessSwitch({ row, name, canChange, pending, onChange }: Props) {
  const why = explanation(row);
  const expires = row.expires_at ? Date.parse(row.expires_at) : NaN;
  return (
    <Stack gap={4} className={classes.cell}>
      <Group gap="xs" wrap="nowrap">
        <Switch
          aria-label={`Access to ${name}`}
          checked={row.access === 'ALLOW'}
          // Not disabled while its change is on its way: a disabled switch would lose the keyboard focus.
          disabled={!canChange || row.locked}
          aria-busy={pending || undefined}
          classNames={switchClasses}
          size="md"
          onChange={(e) => {
            if (!pending) onChange(ruleOfSwitch(e.currentTarget.checked));
          }}
        />
        <Text size="sm" fw={600} data-testid="access-state">
          {ACCESS_LABELS[row.access]}
        </Text>
        {row.own_access === 'INHERIT' && (
          <Badge size="sm" variant="outline" color="gray" data-testid="inherited-hint">
            {INHERITED_HINT}
          </Badge>
        )}
        {row.locked && (
          <Badge size="sm" variant="outline" color="red">
            Locked
          </Badge>
        )}
      </Group>
      {Number.isFinite(expires) && (
        <Text size="xs" c="dimmed">
          Until {formatDateTime(Math.floor(expires / 1000))}
        </Text>
      )}
      {why && (
        <Text size="xs" c="dimmed" data-testid="access-why">
          {why}
        </Text>
      )}
    </Stack>
  );
}
